"""What a page or an API client is shown of an encounter: everything for the GM, and for a
player their own character, the others as they would look across the room (DEC-433), the map
without hidden combatants, and the log's lines without the dice and the figures.

The figures come through the existing seams only: the state table's row
(:meth:`~firefight.rulesets.base.Ruleset.describe_row`), the state's JSON
(:func:`~firefight.cli.encounter.state_json`), the log record's envelope
(:func:`~firefight.cli.encounter.record_json`); a wound described in words reads the
ruleset's damage track (:meth:`~firefight.rulesets.base.Ruleset.hits_track`) and status.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from firefight.cli.encounter import record_json, state_json
from firefight.encounter.gm import added_like
from firefight.encounter.log import LogRecord
from firefight.encounter.narrate import render_trace
from firefight.encounter.turns import decided, example_now, next_up, unspent
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets.base import Ruleset
from firefight.scene.events import CombatantAdded
from firefight.scene.lines import split_words
from firefight.scene.state import CombatantState, EncounterState
from firefight.store.table_settings import TableSettings, settings_json
from firefight.web.tokens import Scope

__all__ = [
    "gm_lines",
    "hover_details",
    "log_view",
    "newcomers_hidden",
    "player_entry",
    "player_fields",
    "record_view",
    "rows_view",
    "seen_state",
    "state_view",
    "turn_words",
    "undone_by",
    "verbs_view",
    "wounds",
]


def newcomers_hidden(
    settings: TableSettings, before: EncounterState, record: LogRecord
) -> TableSettings:
    """The table's ``settings`` after the GM command ``record``, given in the scene ``before``
    it (DEC-930): someone added like a person hidden from the players starts hidden too, since
    they join beside their model (DEC-731) and, seen, would show the players where the hidden
    one stands. The GM shows them as anyone else, with the table's settings."""
    if record.kind != "gm" or added_like(before, record.text) not in settings.hidden:
        return settings
    added = {e.combatant.name for e in record.events if isinstance(e, CombatantAdded)}
    return replace(settings, hidden=settings.hidden | added)


def wounds(c: CombatantState, ruleset: Ruleset) -> str:
    """How hurt someone looks, in words: no figures. Down or out, as the ruleset says it (an
    rmu Kindred's torpor, V-2, is no shared state; the shared flags would say unconscious);
    hurt, as a share of the ruleset's own damage track (gurps keeps HP in its figures).

    >>> from firefight.geometry import Point
    >>> from firefight.rulesets import find_ruleset
    >>> c = CombatantState(name="V", position=Point(x_ft=0, y_ft=0), hits_max=40, hits_taken=25)
    >>> wounds(c, find_ruleset("cpr"))
    'badly wounded'
    """
    status = ruleset.status(c)
    if status not in ("up", "bystander"):
        return status.split(" (")[0]
    hits_left, hits_max = ruleset.hits_track(c)
    if hits_max <= 0 or hits_left >= hits_max:
        return "unhurt"
    left = hits_left / hits_max
    if left > 0.75:
        return "grazed"
    if left > 0.5:
        return "wounded"
    if left > 0.25:
        return "badly wounded"
    return "barely standing"


def seen_state(state: EncounterState, scope: Scope, settings: TableSettings) -> EncounterState:
    """The state a token's holder may see: the GM all of it, a player none of the hidden."""
    if scope.is_gm:
        return state

    def seen(c: CombatantState) -> bool:
        return c.name not in settings.hidden or scope.character == c.name

    # The starts too (DEC-705): a hidden person is in no part of what a player is handed.
    return replace(
        state,
        combatants=tuple(c for c in state.combatants if seen(c)),
        starts=tuple(c for c in state.starts if seen(c)),
    )


def _player_row(
    c: CombatantState,
    ruleset: Ruleset,
    open_: bool,
    unseen: frozenset[str],
    state: EncounterState,
) -> dict[str, Any]:
    if open_:
        # DEC-920: a row's cells may name someone (cpr's "must take cover from Rook", C-6).
        row = {k: unseen_words(v, unseen) for k, v in ruleset.describe_row(c, state).items()}
        return {"name": c.name, "open": True, "row": row}
    return {
        "name": c.name,
        "open": False,
        "row": {
            "name": c.name,
            "side": c.side,
            "looks": wounds(c, ruleset),
            "posture": c.posture.value,
        },
    }


def rows_view(
    state: EncounterState, ruleset: Ruleset, scope: Scope, settings: TableSettings
) -> list[dict[str, Any]]:
    """The state table's rows a token's holder may see: the GM every row in full; a player
    their own character's and those the GM opened in full, the others in words, and none of
    the hidden. The map's hover shows the same (:func:`hover_details`)."""
    if scope.is_gm:
        return [
            {"name": c.name, "open": True, "row": dict(ruleset.describe_row(c, state))}
            for c in state.combatants
        ]
    return [
        _player_row(
            c,
            ruleset,
            c.name == scope.character or c.name in settings.opened,
            settings.hidden - {scope.character},
            state,
        )
        for c in seen_state(state, scope, settings).combatants
    ]


