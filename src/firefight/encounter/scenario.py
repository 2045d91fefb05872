"""Scenarios: a scene described once in TOML, validated with pydantic (docs/scenarios.md).

A scenario has a ``[scenario]`` header naming its ruleset, one ``[[combatant]]`` table per person
in the scene, optional ``[[barrier]]`` tables, an optional ``[rules]`` table of the ruleset's
options, and an optional ``[script]`` of actions with their dice for ``firefight play``. The
shared combatant fields (name, side, position, posture, facing, size, surprise) are checked here;
the ruleset's own (stats, skills, hits, armor, weapons) by the model the ruleset supplies
(:meth:`~firefight.rulesets.base.Ruleset.combatant_model`).

Positions and barrier ends are written in the ruleset's unit (:attr:`~firefight.rulesets.base.
Ruleset.scene_unit`: feet for rmu, metres for cpr) and kept in feet in the scene, which is what
the shared geometry measures in (RULINGS S-1); heights keep the unit their key names.

A problem is reported as a :class:`ScenarioError` naming the key path (``combatant 2 (Viktor),
stats, hits``) and, where the key can be found in the text, its line: tomllib gives no line
numbers, so the line is found by searching the text for the path's tables and keys.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    Field,
    ValidationError,
    create_model,
    model_validator,
)

from firefight.errors import FirefightError, RuleRefusal, TableDataError
from firefight.files import parse_toml, read_text
from firefight.fuzzy import hint
from firefight.geometry import Posture, Size
from firefight.limits import MAX_COORDINATE_FT, MAX_NUMBER, clean_name, plain_text
from firefight.scene.points import scene_point
from firefight.scene.state import (
    Barrier,
    CombatantState,
    EncounterState,
    Surprise,
)
from firefight.tables.data_files import DataModel

__all__ = [
    "CoreCombatant",
    "Scenario",
    "ScenarioError",
    "ScriptStep",
    "initial_state",
    "load_scenario",
    "parse_scenario",
    "scenario_from_data",
    "side_tactics",
    "template_problem",
]


class ScenarioError(TableDataError):
    """A scenario that does not validate: the file, the key path, its line if found, and why.

    >>> str(ScenarioError("raid.toml", "combatant 2 (Viktor), hits", "must be > 0", line=14))
    'raid.toml, combatant 2 (Viktor), hits (line 14): must be > 0'
    """

    def __init__(self, file: str, where: str, problem: str, *, line: int | None = None) -> None:
        shown = f"{where} (line {line})" if line is not None else where
        super().__init__(file, shown, problem)
        self.line = line
        self.path = where


# --- the shared part of the schema ------------------------------------------------------------

# Finite and within the scene's limit; written in the ruleset's unit (feet or metres), so the
# bound is the larger (feet) one, and Point checks the place again once it is in feet.
Coordinate = Annotated[
    float, Field(allow_inf_nan=False, ge=-MAX_COORDINATE_FT, le=MAX_COORDINATE_FT)
]
Coordinates = tuple[Coordinate, Coordinate]
Name = Annotated[str, AfterValidator(clean_name)]
Text = Annotated[str, AfterValidator(plain_text)]


def _side(text: str) -> str:
    return clean_name(text, "a side") if text else text


def _title(text: str) -> str:
    return clean_name(text, "a title", longest=200, title=True)


class CoreCombatant(DataModel):
    """The fields every ruleset's combatant has."""

    name: Name = Field(min_length=1, max_length=40)
    side: Annotated[str, AfterValidator(_side)] = ""
    bystander: bool = False
    position: Coordinates
    posture: Posture = Posture.STANDING
    facing_deg: float = Field(default=0.0, ge=0.0, lt=360.0)
    size: Size = Size.MEDIUM
    surprise: Surprise = Surprise.NONE
    note: Text = ""


