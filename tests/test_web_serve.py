"""``firefight serve``: what it prints and where it listens (uvicorn itself is not started),
and the action form's seam: every verb a ruleset lists is one its action lines read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.declarations import options_of
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset, ruleset_names
from firefight.rulesets.rmu.bite import BITE_WEAPON
from firefight.scene.lines import read_line, write_line
from firefight.web.tokens import SECRET_ENV, Keyring
from firefight.web.views import verbs_view

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SCENES = {"rmu": "warehouse", "cpr": "night-market", "gurps": "dry-gulch", "cards": "cards-alley"}


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def run(app: object, **options: Any) -> None:
        seen.update(options, app=app)

    monkeypatch.setattr("uvicorn.run", run)
    # Not in a test process: its objects would stay set aside from the collector.
    monkeypatch.setattr("firefight.web.serve.settle", lambda: seen.update(settled=True))
    return seen


def test_serve_prints_the_gm_link_and_listens_on_the_loopback(
    started: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = bytes(range(32))
    monkeypatch.setenv(SECRET_ENV, secret.hex())
    result = CliRunner().invoke(app, ["serve", "--store", f"sqlite:///{tmp_path / 's.db'}"])
    assert result.exit_code == 0, result.output
    assert (started["host"], started["port"]) == ("127.0.0.1", 8000)
    assert f"http://127.0.0.1:8000/?token={Keyring(secret).gm_token()}" in result.output
    assert "warning" not in result.output
    assert started["settled"]


def test_settling_loads_every_ruleset_and_sets_the_loaded_aside() -> None:
    """What ``serve`` does before it listens: the full collections of a busy server then skip
    the program's own code and data."""
    import gc

    from firefight.web.serve import settle

    try:
        settle()
        assert gc.get_freeze_count() > 10_000
        for name in ruleset_names():
            assert find_ruleset(name).name == name
    finally:
        gc.unfreeze()


def test_serve_on_every_address_warns(
    started: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SECRET_ENV, raising=False)
    result = CliRunner().invoke(
        app,
        [
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            "8123",
            "--store",
            f"sqlite:///{tmp_path / 's.db'}",
        ],
    )
    assert result.exit_code == 0, result.output
    assert started["host"] == "0.0.0.0" and started["port"] == 8123
    assert "warning: listening on 0.0.0.0" in result.output
    assert f"set {SECRET_ENV}" in result.output


def test_a_bad_secret_is_refused_in_a_sentence(
    started: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SECRET_ENV, "not hex")
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2 and not started
    assert f"{SECRET_ENV} must be at least 32 hex digits" in result.output


@pytest.mark.parametrize(
    ("host", "says"),
    [
        ("", "names no address: 127.0.0.1 keeps the table on this machine"),
        ("  ", "names no address"),
        ("no-such-host.invalid", "'no-such-host.invalid' is no address this machine can find"),
        ("\U0001f4a5", "is no address this machine can find"),
    ],
)
def test_a_host_that_is_no_address_is_refused_before_the_link_is_printed(
    started: dict[str, Any], host: str, says: str
) -> None:
    """A blank --host was served on every network at once, its link printed as http://:8000/;
    a name that does not resolve failed only after the GM's link and token were printed."""
    result = CliRunner().invoke(app, ["serve", "--host", host])
    assert result.exit_code == 2 and not started
    assert "Invalid value for '--host'" in result.output and says in result.output
    assert "token=" not in result.output


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_listed_verb_is_read_by_the_rulesets_parser(name: str) -> None:
    """ENC-ACTION: a verb the form offers is never refused as unknown: at worst its line lacks
    what the verb needs, and the refusal says that."""
    assert name in ruleset_names()
    ruleset = find_ruleset(name)
    state = initial_state(load_scenario(EXAMPLES / f"{SCENES[name]}.toml"))
    actor = state.combatants[0].name
    verbs = ruleset.action_verbs()
    assert verbs, f"{name} lists no verbs for the form"
    for verb in verbs:
        reason = ""
        try:
            ruleset.parse_action(write_line(actor, verb.name), state)
        except RuleRefusal as exc:
            reason = exc.reason
        assert "knows no action" not in reason and "has no option" not in reason, verb.name


