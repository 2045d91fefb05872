"""Two things a web-table playtest found: a newcomer added like someone hidden from the players
stood in plain sight beside them (DEC-930), and rmu's example line offered a shot of more AP
than the person up had left (DEC-931)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from encounter_support import MemoryStore
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.rulesets import find_ruleset
from firefight.service import EncounterService
from firefight.store import open_store
from firefight.store.table_settings import Tables
from firefight.web.app import Server, create_app
from firefight.web.live import Hub
from firefight.web.reader import ReadingService
from firefight.web.tokens import Keyring

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
KEYS = Keyring(bytes(range(32)))
GM = {"Authorization": f"Bearer {KEYS.gm_token()}"}
MARA = {"Authorization": f"Bearer {KEYS.player_token('raid', 'Mara')}"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = open_store(f"sqlite:///{tmp_path / 'web.db'}")
    server = Server(
        service=ReadingService(store), keys=KEYS, tables=Tables(store), hub=Hub(), examples=EXAMPLES
    )
    with TestClient(create_app(server), raise_server_exceptions=False) as c:
        c.post(
            "/api/encounters",
            json={"name": "raid", "example": "warehouse", "dice": {"seed": 3}},
            headers=GM,
        ).raise_for_status()
        yield c
    store.close()


def gm(client: TestClient, line: str) -> None:
    reply = client.post("/api/encounters/raid/act", json={"line": line}, headers=GM)
    assert reply.status_code == 200, reply.text


def hide(client: TestClient, *names: str) -> None:
    client.put("/api/encounters/raid/table", json={"hidden": list(names)}, headers=GM)


def hidden(client: TestClient) -> list[str]:
    table: dict[str, Any] = client.get("/api/encounters/raid/table", headers=GM).json()
    return list(table["hidden"])


def seen_by_mara(client: TestClient) -> set[str]:
    view = client.get("/api/encounters/raid", headers=MARA).json()
    return {row["name"] for row in view["rows"]}


def test_dec_930_someone_added_like_a_hidden_person_starts_hidden(client: TestClient) -> None:
    """Goon joins beside Viktor (DEC-731): shown, he told the players where Viktor hides."""
    hide(client, "Viktor")
    gm(client, "add Goon like Viktor")
    assert hidden(client) == ["Goon", "Viktor"]
    assert {"Goon", "Viktor"}.isdisjoint(seen_by_mara(client))
    # The GM shows him as anyone else; Viktor stays hidden.
    hide(client, "Viktor")
    assert "Goon" in seen_by_mara(client) and "Viktor" not in seen_by_mara(client)


def test_dec_930_someone_added_like_a_seen_person_is_seen(client: TestClient) -> None:
    hide(client, "Viktor")
    gm(client, "add Goon like Lev at 40,40")
    assert hidden(client) == ["Viktor"]
    assert "Goon" in seen_by_mara(client)


def test_dec_930_a_redone_add_starts_hidden_again(client: TestClient) -> None:
    """Undone, shown meanwhile, and redone: he comes back beside Viktor, so hidden again."""
    hide(client, "Viktor")
    gm(client, "add Goon like Viktor")
    head = client.get("/api/encounters/raid", headers=GM).json()["head"]
    client.post("/api/encounters/raid/undo", json={"expected_head": head}, headers=GM)
    hide(client, "Viktor")
    reply = client.post("/api/encounters/raid/redo", json={}, headers=GM)
    assert reply.status_code == 200, reply.text
    assert hidden(client) == ["Goon", "Viktor"]
    assert "Goon" not in seen_by_mara(client)


@pytest.mark.parametrize(
    ("left", "line"),
    [
        (3, "Mara shoots Viktor --ap 3"),
        (2, "Mara shoots Viktor --ap 2"),
        (1, "Mara shoots Viktor --ap 1"),
    ],
)
def test_dec_931_the_example_shot_fits_the_ap_left(
    client: TestClient, left: int, line: str
) -> None:
    """R-6: a shot takes 1 to 3 AP; with 1 left "--ap 3" was refused (RMU-GEN-1)."""
    gm(client, f"set Mara ap {left}")  # 4 as the round opens
    assert client.get("/api/encounters/raid", headers=MARA).json()["example"] == line
    odds = client.post("/api/encounters/raid/odds", json={"line": line}, headers=GM)
    assert odds.status_code == 200, odds.text


def _ambush() -> tuple[EncounterService, Any]:
    service = EncounterService(MemoryStore())
    scenario = load_scenario(EXAMPLES / "kindred-ambush.toml")
    service.new("f", scenario, Dice.scripted(scenario.opening_rolls or [5] * 40))
    return service, find_ruleset("rmu")


@pytest.mark.parametrize(("left", "tail"), [(4, ""), (3, " --ap 3"), (2, " --ap 2"), (1, None)])
def test_dec_931_an_unarmed_example_fits_the_ap_left_or_is_none(
    left: int, tail: str | None
) -> None:
    """R-6: a bite or a grapple takes 2 to 4 AP, 4 by default: with 1 left none fits, and no
    line is offered rather than one the rules refuse."""
    service, rmu = _ambush()
    unarmed = next(c.name for c in service.state("f").combatants if not c.weapons)
    foe = rmu.example_line(service.state("f"), unarmed)
    assert foe is not None
    at = service.state("f").combatant(foe.split()[-1]).position
    service.gm("f", f"move {unarmed} to {at.x_ft + 3:g},{at.y_ft:g}")  # within reach
    if left < 4:  # 4 as the round opens
        service.gm("f", f"set {unarmed} ap {left}")
    state = service.state("f")
    line = rmu.example_line(state, unarmed)
    if tail is None:
        assert line is None
        return
    assert line is not None and line.endswith(f"{tail}") and "--ap 4" not in line
    rmu.validate(state, rmu.parse_action(line, state))  # refused, it raises