class BarrierModel(DataModel):
    name: Name = Field(min_length=1)
    start: Coordinates = Field(alias="from")
    end: Coordinates = Field(alias="to")
    height_ft: float = Field(gt=0.0, le=MAX_COORDINATE_FT)
    material: Literal["soft", "hard", "hardened", "impenetrable"] = "hard"
    # cpr's cover with HP (C-13): material and thickness, e.g. "concrete thick".
    cover: str | None = Field(default=None, min_length=1)

    @model_validator(mode="after")
    def _a_length(self) -> BarrierModel:
        # A barrier is the segment between its ends: one of no length covers nobody (DEC-874).
        if tuple(self.start) == tuple(self.end):
            raise ValueError("a barrier runs between two different points; 'from' is 'to'")
        return self


class StepModel(DataModel):
    """One scripted step: an action line, the next round, or an undo; with its dice."""

    act: str | None = None
    next_round: bool = False
    undo: bool = False
    rolls: list[int] = Field(default_factory=list)
    note: str = ""

    @model_validator(mode="after")
    def _one_thing(self) -> StepModel:
        if [self.act is not None, self.next_round, self.undo].count(True) != 1:
            raise ValueError(
                "a step does exactly one of: act = '...', next_round = true, undo = true"
            )
        return self


class ScriptModel(DataModel):
    opening_rolls: list[int] = Field(default_factory=list)
    step: list[StepModel] = Field(default_factory=list)


class HeaderModel(DataModel):
    title: Annotated[str, AfterValidator(_title)] = Field(min_length=1)
    ruleset: str
    description: Text = ""
    # Each side's tactic in ``odds simulate`` (firefight.scene.tactics), by name.
    tactics: dict[Name, Name] = Field(default_factory=dict)


class _HeaderOnly(BaseModel):
    scenario: HeaderModel


@dataclass(frozen=True, slots=True, kw_only=True)
class ScriptStep:
    """A scripted step as ``firefight play`` runs it."""

    kind: Literal["act", "next-round", "undo"]
    text: str
    rolls: tuple[int, ...]
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    """A validated scenario. ``data`` is the document as read (plain JSON), which the store
    keeps and which rebuilds the same scene every time."""

    title: str
    ruleset: str
    description: str
    data: Mapping[str, Any]
    combatants: tuple[BaseModel, ...]
    barriers: tuple[Barrier, ...]
    opening_rolls: tuple[int, ...]
    steps: tuple[ScriptStep, ...]
    source: str
    # The ruleset's ``[rules]`` table, when it takes one (Ruleset.scenario_rules_model).
    rules: BaseModel | None = None


# --- finding where a problem is ---------------------------------------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


def _headers(lines: Sequence[str]) -> list[tuple[int, str, bool]]:
    found = []
    for n, line in enumerate(lines):
        m = _HEADER.match(line)
        if m:
            key = ".".join(part.strip().strip('"') for part in m.group(2).split("."))
            found.append((n, key, m.group(1) == "[["))
    return found


def _key_line(lines: Sequence[str], key: str, start: int, end: int) -> int | None:
    pattern = re.compile(rf'(^|[{{,\s])"?{re.escape(key)}"?\s*=')
    for n in range(start, end):
        if pattern.search(lines[n].split("#", 1)[0]):
            return n
    return None


def find_line(text: str, loc: Sequence[int | str]) -> int | None:
    """The 1-based line where the key path ``loc`` is written, when it can be found.

    >>> doc = '[[combatant]]\\nname = "A"\\n[[combatant]]\\nname = "B"\\nhits = 0\\n'
    >>> find_line(doc, ("combatant", 1, "hits"))
    5
    """
    lines = text.splitlines()
    headers = _headers(lines)
    start, end = 0, len(lines)
    path: list[str] = []
    best: int | None = None
    i = 0
    while i < len(loc):
        key = loc[i]
        if not isinstance(key, str):
            i += 1
            continue
        path.append(key)
        dotted = ".".join(path)
        index = loc[i + 1] if i + 1 < len(loc) and isinstance(loc[i + 1], int) else None
        own = [(n, array) for n, k, array in headers if k == dotted and start <= n < end]
        if own:
            if index is not None:
                arrays = [n for n, array in own if array]
                if int(index) >= len(arrays):
                    return None if best is None else best + 1
                begin = arrays[int(index)]
                i += 2
            else:
                begin = own[0][0]
                i += 1
            after = [n for n, k, _ in headers if n > begin and not k.startswith(dotted + ".")]
            start, end = begin + 1, min([*after, end])
            best = begin
            continue
        if any(k.startswith(dotted + ".") for n, k, _ in headers if start <= n < end):
            i += 1  # only sub-tables are written out ([script.step]): look for them next
            continue
        found = _key_line(lines, key, start, end)
        if found is None:
            return None if best is None else best + 1
        # An inline value: nothing smaller to search for on a later line.
        return found + 1
    return None if best is None else best + 1