@pytest.mark.parametrize("name", ["cpr", "gurps", "rmu"])
def test_dec_773_the_form_says_what_each_verb_and_option_takes(name: str) -> None:
    """DEC-773, DEC-775: every option the action form offers has its help (shown on hover), and
    a verb whose bare line is refused for lacking what follows it has a hint saying what does: a
    GM composing 'all-out attacks' (gurps) or 'bites' (rmu) was told nothing follows it, and
    then that it names nobody."""
    ruleset = find_ruleset(name)
    state = initial_state(load_scenario(EXAMPLES / f"{SCENES[name]}.toml"))
    actor = state.combatants[0].name
    for verb in verbs_view(ruleset):
        bare = [o["flag"] for o in verb["options"] if not o.get("help")]
        assert not bare, f"{verb['verb']}: {bare}"
        reason = ""
        try:
            ruleset.parse_action(write_line(actor, verb["verb"]), state)
        except RuleRefusal as exc:
            reason = exc.reason
        assert verb["words"] or not reason, f"{verb['verb']}: {reason}"


def test_dec_775_rmu_declares_each_verbs_options_and_no_other() -> None:
    """DEC-775: what rmu's form says of its options is declared per verb for the options its
    lines read, no more (help for an option no line reads would offer it to nobody), and its
    choices are the names the line takes."""
    ruleset = find_ruleset("rmu")
    state = initial_state(load_scenario(EXAMPLES / f"{SCENES['rmu']}.toml"))
    for verb in ruleset.action_verbs():
        declared = [o for d in verb.declarations for o in options_of(d)]
        assert sorted(o.flag[2:] for o in declared) == sorted(verb.options), verb.name
        assert all(o.param.line for o in declared), verb.name
    # Each choice offered reads on its verb's line, and a name not offered is refused.
    barrier = state.barriers[0].name
    words = {"shoots": "Viktor", "reloads": "", "dashes": barrier, "attacks": "Viktor"}
    words |= {"stakes": "Viktor", "beheads": "Viktor"}
    offered = [
        (v["verb"], o["flag"], o["choices"])
        for v in verbs_view(ruleset)
        for o in v["options"]
        if o.get("choices") and o["kind"] != "many"
    ]
    assert {verb for verb, _, _ in offered} == set(words)
    # The fangs go in by 'bites' alone: an attack with them is refused (RMU-BITE-2).
    assert all(BITE_WEAPON not in choices for verb, _, choices in offered if verb == "attacks")
    for verb, flag, choices in offered:
        for choice in choices:
            ruleset.parse_action(write_line("Mara", verb, words[verb], {flag: choice}), state)
        with pytest.raises(RuleRefusal):
            ruleset.parse_action(write_line("Mara", verb, words[verb], {flag: "nothing"}), state)


def test_a_written_line_reads_back() -> None:
    from firefight.geometry import Point
    from firefight.scene.state import CombatantState, EncounterState

    people = tuple(
        CombatantState(name=n, position=Point(x_ft=i, y_ft=0))
        for i, n in enumerate(["Big Sal", "O'Neil"])
    )
    scene = EncounterState(title="t", ruleset="x", combatants=people)
    text = write_line(
        "O'Neil",
        "shoots",
        "Big Sal",
        {"aim": "head", "mod": ["-2:smoke", "+1:x y"], "quiet": True, "off": False},
    )
    line = read_line(
        text,
        scene,
        {"shoots": "shoots"},
        {"shoots": {"aim": "str", "mod": "many", "quiet": "flag", "off": "flag"}},
        ruleset="x",
    )
    assert line.actor == "O'Neil" and line.words == ("Big", "Sal")
    assert dict(line.options) == {"aim": ("head",), "mod": ("-2:smoke", "+1:x y"), "quiet": ("",)}
