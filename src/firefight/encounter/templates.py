"""NPC templates (issue 17): a scenario's combatant says ``template = "thug"`` and takes the
template's fields under its own -- its own win, and a table of figures (``stats``,
``skills``) is merged key by key. Templates come from a ``catalog.toml`` next to the scenario,
then from the user's catalogs for the scenario's ruleset (:mod:`firefight.tables.user_catalogs`).
The scenario is stored with its templates filled in, so an encounter never needs them again.

>>> fill({"name": "Goon", "stats": {"quickness": 5}},
...      {"name": "thug", "hits": 40, "stats": {"quickness": 0, "bmr_ft": 20}})
{'hits': 40, 'stats': {'quickness': 5, 'bmr_ft': 20}, 'name': 'Goon'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from firefight.errors import TableDataError
from firefight.fuzzy import hint
from firefight.tables.user_catalogs import (
    SCENARIO_CATALOG,
    TEMPLATE_KIND,
    UserRow,
    read_catalog,
    user_rows,
)

__all__ = ["check_templates", "fill", "scenario_templates", "with_templates"]


def fill(combatant: Mapping[str, Any], template: Mapping[str, Any]) -> dict[str, Any]:
    """``combatant`` over ``template`` (whose ``name`` is its own, not the combatant's)."""
    result = {k: v for k, v in template.items() if k != "name"}
    for key, value in combatant.items():
        below = result.get(key)
        if isinstance(value, Mapping) and isinstance(below, Mapping):
            result[key] = {**below, **value}
        else:
            result[key] = value
    return result


def check_templates(rows: Sequence[UserRow], ruleset: str) -> None:
    """Refuse the first template of ``rows`` whose fields a ``ruleset`` combatant could not
    take (an unknown weapon, a figure out of bounds), naming its file and row: a bad one was
    accepted and then refused in every scenario that used it, naming the scenario."""
    from firefight.encounter.scenario import template_problem

    for row in rows:
        if row.kind == TEMPLATE_KIND:
            problem = template_problem(row.data, ruleset)
            if problem is not None:
                raise row.error(problem[1], problem[0])


def _name(row: UserRow) -> str:
    name = row.data.get("name")
    if not isinstance(name, str) or not name:
        raise row.error("a template needs a name", "name")
    return name


def scenario_templates(
    path: Path, known: Mapping[str, tuple[str, ...]]
) -> tuple[str, list[UserRow]]:
    """The ruleset of ``path``, a scenario's own catalog (``known`` gives the rulesets it may
    be for and their kinds), and its templates. It holds templates alone: a weapon, armor or
    ammunition row there was read by nothing -- a weapon of the user's is read from their
    catalogs -- so one is refused, naming its row, as is a template without a name (DEC-839)."""
    ruleset, rows = read_catalog(path, known)
    for row in rows:
        if row.kind != TEMPLATE_KIND:
            raise row.error(
                f"a scenario's {SCENARIO_CATALOG} holds templates alone, and a {row.kind} here "
                "would be read by nothing: put it in a catalog of yours (firefight catalog add)"
            )
        _name(row)
    return ruleset, rows


def _templates(folder: Path | None, ruleset: str, known: tuple[str, ...]) -> dict[str, UserRow]:
    rows = user_rows(ruleset, TEMPLATE_KIND, known)
    beside = None if folder is None else folder / SCENARIO_CATALOG
    if beside is not None and beside.is_file():
        rows = [*rows, *scenario_templates(beside, {ruleset: known})[1]]
    # The scenario's own catalog last: its templates win.
    return {_name(row).lower(): row for row in rows}


def with_templates(data: Mapping[str, Any], label: str, folder: Path | None) -> dict[str, Any]:
    """The scenario ``data`` (``label`` in errors) with every combatant's template filled in,
    from the ``catalog.toml`` in the scenario's ``folder`` when it has one, else from the
    user's catalogs alone (a scenario sent as text, on the web table: DEC-872)."""
    people = data.get("combatant")
    header = data.get("scenario")
    if not isinstance(people, list) or not any(
        isinstance(p, dict) and "template" in p for p in people
    ):
        return dict(data)
    from firefight.rulesets import find_ruleset

    ruleset = find_ruleset(str(header.get("ruleset"))) if isinstance(header, dict) else None
    if ruleset is None:
        return dict(data)
    templates = _templates(folder, ruleset.name, ruleset.user_catalog_kinds())
    filled = []
    for number, person in enumerate(people, start=1):
        if not isinstance(person, dict) or "template" not in person:
            filled.append(person)
            continue
        wanted = str(person["template"])
        row = templates.get(wanted.lower())
        if row is None:
            said = (
                hint(wanted, [str(r.data["name"]) for r in templates.values()])
                if templates
                else ("no catalog holds templates (firefight catalog list)")
            )
            raise TableDataError(
                label, f"combatant {number}, template", f"no template {wanted!r}; {said}"
            )
        own = {k: v for k, v in person.items() if k != "template"}
        filled.append(fill(own, row.data))
    return {**data, "combatant": filled}
