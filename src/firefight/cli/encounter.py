"""``firefight encounter ...`` and ``firefight play``: run a fight round by round, saved in a
store (the SQLite file in your data folder unless ``--store`` or ``$FIREFIGHT_DATABASE_URL``
names another database).

Interfaces hold no rules: every command here calls :class:`~firefight.service.
EncounterService` and shows what it returns.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape

from firefight.cli.common import (
    AskOpt,
    JsonOpt,
    RollsOpt,
    SeedOpt,
    console,
    dice_from_options,
    dice_json,
    emit_json,
    fail,
    input_file,
    refusal_json,
    refusals,
    resolution_json,
)
from firefight.cli.scene import ActionOpt, PngOpt, SvgOpt, draw_map
from firefight.cli.width import print_table, typed_table
from firefight.dice import Dice
from firefight.encounter.headline import short_account
from firefight.encounter.log import LogRecord
from firefight.encounter.narrate import render_trace
from firefight.encounter.recap import (
    RecapError,
    recap_html,
    recap_markdown,
    recap_round,
    state_after_round,
)
from firefight.encounter.scenario import ScenarioError, ScriptStep, load_scenario
from firefight.encounter.turns import turn_line, unspent
from firefight.errors import DiceError, FirefightError, RuleRefusal
from firefight.files import read_json
from firefight.limits import MAX_TRIALS
from firefight.odds.live import DEFAULT_TRIALS, live_odds
from firefight.outcome import result_json
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.scene.actions import Action
from firefight.scene.state import EncounterState
from firefight.serialize import to_plain
from firefight.service import Applied, EncounterService
from firefight.text import printable
from firefight.wording import counted, unused_note

if TYPE_CHECKING:
    from firefight.store.sql import SqlStore

__all__ = [
    "app",
    "applied_json",
    "note_unused",
    "play_scenario",
    "record_json",
    "show_records",
    "state_json",
]

app = typer.Typer(
    help="Run an encounter round by round: new, act, next-round, show, log, undo, export...",
    no_args_is_help=True,
)


def _a_kept_store(url: str | None) -> str | None:
    """A store that keeps what is written, given by --store or $FIREFIGHT_DATABASE_URL: an
    SQLite URL naming no file (``sqlite://``) is a store in memory, gone when the command ends;
    `encounter new` said "saved" into one."""
    from firefight.store.sql import URL_VARIABLE, chosen_url, held_in_memory

    chosen = chosen_url(url)
    if chosen is not None and held_in_memory(chosen):
        given = "" if url is not None else f" (from ${URL_VARIABLE})"
        raise typer.BadParameter(
            f"{chosen!r}{given} names no file: the store would be held in memory and gone when "
            "this command ends; name a file, e.g. sqlite:///fights.db"
        )
    return url


StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        help="Database URL (default: $FIREFIGHT_DATABASE_URL, else firefight.db in your data "
        "folder).",
        callback=_a_kept_store,
    ),
]
NameArg = Annotated[str, typer.Argument(help="The encounter's name.")]


@contextmanager
def _service(url: str | None, *, create: bool = False) -> Iterator[EncounterService]:
    """The encounters in the store at ``url``; a file named there is made only by the commands
    that save a new encounter (``create``), so a mistyped path is said, not made (DEC-932).
    A name typed finds its encounter in any case, as a line finds a combatant (DEC-983)."""
    from firefight.store import open_store

    with refusals():
        store = open_store(url, create=create, any_case=True)
    try:
        with refusals():
            yield EncounterService(store)
    finally:
        store.close()


# --- showing ----------------------------------------------------------------------------------


def state_json(name: str, state: EncounterState) -> dict[str, object]:
    """The state as JSON (docs/json.md), with the figures the ruleset derives per combatant."""
    ruleset = find_ruleset(state.ruleset)
    plain = to_plain(state)
    assert isinstance(plain, dict)
    for entry, c in zip(plain["combatants"], state.combatants, strict=True):
        entry["hits_left"] = c.hits_left
        entry["status"] = ruleset.status(c)
        entry.update(to_plain(dict(ruleset.describe_combatant(c))))
    return {"encounter": name, **plain}


def show_state(name: str, state: EncounterState, *, compact: bool = False) -> None:
    """The state table; its columns are the ruleset's (:meth:`Ruleset.describe_row`). With
    ``compact``, one line a person."""
    ruleset = find_ruleset(state.ruleset)
    rows = [ruleset.describe_row(c, state) for c in state.combatants]
    title = f"{_safe(state.title)}: {_safe(name)}, round {state.round}"
    if compact:
        console.print(f"[bold]{title}[/]")
        for line in compact_rows(rows):
            console.print(_safe(line))
    else:
        columns = list(rows[0]) if rows else ["name"]
        table = typed_table(
            title,
            columns,
            ([_safe(row.get(col, "")) for col in columns] for row in rows),
            typed={"name"},
        )
        print_table(table)
    if state.initiative:
        order = " → ".join(" & ".join(g) for g in state.initiative)
        console.print(f"initiative: {_safe(order)}")
    for line in ruleset.describe_scene(state):
        console.print(_safe(line))


def compact_rows(rows: Sequence[Mapping[str, str]]) -> list[str]:
    """One line a person: the name, then every other column that says something.

    >>> compact_rows([{"name": "Mara", "AP": "4", "conditions": "-", "hits": "55/55"}])
    ['Mara: AP 4 · hits 55/55']
    """
    lines = []
    for row in rows:
        cells = [
            f"{col} {value}"
            for col, value in row.items()
            if col != "name" and value not in ("", "-")
        ]
        lines.append(f"{row.get('name', '?')}: " + " · ".join(cells))
    return lines


def _safe(text: str) -> str:
    """Text from a file or the store, made safe to print: rich markup and control characters
    (terminal escape sequences) shown as written, never obeyed."""
    return escape(printable(text))


def _record_header(record: LogRecord, undone: dict[int, int]) -> str:
    mark = f"  [dim](undone by #{undone[record.seq]})[/]" if record.seq in undone else ""
    if record.kind == "round":
        return f"[bold]#{record.seq} ── {_safe(record.text.capitalize())} ──[/]{mark}"
    if record.kind == "undo":
        return f"[bold]#{record.seq}[/] [yellow]{_safe(record.text)}[/]"
    return f"[bold]#{record.seq}[/] round {record.round}: [bold]{_safe(record.text)}[/]{mark}"


def show_records(records: Sequence[LogRecord], *, trace: bool) -> None:
    undone = {r.reverts: r.seq for r in records if r.kind == "undo" and r.reverts is not None}
    for record in records:
        console.print(_record_header(record, undone))
        # A round change reads in the order it happened: the upkeep's lines, the new round and
        # its initiative, whose rolls (the trace) take the penalties the upkeep left.
        if record.kind == "round":
            _print_narration(record)
        if trace and record.trace:
            for line in render_trace(record.trace):
                console.print(f"    {_safe(line)}", style="dim")
        if record.kind != "round":
            _print_narration(record)


def _print_narration(record: LogRecord) -> None:
    for line in record.narration:
        console.print(f"  {_safe(line)}")


def _resolution(
    record: LogRecord,
    ruleset: Ruleset,
    dice: dict[str, object],
    declaration: Action | None = None,
) -> dict[str, object]:
    """The envelope of one record's resolution (docs/json.md), as every resolving command
    prints it. An action record's summary names its verb; a round's change is ``round``. The
    summary keeps the result's outcome word, except in a record written before results were
    typed, which the ruleset reads the word from."""
    summary = dict(record.summary)
    verb = summary.pop("action", None) if record.kind == "action" else record.kind
    action = _action_json(record.text, declaration, verb)
    word = summary.pop("outcome", None) or ruleset.outcome_word(summary)
    return resolution_json(
        ruleset=ruleset.name,
        action=action,
        dice=dice,
        result=result_json(word, summary),
        events=[e.to_json() for e in record.events],
        trace=list(record.trace),
    )


def record_json(record: LogRecord, undone: dict[int, int], ruleset: Ruleset) -> dict[str, Any]:
    """A record of the log; an action's or a round's resolution in the envelope's shape."""
    data = record.to_json()
    if record.kind != "undo":
        stored = record.dice
        seed = {"seed": stored.seed} if stored.seed is not None else {}
        dice = dice_json({"source": stored.source, **seed}, stored.faces)
        for key in ("dice", "events", "trace", "summary"):
            del data[key]
        data.update(_resolution(record, ruleset, dice))
    if record.seq in undone:
        data["undone_by"] = undone[record.seq]
    return data


def applied_json(
    applied: Applied, dice_info: dict[str, object] | None, unused: Sequence[int | str] = ()
) -> dict[str, object]:
    """``new``, ``act`` and ``next-round``: the envelope of what was resolved, then the
    encounter, the record appended and the state after it; ``undo`` has no envelope."""
    ruleset = find_ruleset(applied.state.ruleset)
    payload: dict[str, object] = {}
    if dice_info is not None:
        dice = dice_json(dice_info, applied.record.dice.faces, unused)
        payload.update(_resolution(applied.record, ruleset, dice, applied.action))
    payload |= {
        "encounter": applied.name,
        "record": record_json(applied.record, {}, ruleset),
        "state": state_json(applied.name, applied.state),
    }
    if applied.reverted is not None:
        payload["reverted"] = record_json(applied.reverted, {}, ruleset)
    return payload


def _action_json(text: str, declaration: Action | None, verb: object) -> dict[str, object]:
    """``action``: the verb (the declaration's, else the one the log's summary kept), the line,
    and the declaration when there is one (the log keeps the line, not the parsed action)."""
    if declaration is None:
        return {"name": verb, "text": text}
    return {"name": declaration.verb, "text": text, "declaration": declaration}


def _json_refusals(
    service: EncounterService, name: str, text: str, dice_info: dict[str, object], as_json: bool
) -> Callable[[RuleRefusal], None] | None:
    """With ``--json``, a refused action prints its envelope (nothing rolled, nothing saved):
    the declaration too when the line reads and the refusal came after, from the state."""
    if not as_json:
        return None

    def show(exc: RuleRefusal) -> None:
        state = service.state(name)
        try:
            declaration: Action | None = find_ruleset(state.ruleset).parse_action(text, state)
        except FirefightError:
            declaration = None
        action = _action_json(" ".join(text.split()), declaration, None)
        emit_json(refusal_json(state.ruleset, action, dice_json(dice_info, ()), exc))

    return show


def _show_applied(
    applied: Applied, dice_info: dict[str, object], unused: Sequence[int | str]
) -> None:
    show_records([applied.record], trace=True)
    _dice_note(dice_info, unused)


def _dice_note(dice_info: dict[str, object], unused: Sequence[int | str]) -> None:
    if dice_info.get("source") == "seeded":
        console.print(f"[dim]dice: seed {dice_info['seed']}")
    note_unused(unused)


def note_unused(unused: Sequence[int | str]) -> None:
    """Says which of the faces given were not needed (typed for more than the one action)."""
    if unused:
        console.print(unused_note(unused), markup=False)


# --- commands ---------------------------------------------------------------------------------


@app.command()
def new(
    name: NameArg,
    scenario: Annotated[
        Path,
        typer.Option(
            "--scenario", "-s", help="The scenario TOML file.", path_type=str, callback=input_file
        ),
    ],
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start an encounter from a scenario: round 1 opens and initiative is rolled."""
    with refusals():
        parsed = load_scenario(scenario)
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with _service(store, create=True) as service:
        applied = service.new(name, parsed, dice)
    if as_json:
        emit_json(applied_json(applied, dice_info, dice.unused))
        return
    console.print(f"[bold]{escape(parsed.title)}[/] saved as [bold]{escape(applied.name)}[/]")
    _show_applied(applied, dice_info, dice.unused)


TraceOpt = Annotated[bool, typer.Option("--trace", help="Every roll and modifier too.")]
ForceOpt = Annotated[
    bool,
    typer.Option(
        "--force", help="Act out of initiative order, or end a round with turns left to take."
    ),
]


@app.command()
def act(
    name: NameArg,
    action: Annotated[str, typer.Argument(help="e.g. 'Mara shoots Viktor --ap 3 --prepared'.")],
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    trace: TraceOpt = False,
    force: ForceOpt = False,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Declare an action and resolve it: the headline and what changed.

    --trace shows every roll; a refused action changes nothing."""
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with (
        _service(store) as service,
        refusals(_json_refusals(service, name, action, dice_info, as_json)),
    ):
        applied = service.act(name, action, dice, force=force)
    if as_json:
        emit_json(applied_json(applied, dice_info, dice.unused))
        return
    if trace:
        _show_applied(applied, dice_info, dice.unused)
        return
    show_short(applied)
    _dice_note(dice_info, dice.unused)


def show_short(applied: Applied, *, turn: bool = True) -> None:
    """A record's headline, what changed for whom, and (``turn``) whose turn is next."""
    ruleset = find_ruleset(applied.state.ruleset)
    before = applied.before or applied.state
    first, *rest = short_account(applied.record, before, applied.state, ruleset)
    console.print(f"[bold]#{applied.record.seq}[/] {_safe(first)}")
    for line in rest:
        console.print(_safe(line))
    if turn:
        console.print(f"[dim]{_safe(turn_line(applied.state, ruleset))}")


@app.command("next-round")
def next_round(
    name: NameArg,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    force: ForceOpt = False,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """End the round and start the next, with its initiative.

    The end brings what the ruleset says it does (bleeding, death saves, fuses). Refused while
    someone still has a turn to take, unless --force."""
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with _service(store) as service:
        applied = service.next_round(name, dice, force=force)
    if as_json:
        emit_json(applied_json(applied, dice_info, dice.unused))
        return
    _show_applied(applied, dice_info, dice.unused)


@app.command()
def gm(
    name: NameArg,
    command: Annotated[
        str,
        typer.Argument(
            help="hits|heal NAME N, repair NAME, add NEW like NAME at X,Y, remove NAME, "
            "move NAME to X,Y, set NAME STATUS|FIGURE N, delay|hold NAME, reorder NAME...",
        ),
    ],
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A GM's override, recorded in the log and undoable like an action."""
    with _service(store) as service:
        applied = service.gm(name, command)
    if as_json:
        emit_json(applied_json(applied, {"source": "none"}))
        return
    show_short(applied)


@app.command()
def undo(name: NameArg, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """Take back the last action (or round change) still in force."""
    with _service(store) as service:
        applied = service.undo(name)
    if as_json:
        emit_json(applied_json(applied, None))
        return
    assert applied.reverted is not None
    console.print(
        f"undone: #{applied.reverted.seq} {escape(applied.reverted.text)} "
        f"(recorded as #{applied.record.seq})"
    )


@app.command()
def redo(name: NameArg, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """Play again the last thing undone, with its own dice.

    The earliest of a run of undos comes first; nothing is waiting once something else has been
    played since."""
    with _service(store) as service:
        applied = service.redo_next(name)
    if as_json:
        faces = list(applied.record.dice.faces)
        emit_json(applied_json(applied, {"source": "scripted", "rolls": faces}))
        return
    show_short(applied)


@app.command()
def show(
    name: NameArg,
    compact: Annotated[bool, typer.Option("--compact", help="One line a person.")] = False,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The state table, in the ruleset's columns, with the scene's barriers under it.

    The columns: turn left, wounds, state, place, weapons and ammunition, armor."""
    with _service(store) as service:
        state = service.state(name)
    if as_json:
        emit_json(state_json(name, state))
        return
    show_state(name, state, compact=compact)


@app.command()
def odds(
    name: NameArg,
    lines: Annotated[
        list[str],
        typer.Argument(
            help="The action line ('Dana shoots Tony'); more lines for the rest of a "
            "declared round, in order."
        ),
    ],
    target: Annotated[
        str | None,
        typer.Option(
            "--target", help="Whose going down to count (default: the first action's target)."
        ),
    ] = None,
    trials: Annotated[
        int, typer.Option("--trials", help=f"Runs of the rules (1 to {MAX_TRIALS:,}).")
    ] = DEFAULT_TRIALS,
    seed: Annotated[int, typer.Option("--seed", help="The first run's seed.")] = 0,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The odds of an action from the fight as it stands; nothing is saved.

    The outcome, P(target down after it), and P(down by the round's end) after a declared run
    of actions."""
    with _service(store) as service:
        current = service.current(name)
        found = live_odds(
            current.state, current.ruleset, lines, target=target, trials=trials, seed=seed
        )
    if as_json:
        emit_json({"encounter": name, "round": current.state.round, **found.to_json()})
        return
    for line in found.text():
        console.print(_safe(line))


@app.command("play")
def play_session(
    name: NameArg,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed the dice: each command takes the next seed.")
    ] = None,
    trials: Annotated[int, typer.Option("--trials", help="Runs of the rules for odds.")] = (
        DEFAULT_TRIALS
    ),
    history: Annotated[
        bool, typer.Option("--history/--no-history", help="Keep the lines typed between sessions.")
    ] = True,
    store: StoreOpt = None,
) -> None:
    """Play the encounter at the table, everything saved as you go.

    Type actions, GM commands and odds; Tab completes, and the prompt says whose turn it is."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, History, InMemoryHistory

    from firefight.cli.play import LinePrompt, PipedPrompt, Session, confirm_with, run_session
    from firefight.tables.registry import user_home

    with _service(store) as service:
        service.state(name)  # an unknown name is refused before the prompt opens
        prompt: LinePrompt = PipedPrompt(sys.stdin)
        if sys.stdin.isatty():
            kept: History = InMemoryHistory()
            if history:
                user_home().mkdir(parents=True, exist_ok=True)
                kept = FileHistory(str(user_home() / "play-history"))
            prompt = PromptSession(history=kept)
        session = Session(service, name, confirm=confirm_with(prompt), seed=seed, trials=trials)
        with refusals():
            run_session(session, prompt)


def _round(number: int | None) -> int | None:
    # Checked here, not by typer's bounds: refused in one line, as every bad number is.
    with refusals():
        if number is not None and number < 1:
            raise RecapError(f"--round is {number}: rounds are counted from 1")
    return number


RoundOpt = Annotated[
    int | None,
    typer.Option(
        "--round", help="As it stood at the end of this round (default: now).", callback=_round
    ),
]


@app.command("map")
def map_command(
    name: NameArg,
    svg: SvgOpt = None,
    png: PngOpt = None,
    action: ActionOpt = None,
    round_number: RoundOpt = None,
    store: StoreOpt = None,
) -> None:
    """The scene as a picture (SVG, or PNG with --png).

    With --action, what that action would fire at (lines of fire, cones, sectors); with
    --round, as it stood at that round's end."""
    with _service(store) as service:
        if round_number is None:
            state = service.state(name)
        else:
            loaded = service.load(name)
            with refusals():
                state = state_after_round(
                    loaded.scene, loaded.records, loaded.ruleset, round_number
                )
    draw_map(state, action, svg, png)


@app.command()
def recap(
    name: NameArg,
    round_number: RoundOpt = None,
    markdown: Annotated[bool, typer.Option("--markdown", help="Write Markdown.")] = False,
    as_html: Annotated[bool, typer.Option("--html", help="Write an HTML fragment.")] = False,
    store: StoreOpt = None,
) -> None:
    """A round in a few lines per person, to read out or paste into the campaign log.

    What each did and how they stand now; the round being played unless --round says."""
    if markdown and as_html:
        fail("error: give one of --markdown and --html")
    with _service(store) as service:
        loaded = service.load(name)
    with refusals():
        told = recap_round(
            loaded.scene, loaded.records, loaded.ruleset, round_number or loaded.state.round
        )
    if markdown:
        typer.echo(recap_markdown(told), nl=False)
        return
    if as_html:
        typer.echo(recap_html(told), nl=False)
        return
    console.rule(f"[bold]{_safe(told.title)}, round {told.round}")
    for line in told.scene:
        console.print(f"  {_safe(line)}")
    for person in told.people:
        console.print(
            f"[bold]{_safe(person.name)}[/]: {_safe(' '.join(person.did) or 'did nothing')}"
        )
        for col, was, now in person.changed:
            console.print(f"    {_safe(col)}: {_safe(was)} → {_safe(now)}", style="dim")
    if not told.people and not told.scene:
        console.print("  nothing happened")


@app.command()
def log(
    name: NameArg,
    trace: Annotated[bool, typer.Option("--trace", help="Every roll and modifier too.")] = False,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The log, narrated: every action, round change and undo."""
    with _service(store) as service:
        loaded = service.load(name)
    records = loaded.records
    if as_json:
        undone = {r.reverts: r.seq for r in records if r.kind == "undo" and r.reverts}
        emit_json(
            {
                "encounter": name,
                "records": [record_json(r, undone, loaded.ruleset) for r in records],
            }
        )
        return
    show_records(records, trace=trace)


@app.command("list")
def list_encounters(store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """The encounters in the store."""
    with _service(store) as service:
        infos = service.list()
    if as_json:
        emit_json({"encounters": [to_plain(i) for i in infos]})
        return
    if not infos:
        console.print("no encounters yet: firefight encounter new NAME --scenario FILE")
    for i in infos:
        console.print(
            f"[bold]{_safe(i.name)}[/]  {_safe(i.ruleset)}  {i.head_seq} records  "
            f"{_safe(i.created_at)}"
        )


@app.command()
def delete(name: NameArg, store: StoreOpt = None) -> None:
    """Delete an encounter and its whole log."""
    with _service(store) as service:
        service.delete(name)
    console.print(f"deleted {escape(name)}")


@app.command("table")
def table_settings(
    name: NameArg,
    reset: Annotated[
        bool,
        typer.Option(
            "--reset", help="Clear them to the defaults: everyone shown, players watching."
        ),
    ] = False,
    store: StoreOpt = None,
) -> None:
    """The web table's settings as the store keeps them; --reset clears damaged ones.

    Who the players see, whether they declare and roll (DEC-924). --reset puts the default
    back (the GM sets the table again on their page) and leaves the fight as it is (DEC-888)."""
    with _service(store) as service:
        if reset:
            had = service.reset_table(name)
            cleared = "table settings cleared (everyone shown, players watching)"
            said = cleared if had else "the table was never set; nothing to clear"
            console.print(f"{_safe(name)}: {said}")
            return
        kept = service.table_settings(name)
    if kept is None:
        console.print(f"{_safe(name)}: the table was never set (everyone shown, players watching)")
        return
    # The store's text as it is (a GM checking damaged settings reads what is there), then
    # whether it reads, and the way out when it does not (DEC-888).
    for key, value in sorted(kept.items()):
        console.print(f"{_safe(key)}: {_safe(json.dumps(value, ensure_ascii=False))}")
    from firefight.store.table_settings import stored_settings

    with refusals():
        stored_settings(name, kept)


@app.command("export")
def export_encounter(name: NameArg, store: StoreOpt = None) -> None:
    """The whole encounter as one JSON document on stdout (scenario and every record)."""
    with _service(store) as service:
        data = service.export(name)
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


@app.command("import")
def import_encounter(
    file: Annotated[
        Path,
        typer.Argument(
            help="A file written by `encounter export`.", path_type=str, callback=input_file
        ),
    ],
    name: Annotated[str | None, typer.Option("--name", help="Store it under this name.")] = None,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store an exported encounter (it must fold cleanly to be kept)."""
    with refusals():
        data = read_json(file)
    with _service(store, create=True) as service:
        try:
            info = service.import_(data, name)
        except FirefightError as exc:
            fail(f"error: {file}: {exc}")
    if as_json:
        emit_json({"imported": to_plain(info)})
        return
    console.print(f"imported [bold]{escape(info.name)}[/] ({counted(info.head_seq, 'record')})")


# --- play -------------------------------------------------------------------------------------


def _fresh_name(service: EncounterService, stem: str) -> str:
    taken = {i.name for i in service.list()}
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def _slug(title: str) -> str:
    words = "".join(ch.lower() if ch.isalnum() else " " for ch in title).split()
    return "-".join(words) or "encounter"


def play_scenario(
    service: EncounterService, path: Path, name: str | None
) -> tuple[str, list[LogRecord], EncounterState]:
    """Run a scenario's script into ``service`` under ``name`` (a fresh one if None)."""
    scenario = load_scenario(path)
    if not scenario.steps and not scenario.opening_rolls:
        raise FirefightError(f"{path} has no [script] to play")
    name = name or _fresh_name(service, _slug(scenario.title))
    label = str(path)
    try:
        name = service.new(name, scenario, Dice.scripted(scenario.opening_rolls)).name
    except DiceError as exc:  # the faces that open the fight (a name taken is said as it is)
        raise ScenarioError(label, "script, opening_rolls", str(exc)) from None
    try:
        _play_steps(service, name, scenario.steps, label)
    except BaseException:
        # A script that fails partway (or Ctrl-C) leaves no half-played fight under the name:
        # the encounter was made by this call, and goes with it.
        service.delete(name)
        raise
    loaded = service.load(name)
    return name, list(loaded.records), loaded.state


def _play_steps(
    service: EncounterService, name: str, steps: Sequence[ScriptStep], label: str
) -> None:
    """Each step of a scenario's script in turn; a step that fails is named in its file."""
    for number, step in enumerate(steps, start=1):
        where = f"script, step {number} ({step.text!r})"
        dice = Dice.scripted(step.rolls)
        try:
            if step.kind == "act":
                service.act(name, step.text, dice)
            elif step.kind == "next-round":
                service.next_round(name, dice)
            else:
                service.undo(name)
        except FirefightError as exc:
            raise ScenarioError(label, where, str(exc)) from None
        if dice.unused:
            left = list(dice.unused)
            shown = ", ".join(map(str, left[:10])) + (", ..." if len(left) > 10 else "")
            raise ScenarioError(
                label, where, f"it was given {len(left)} more dice than it used: {shown}"
            )


def _store_url(service: EncounterService) -> str:
    store: SqlStore | Any = service.store
    return str(getattr(store, "url", "the store"))


def play(
    scenario: Annotated[
        Path,
        typer.Argument(
            help="A scenario TOML file with a \\[script].", path_type=str, callback=input_file
        ),
    ],
    save: Annotated[
        str | None, typer.Option("--save", help="Keep the fight in the store under this name.")
    ] = None,
    store: StoreOpt = None,
    trace: Annotated[bool, typer.Option("--trace/--no-trace", help="Itemize every roll.")] = True,
    as_json: JsonOpt = False,
) -> None:
    """Run a scenario's scripted fight and print the narrated, itemized log."""
    url = store if save is not None else (store or "sqlite://")
    with _service(url, create=True) as service:
        name, records, state = play_scenario(service, scenario, save)
        where = _store_url(service)
    if as_json:
        undone = {r.reverts: r.seq for r in records if r.kind == "undo" and r.reverts}
        ruleset = find_ruleset(state.ruleset)
        emit_json(
            {
                "encounter": name if save else None,
                "store": where if save else None,
                # No timestamps: the same scenario plays to the same bytes every time.
                "records": [
                    {k: v for k, v in record_json(r, undone, ruleset).items() if k != "recorded_at"}
                    for r in records
                ],
                "state": state_json(name, state),
            }
        )
        return
    show_records(records, trace=trace)
    show_state(name, state)
    if save:
        console.print(f"saved as [bold]{escape(name)}[/] in {escape(where)}")


def demo(store: StoreOpt = None) -> None:
    """Play the bundled warehouse raid into the store and say how to carry on with it."""
    candidates = [
        Path("examples/warehouse.toml"),
        Path(__file__).resolve().parents[3] / "examples" / "warehouse.toml",
    ]
    path = next((p for p in candidates if p.is_file()), None)
    if path is None:
        from firefight.cli.common import fail

        fail("error: examples/warehouse.toml not found; run from the firefight checkout")
    console.print(
        f"[bold]firefight demo[/]: the warehouse raid ({escape(str(path))}), played round by "
        "round into your encounter store\n"
    )
    with _service(store, create=True) as service:
        name, records, state = play_scenario(service, path, None)
        where = _store_url(service)
    show_records(records, trace=True)
    show_state(name, state)
    opt = f" --store {store}" if store else ""
    # The script stops mid-round: ending it with turns still to take needs --force
    # (ENC-ROUND-END), else the suggested line would be refused.
    force = " --force" if unspent(state, find_ruleset(state.ruleset)) else ""
    console.print(f"\n[bold]Saved[/] as [bold]{escape(name)}[/] in {escape(where)}")
    console.print("Carry on with it:")
    for line in (
        f"firefight encounter show {name}{opt}",
        f'firefight encounter act {name} "Mara reloads"{opt}',
        f"firefight encounter next-round {name}{force}{opt}",
        f"firefight encounter undo {name}{opt}",
        f"firefight encounter log {name} --trace{opt}",
        f"firefight encounter export {name}{opt} > {name}.json",
    ):
        console.print(f"  {escape(line)}")