def hover_details(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What hovering each person on the map shows: their row, as :func:`rows_view` lets the
    token's holder see it."""
    return {r["name"]: r["row"] for r in rows}


def turn_words(
    people: Sequence[tuple[str, str]], state: EncounterState, scope: Scope, settings: TableSettings
) -> list[str]:
    """Each of ``people`` with what they have left of their turn (``Mara (4 AP)``), as the
    token's holder may see them: a hidden one is *someone unseen* to a player (DEC-674)."""
    seen = seen_state(state, scope, settings)
    return [f"{n} ({left})" if seen.find(n) else "someone unseen" for n, left in people]


def state_view(
    name: str,
    state: EncounterState,
    head: int,
    ruleset: Ruleset,
    scope: Scope,
    settings: TableSettings,
) -> dict[str, Any]:
    """The encounter as a page shows it: turn, rows of the state table, scene notes; the GM
    also gets the state's JSON and the table settings."""
    seen = seen_state(state, scope, settings)
    view: dict[str, Any] = {
        "encounter": name,
        "title": state.title,
        "ruleset": ruleset.name,
        "round": state.round,
        "head": head,
        "initiative": [
            shown for g in state.initiative if (shown := [n for n in g if seen.find(n)])
        ],
        # Who can still act this round, as the turn panel says (DEC-873): not everyone up.
        "can_act": [n for n, _ in unspent(state, ruleset) if seen.find(n)],
        "up": turn_words(next_up(state, ruleset), state, scope, settings),
        # DEC-810 at the table (DEC-847): said as the scene the token's holder sees reads it.
        "decided": decided(seen),
        "players_act": settings.players_act,
        "players_roll": settings.players_roll,
        # The whole line's example names the fight's own people that the token's holder sees
        # (DEC-746): a player's own character acting, else whoever is up; so it follows the turn.
        # A player whose character the GM removed can type no line (DEC-922).
        "example": (
            example_now(seen, ruleset, scope.character)
            if scope.character is None or seen.find(scope.character)
            else None
        ),
    }
    view["rows"] = rows_view(state, ruleset, scope, settings)
    # The barriers, holds, grenades, clouds and fires are there for anyone in the scene to
    # see; a player reads a hidden person in them as someone unseen, as in a row (DEC-925).
    scene = ruleset.describe_scene(state)
    if scope.is_gm:
        view["scene"] = list(scene)
        view["settings"] = settings_json(settings)
        view["state"] = state_json(name, state)
    else:
        unseen = settings.hidden - {scope.character}
        view["scene"] = [unseen_words(line, unseen) for line in scene]
        view["you"] = scope.character
    return view


def _names_hidden(text: str, hidden: frozenset[str]) -> bool:
    words = text.lower()
    return any(re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", words) for n in hidden)


def seen_refusal(exc: RuleRefusal, scope: Scope, settings: TableSettings) -> RuleRefusal:
    """A refusal as the token's holder may read it. The rules check an action against the
    whole scene, so their sentence may name someone hidden (cards' K-2: "Giga and Rico drew
    higher for reaction and act before Jilly"); to a player each hidden combatant other than
    their own is *someone unseen* there, as in the turn (DEC-674, DEC-846)."""
    if scope.is_gm:
        return exc
    reason = unseen_words(exc.reason, settings.hidden - {scope.character})
    return exc if reason == exc.reason else RuleRefusal(exc.rule, reason)


def unseen_words(text: str, unseen: frozenset[str]) -> str:
    """``text`` with each name in ``unseen`` said as *someone unseen*, capitalised where the
    name began a sentence (DEC-929)."""
    # The longest first, so that a name holding another is told whole.
    for n in sorted(unseen, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(n)}(?!\w)", _someone_unseen, text)
    return text


def _someone_unseen(match: re.Match[str]) -> str:
    before = match.string[: match.start()].rstrip()
    return "Someone unseen" if not before or before[-1] in ".!?" else "someone unseen"


def record_view(record: LogRecord, ruleset: Ruleset) -> dict[str, Any]:
    """One record as the GM's log shows it, whoever undid it aside: its envelope and its trace
    as text. It never changes once written, so the web layer keeps it (:mod:`~firefight.web.
    rendered`, as JSON) instead of rendering the whole log on every read."""
    data = record_json(record, {}, ruleset)
    data["trace_text"] = render_trace(record.trace) if record.kind != "undo" else []
    return data


def player_fields(data: dict[str, Any]) -> dict[str, Any]:
    """What a player's log keeps of a record's GM view (:func:`record_view`): the line, the
    round and the outcome word, no dice, figures or trace (DEC-436)."""
    fields: dict[str, Any] = {k: data[k] for k in ("seq", "kind", "round", "text") if k in data}
    result = data.get("result")
    if isinstance(result, dict):
        fields["outcome"] = result.get("outcome")
    return fields


def undone_by(records: Sequence[LogRecord]) -> dict[int, int]:
    """Each record an undo among ``records`` reverts, and the undo's number."""
    return {r.reverts: r.seq for r in records if r.kind == "undo" and r.reverts is not None}


def gm_lines(records: Sequence[LogRecord]) -> frozenset[int]:
    """The numbers of the GM's overrides among ``records``."""
    return frozenset(r.seq for r in records if r.kind == "gm")


def _gm_steps_in(line: str) -> str:
    """A GM line as a player reads it: the GM's line is figures ("hits Viktor 12", "set Viktor
    stun 2"), so a player hears only that the GM stepped in, and sees what came of it as the
    rows show it (DEC-719)."""
    return f"the GM steps in ({line.split()[0].lower()})"


#: What a player reads of what an action came to when it befell someone hidden from them.
UNSEEN = "something unseen happens"


def player_outcome(record: LogRecord, outcome: object, hidden: frozenset[str]) -> object:
    """The outcome word a player reads of ``record``: the action's own, unless it befell
    someone ``hidden`` from them. The word is the whole action's: a shot that missed the one
    named and flew on into a hidden bystander read "hit", telling of a body the player's map
    does not show (DEC-878)."""
    if any(getattr(e, "target", None) in hidden for e in record.events):
        return UNSEEN
    return outcome


def player_entry(
    record: LogRecord,
    fields: dict[str, Any],
    scope: Scope,
    hidden: frozenset[str],
    undone: dict[int, int],
    gm: frozenset[int],
) -> dict[str, Any]:
    """A record as a player's log shows it (``fields``: :func:`player_fields`): a line that names
    a ``hidden`` combatant other than the player's own only as something unseen, a GM's
    override (their numbers: ``gm``) and its undo with no figure."""
    entry = dict(fields)
    if record.kind == "action" and "outcome" in entry:
        entry["outcome"] = player_outcome(record, entry["outcome"], hidden - {scope.character})
    if _names_hidden(record.text, hidden - {scope.character}):
        entry["text"] = UNSEEN
    elif record.kind == "gm":
        entry["text"] = _gm_steps_in(record.text)
    elif record.kind == "undo" and record.reverts in gm:
        # DEC-919: the undo's line is "undo #N: " and the line it takes back.
        entry["text"] = f"undo #{record.reverts}: {_gm_steps_in(record.text.split(': ', 1)[1])}"
    if record.seq in undone:
        entry["undone_by"] = undone[record.seq]
    return entry


def log_view(
    records: Sequence[LogRecord],
    ruleset: Ruleset,
    scope: Scope,
    hidden: frozenset[str] = frozenset(),
) -> list[dict[str, Any]]:
    """The log: every record's envelope and its trace as text for the GM; for a player what was
    declared and what it came to, in words (:func:`player_entry`). The server sends the same,
    kept record by record (:meth:`~firefight.web.rendered.Rendered.log`)."""
    undone, gm = undone_by(records), gm_lines(records)
    shown = []
    for r in records:
        data = record_view(r, ruleset)
        if scope.is_gm:
            shown.append({**data, "undone_by": undone[r.seq]} if r.seq in undone else data)
        else:
            shown.append(player_entry(r, player_fields(data), scope, hidden, undone, gm))
    return shown


def verbs_view(ruleset: Ruleset) -> list[dict[str, Any]]:
    """The action form's description: each verb, what follows it, and each option with what its
    declaration says of it (help, bounds, choices) where one does."""
    verbs = []
    for verb in ruleset.action_verbs():
        options = []
        for spelled, kind in verb.options.items():
            option: dict[str, Any] = {"flag": spelled, "kind": kind}
            declared = verb.param_of(spelled)
            if declared is not None:
                p = declared.param
                low, high = p.bounds()
                option.update(help=p.said(), unit=p.unit, low=low, high=high, gm=p.gm)
                choices = declared.choices()
                if choices is not None:
                    option["choices"] = list(choices)
            options.append(option)
        verbs.append(
            {"verb": verb.name, "words": verb.words_in(ruleset.scene_unit), "options": options}
        )
    return verbs


def gm_word(ruleset: Ruleset, text: str) -> str | None:
    """The first option the action line ``text`` gives that is the GM's word, as its
    declaration marks it (a GM's modifier, where a missed grenade lands: DEC-956), spelt
    without ``--``; None when it gives none. Every token after ``--`` is looked at, as the
    line's reader reads an option only there; a spelling is the GM's in every verb that
    takes it (no ruleset spells two options alike, one the GM's and one not: tested)."""
    given = [t[2:].partition("=")[0] for t in split_words(text) if t.startswith("--")]
    if not given:
        return None
    words = gm_words(ruleset)
    return next((spelled for spelled in given if spelled in words), None)


def gm_words(ruleset: Ruleset) -> frozenset[str]:
    """The options of ``ruleset``'s action lines that are the GM's word, spelt without
    ``--``."""
    return frozenset(
        spelled
        for verb in ruleset.action_verbs()
        for spelled in verb.options
        if (option := verb.param_of(spelled)) is not None and option.param.gm
    )
