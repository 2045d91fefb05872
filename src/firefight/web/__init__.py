"""``firefight serve``: the GM's page and one page per player, over a JSON API (DESIGN.md
layer 9).

The web layer holds no rules and names no ruleset: every command goes through
:class:`~firefight.service.EncounterService`, the action form is built from the ruleset's
declared verbs (:meth:`~firefight.rulesets.base.Ruleset.action_verbs`), the map is
:func:`~firefight.scene.svg.scene_svg` with the ruleset's overlay, and outcomes are the shared
JSON envelope (docs/json.md). See docs/web.md and docs/api.md.
"""