def _describe(loc: Sequence[int | str], data: Mapping[str, Any]) -> str:
    parts: list[str] = []
    node: Any = data
    for item in loc:
        if isinstance(item, int):
            name = None
            if isinstance(node, list) and 0 <= item < len(node):
                node = node[item]
                if isinstance(node, dict) and isinstance(node.get("name"), str):
                    name = node["name"]
            else:
                node = None
            label = f"{item + 1}" + (f" ({name})" if name else "")
            if parts:
                parts[-1] = f"{parts[-1]} {label}"
            else:
                parts.append(label)
        else:
            parts.append(item)
            node = node.get(item) if isinstance(node, dict) else None
    return ", ".join(parts) or "top level"


def _refuse_names_used_twice(
    label: str, table: str, names: Sequence[str], data: Mapping[str, Any], text: str | None
) -> None:
    """Refuse the second of two ``table`` entries named alike, ignoring case, with its line."""
    seen: dict[str, int] = {}
    for n, name in enumerate(names):
        key = name.lower()
        if key in seen:
            raise _error(
                label,
                (table, n, "name"),
                f"the name {name!r} is already used by {table} {seen[key] + 1}",
                data,
                text,
            )
        seen[key] = n


def _error(
    label: str,
    loc: Sequence[int | str],
    problem: str,
    data: Mapping[str, Any],
    text: str | None,
) -> ScenarioError:
    line = find_line(text, loc) if text is not None else None
    return ScenarioError(label, _describe(loc, data), problem, line=line)


# --- validation -------------------------------------------------------------------------------


@cache
def _file_model(ruleset_name: str) -> type[BaseModel]:
    from firefight.rulesets import find_ruleset

    ruleset = find_ruleset(ruleset_name)
    combatant: type[BaseModel] = create_model(
        "Combatant",
        __base__=(CoreCombatant, ruleset.combatant_model()),
    )
    rules = ruleset.scenario_rules_model()
    options: dict[str, Any] = {} if rules is None else {"rules": (rules | None, None)}
    return create_model(
        "ScenarioFile",
        __base__=DataModel,
        **options,
        scenario=(HeaderModel, ...),
        combatant=(list[combatant], Field(min_length=1)),
        barrier=(list[BarrierModel], Field(default_factory=list)),
        script=(ScriptModel | None, None),
    )


def _model_at(model: type[BaseModel], loc: tuple[str | int, ...]) -> Any:
    """The table model at the key path ``loc`` (a list's items read as the list's), or None."""
    here: Any = model
    for step in loc:
        if isinstance(step, int):
            continue
        fields = getattr(here, "model_fields", {})
        if step not in fields:
            return None
        here = _model_in(fields[step].annotation)
    return here


def _unknown_key(model: type[BaseModel], loc: tuple[str | int, ...]) -> str:
    """A key no table at ``loc`` takes, with the keys it does take or the closest of them."""
    here = _model_at(model, loc[:-1])
    if here is None:
        return "not a key this scenario file takes"
    known = list(getattr(here, "model_fields", {}))
    return f"not a key here; {hint(str(loc[-1]), known, listing='it takes')}"


def _shown(given: Any) -> str:
    return f"the text {json.dumps(given)}" if isinstance(given, str) else repr(given)


