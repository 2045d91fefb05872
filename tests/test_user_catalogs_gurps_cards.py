"""Your own gurps and cards weapons and armor (issue 17), laid over the shipped rows as rmu's
and cpr's are (GUR-CORE-1's weapon catalog, CRD-WPN-1's master list, CRD-DMG-1's armor): read
by the shipped file's row model, every error naming the user's file and row."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from catalog_support import install
from firefight.cli.app import app
from firefight.errors import TableDataError
from firefight.rulesets.cards.data import cards_data
from firefight.rulesets.gurps.data import DATA, GurpsData

ROOT = Path(__file__).resolve().parents[1]
GURPS = ROOT / "examples" / "my-gurps-catalog.toml"
CARDS = ROOT / "examples" / "my-cards-catalog.toml"


def _forget() -> None:
    cards_data.cache_clear()
    for part in ("weapons", "armor", "ammo"):
        vars(DATA).pop(part, None)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of the test's own; the process's gurps and cards data are read again with
    it, and again after it."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path / "home"))
    _forget()
    yield tmp_path / "home"
    _forget()


def test_gur_core_1_a_user_weapon_and_armor_join_the_gurps_catalog(home: Path) -> None:
    install(home, GURPS.read_text())
    data = GurpsData()
    assert data.weapon("snub-38").shots == 5 and data.armor["biker-leathers"].dr == 2
    assert "revolver-38" in data.weapons  # the rest as shipped
    shipped = GurpsData().weapons["revolver-38"].shots
    install(home, GURPS.read_text().replace('key = "snub-38"', 'key = "revolver-38"'))
    assert GurpsData().weapons["revolver-38"].shots == 5 != shipped  # a shipped key replaced


def test_gur_core_1_a_bad_gurps_row_names_the_file_and_the_row(home: Path) -> None:
    path = install(home, GURPS.read_text().replace("max = 1000\n", ""))
    with pytest.raises(TableDataError) as bad:
        GurpsData().weapons  # noqa: B018
    said = str(bad.value)
    # A check across the row's fields is the row's, not "top level".
    assert said.startswith(f"{path}, weapon 1: ") and "give half_damage and max" in said
    path = install(home, GURPS.read_text().replace("pd = 1", 'pd = "one"'))
    with pytest.raises(TableDataError, match=rf"{path}, armor 1, pd: "):
        GurpsData().armor  # noqa: B018


@pytest.mark.parametrize("damage", ["0d", "1001d-1", "9999d"])
def test_dec_876_a_gurps_row_rolling_no_dice_or_past_the_pool_limit_is_named(
    home: Path, damage: str
) -> None:
    """DEC-876: `damage = "9999d"` was taken, refused at every shot and left `odds gurps
    shoot` running without end; `"0d"` rolled nothing. Each is refused naming the row."""
    path = install(home, GURPS.read_text().replace('damage = "2d-1"', f'damage = "{damage}"'))
    with pytest.raises(TableDataError, match=rf"^{path}, weapon 1: '{damage}' rolls \d+ dice"):
        GurpsData().weapons  # noqa: B018
    install(home, GURPS.read_text().replace('damage = "2d-1"', 'damage = "1000d"'))
    assert GurpsData().weapon("snub-38").damage == "1000d"


def test_crd_wpn_1_a_user_weapon_and_armor_join_the_cards_lists(home: Path) -> None:
    install(home, CARDS.read_text())
    data = cards_data()
    snub = data.weapon("snub-38")
    assert (snub.ammo, snub.damage, snub.level.value) == (5, 2, "Y")
    assert data.armor["biker-leathers"].dr == (1, 2, 2, 0)
    assert "beretta-81" in data.weapons


def test_crd_wpn_1_a_cards_weapon_of_no_range_class_names_the_row(home: Path) -> None:
    """CRD-RNG-1: a weapon reads its ranges from a row of the range table, which must exist."""
    path = install(home, CARDS.read_text().replace('class = "pistol"', 'class = "pistl"'))
    with pytest.raises(TableDataError) as bad:
        cards_data()
    assert str(bad.value).startswith(f"{path}, weapon 1, class: no range row 'pistl'; ")
    assert "did you mean 'pistol'" in str(bad.value)


def test_crd_dmg_1_a_bad_cards_armor_row_names_the_file_and_the_row(home: Path) -> None:
    path = install(home, CARDS.read_text().replace("dr = [1, 2, 2, 0]", "dr = [1, 2]"))
    with pytest.raises(TableDataError, match=rf"{path}, armor 1, dr"):
        cards_data()


def test_catalog_add_list_and_check_take_gurps_and_cards_files(home: Path) -> None:
    runner = CliRunner()
    for example in (GURPS, CARDS):
        added = runner.invoke(app, ["catalog", "add", str(example)])
        assert added.exit_code == 0, added.output
    listed = json.loads(runner.invoke(app, ["catalog", "list", "--json"]).stdout)["rows"]
    found = {(r["ruleset"], r["kind"], r["key"]) for r in listed}
    assert found == {
        ("gurps", "weapon", "snub-38"),
        ("gurps", "armor", "biker-leathers"),
        ("cards", "weapon", "snub-38"),
        ("cards", "armor", "biker-leathers"),
    }
    assert runner.invoke(app, ["catalog", "check"]).exit_code == 0
    bad = home.parent / "bad.toml"
    bad.write_text(CARDS.read_text().replace("ammo = 5", "ammo = 0"))
    refused = runner.invoke(app, ["catalog", "add", str(bad)])
    assert refused.exit_code == 2 and "weapon 1, ammo" in refused.stderr
    assert not (home / "catalogs" / "bad.toml").exists()  # nothing kept