def _table_wanted(model: type[BaseModel], loc: tuple[str | int, ...], given: Any) -> str:
    """What to write where a table was wanted and ``given`` came instead (DEC-970): pydantic
    said "Input should be a valid dictionary or instance of RmuArmorModel", a class of ours."""
    key = next((str(step) for step in reversed(loc) if isinstance(step, str)), "this")
    what = "each item of " if isinstance(loc[-1], int) else ""
    fields = getattr(_model_at(model, loc), "model_fields", {})
    required = [name for name, f in fields.items() if f.is_required()]
    if len(required) == 1 and isinstance(given, str):
        example = f"{{ {required[0]} = {json.dumps(given)} }}"
    else:
        example = f"{{ {' = ..., '.join(required or list(fields)[:1])} = ... }}"
    write = example if what else f"{key} = {example}"
    said = f"{what}{key} is a table, not {_shown(given)}: write {write}"
    return f"{said} (it takes {', '.join(fields)})"


def _kind_wanted(model: type[BaseModel], error: Any) -> str | None:
    """What to write where pydantic wanted another kind of value (DEC-970), or None: its own
    words named no key ("Input should be a valid list") or a class of ours."""
    loc, given, kind = tuple(error["loc"]), error["input"], error["type"]
    key = next((str(step) for step in reversed(loc) if isinstance(step, str)), "this")
    if kind == "model_type":
        return _table_wanted(model, loc, given)
    if kind == "dict_type":
        return f"{key} is a table of names, not {_shown(given)}: write {key} = {{ NAME = ... }}"
    if kind == "list_type":
        if _model_at(model, loc) is not None:
            header = ".".join(str(step) for step in loc if isinstance(step, str))
            each = f"write a [[{header}]] table for each"
            return f"{key} is a list of tables, not {_shown(given)}: {each}"
        return f"{key} is a list, not {_shown(given)}: write {key} = [{json.dumps(given)}]"
    if kind == "string_type":
        return f'{key} is a name, in quotes, not {_shown(given)}: write {key} = "..."'
    return None


def _said(model: type[BaseModel], error: Any) -> str:
    """Pydantic's first complaint about a scenario's key, in the scenario's words."""
    loc = tuple(error["loc"])
    if error["type"] == "extra_forbidden":
        return _unknown_key(model, loc)
    return _kind_wanted(model, error) or str(error["msg"]).removeprefix("Value error, ")


def _model_in(annotation: Any) -> Any:
    """The pydantic model a field holds, through lists, tuples and optionals."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _finite(value: Any, loc: tuple[int | str, ...]) -> tuple[int | str, ...] | None:
    """The path of the first number that JSON cannot hold (inf, nan) or that is beyond
    :data:`~firefight.limits.MAX_NUMBER` (no figure of a scene comes near it), if any."""
    if isinstance(value, float | int) and not abs(value) <= MAX_NUMBER:
        return loc
    if isinstance(value, dict):
        for k, v in value.items():
            bad = _finite(v, (*loc, k))
            if bad:
                return bad
    if isinstance(value, list):
        for n, v in enumerate(value):
            bad = _finite(v, (*loc, n))
            if bad:
                return bad
    return None


def template_problem(template: Mapping[str, Any], ruleset: str) -> tuple[str, str] | None:
    """The first problem of an NPC template's fields read as a ``ruleset`` combatant's, as its
    key path and the words a scenario would give, or None. A template may leave any key to the
    combatants that take it (a required one too: ``missing`` is no problem here); a place is
    lent to it where it gives none."""
    probe = {
        "scenario": {"title": "template", "ruleset": ruleset},
        "combatant": [{"position": [0, 0], **template}],
    }
    model = _file_model(ruleset)
    try:
        model.model_validate(probe)
    except ValidationError as exc:
        for error in exc.errors():
            if error["type"] != "missing":
                loc = tuple(error["loc"])
                return _describe(loc[2:], template), _said(model, error)  # past ("combatant", 0)
    return None


#: Files of the project's that are no scenario, by a table only they hold, and what each is.
_OTHER_FILES = {
    "catalog": "this is a catalog (add it with 'firefight catalog add FILE'; a scenario names "
    "its rows)",
    "person": "this is a scene of [[person]] tables for an rmu command's --scene, not a scenario",
}


def _missing_table(loc: tuple[int | str, ...], data: Mapping[str, Any]) -> str | None:
    """What to write when a whole table is missing (DEC-921): pydantic's "Field required" said
    nothing of it, and a header written at the top of the file is the usual slip."""
    if loc == ("scenario",):
        astray = [k for k in ("title", "ruleset", "description") if k in data]
        if astray:
            return f"no [scenario] table: put {', '.join(astray)} under [scenario]"
        return "no [scenario] table: a scenario starts with one, giving its title and ruleset"
    if loc == ("combatant",):
        return "no [[combatant]] table: a scenario needs one per person"
    return None


def scenario_from_data(
    data: Mapping[str, Any], label: str = "scenario", text: str | None = None
) -> Scenario:
    """Validate a scenario document (as parsed from TOML or read back from the store).

    Raises:
        ScenarioError: the first problem, naming the key path and (with ``text``) the line.
    """
    from firefight.rulesets import find_ruleset

    data = dict(data)
    other = _OTHER_FILES.get(next((k for k in _OTHER_FILES if k in data), ""), "")
    if "scenario" not in data and other:
        # "scenario: Field required" for a catalog played by mistake said nothing of what it is.
        raise _error(label, ("scenario",), f"no [scenario] here: {other}", data, text)
    try:
        header = _HeaderOnly.model_validate(data).scenario
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = tuple(first["loc"])
        said = _missing_table(loc, data) if first["type"] == "missing" else None
        raise _error(label, loc, said or first["msg"], data, text) from None
    try:
        ruleset = find_ruleset(header.ruleset)
    except FirefightError as exc:
        raise _error(label, ("scenario", "ruleset"), str(exc), data, text) from None
    try:
        model = _file_model(ruleset.name)
    except FirefightError as exc:
        raise _error(label, ("scenario", "ruleset"), str(exc), data, text) from None
    bad = _finite(data, ())
    if bad:
        raise _error(label, bad, f"numbers must be finite and within ±{MAX_NUMBER:,}", data, text)
    try:
        parsed: Any = model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        msg = _said(model, first)
        if first["type"] == "missing":
            msg = _missing_table(tuple(first["loc"]), data) or msg
        raise _error(label, tuple(first["loc"]), msg, data, text) from None
    except FirefightError as exc:
        raise ScenarioError(label, "combatant", str(exc)) from None

    _refuse_names_used_twice(label, "combatant", [c.name for c in parsed.combatant], data, text)
    # Actions name barriers, and cpr keeps a barrier's HP under its name (C-13).
    _refuse_names_used_twice(label, "barrier", [b.name for b in parsed.barrier], data, text)
    spots: dict[tuple[float, float], str] = {}
    for n, c in enumerate(parsed.combatant):
        spot = (float(c.position[0]), float(c.position[1]))
        if spot in spots:
            raise _error(
                label,
                ("combatant", n, "position"),
                f"{c.name} stands on the very spot of {spots[spot]}",
                data,
                text,
            )
        spots[spot] = c.name
    barriers = tuple(
        Barrier(
            name=b.name,
            start=scene_point(b.start[0], b.start[1], ruleset.scene_unit),
            end=scene_point(b.end[0], b.end[1], ruleset.scene_unit),
            height_ft=b.height_ft,
            material=b.material,
            cover=b.cover or "",
        )
        for b in parsed.barrier
    )
    for n, barrier in enumerate(barriers):
        try:
            ruleset.check_barrier(barrier)
        except FirefightError as exc:
            raise _error(label, ("barrier", n, "cover"), str(exc), data, text) from None
    script = parsed.script or ScriptModel()
    steps = tuple(
        ScriptStep(
            kind="act" if s.act is not None else "next-round" if s.next_round else "undo",
            text=s.act or ("next round" if s.next_round else "undo"),
            rolls=tuple(s.rolls),
            note=s.note,
        )
        for s in script.step
    )
    return Scenario(
        title=header.title,
        ruleset=ruleset.name,
        description=header.description,
        data=data,
        combatants=tuple(parsed.combatant),
        barriers=barriers,
        opening_rolls=tuple(script.opening_rolls),
        steps=steps,
        source=label,
        rules=getattr(parsed, "rules", None),
    )


def side_tactics(scenario: Scenario, chosen: Mapping[str, str] | None = None) -> dict[str, str]:
    """The tactic's name for every side: ``chosen`` (the caller's), else the scenario's
    ``[scenario] tactics``, else the ruleset's default. Refuses a side or a tactic the
    scenario and ruleset do not know: ``odds simulate`` with the caller's, and a scenario file
    with its own as it is read (:func:`load_scenario`, :func:`parse_scenario`)."""
    from firefight.rulesets import find_ruleset

    offered = find_ruleset(scenario.ruleset).fight_tactics()
    default = next(iter(offered))
    # Read from the checked combatants: a side left out of the file is "" there.
    sides = sorted(
        {c.side for c in scenario.combatants if isinstance(c, CoreCombatant) and not c.bystander}
    )
    given = {**scenario.data.get("scenario", {}).get("tactics", {}), **(chosen or {})}
    for side, name in given.items():
        if side not in sides:
            raise RuleRefusal(
                "DEC-474", f"No side is called {side!r} here; the sides are {', '.join(sides)}."
            )
        if name not in offered:
            raise RuleRefusal(
                "DEC-474",
                f"{scenario.ruleset} has no tactic {name!r}; it has {', '.join(offered)}.",
            )
    return {side: given.get(side, default) for side in sides}


def _tactics_checked(scenario: Scenario, text: str) -> Scenario:
    """``scenario`` once its ``[scenario] tactics`` name its sides and its ruleset's tactics
    (DEC-474): a file is refused as it is read, not when ``odds simulate`` first plays it. A
    scenario read back from the store is not checked again, so one saved before still loads."""
    try:
        side_tactics(scenario)
    except RuleRefusal as exc:
        raise _error(
            scenario.source, ("scenario", "tactics"), str(exc), scenario.data, text
        ) from None
    return scenario


def parse_scenario(text: str, label: str = "scenario") -> Scenario:
    """Parse and validate scenario TOML text, its templates read from the user's catalogs
    (it has no folder to hold a ``catalog.toml`` of its own, DEC-872)."""
    from firefight.encounter.templates import with_templates

    try:
        data = with_templates(parse_toml(text, label), label, None)
    except TableDataError as exc:
        # A template's row is named in the catalog that holds it, not in the scenario.
        raise ScenarioError(exc.file, exc.where, exc.problem) from None
    return _tactics_checked(scenario_from_data(data, label, text), text)


def load_scenario(path: Path | str) -> Scenario:
    """Read and validate a scenario file."""
    from firefight.encounter.templates import with_templates

    path = Path(path)
    label = str(path)
    try:
        text = read_text(path)
        data = with_templates(parse_toml(text, label), label, path.parent)
    except TableDataError as exc:
        # A template's row is named in the catalog that holds it, not in the scenario.
        raise ScenarioError(exc.file, exc.where, exc.problem) from None
    return _tactics_checked(scenario_from_data(data, label, text), text)


def initial_state(scenario: Scenario) -> EncounterState:
    """The scene before round 1: every combatant as the scenario sets them up."""
    from firefight.rulesets import find_ruleset

    ruleset = find_ruleset(scenario.ruleset)
    combatants: list[CombatantState] = []
    for spec in scenario.combatants:
        assert isinstance(spec, CoreCombatant)
        core = CombatantState(
            name=spec.name,
            side=spec.side,
            bystander=spec.bystander,
            position=scene_point(spec.position[0], spec.position[1], ruleset.scene_unit),
            posture=spec.posture,
            facing_deg=spec.facing_deg,
            size=spec.size,
            surprise=spec.surprise,
        )
        combatants.append(ruleset.new_combatant(spec, core))
    return EncounterState(
        title=scenario.title,
        ruleset=scenario.ruleset,
        combatants=tuple(combatants),
        barriers=scenario.barriers,
        ruleset_state=ruleset.new_scene(scenario.rules),
    )
