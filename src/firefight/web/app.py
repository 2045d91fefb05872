"""The web application: the JSON API (OpenAPI at ``/openapi.json``), the GM's and the players'
pages, and their live event streams (docs/api.md, docs/web.md).

Every request needs a token (:mod:`firefight.web.tokens`), in an ``Authorization: Bearer``
header or a ``token`` query parameter (pages and event streams, which cannot send a header).
Errors are JSON, ``{"error": KIND, "message": ...}``; nothing else reaches the client: no stack
trace, no file outside the app's routes.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import tomllib
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.exceptions import HTTPException
from starlette.routing import Match

from firefight.cli.common import refusal_json
from firefight.cli.encounter import applied_json
from firefight.declarations import DeclarationError
from firefight.dice import Dice, ScriptedSource, SeededSource
from firefight.encounter.gm import is_gm_line
from firefight.encounter.scenario import ScenarioError, parse_scenario
from firefight.encounter.turns import ORDER_RULE, ahead_of
from firefight.errors import FirefightError, RuleRefusal, UnknownNameError
from firefight.odds.lines import line_odds
from firefight.scene.events import GM_RULE
from firefight.scene.svg import scene_svg
from firefight.serialize import to_plain
from firefight.service import Applied, Current
from firefight.store.base import ConflictError, EncounterExists, EncounterStore
from firefight.store.table_settings import TableChanged, Tables, TableSettings, settings_json
from firefight.web.addresses import NameSegment
from firefight.web.bodies import (
    HALF_A_CHARACTER,
    ActBody,
    CreateBody,
    DiceBody,
    HeadBody,
    LineBody,
    RoundBody,
    TableBody,
)
from firefight.web.body_limit import BodyLimit
from firefight.web.guards import (
    DeclaringDep,
    EncounterDep,
    GmDep,
    Refused,
    ScopeDep,
)
from firefight.web.head import HeadAsGet
from firefight.web.live import Hub
from firefight.web.once_each import OnceEachRoute
from firefight.web.reader import ReadingService
from firefight.web.rendered import Rendered, encoded
from firefight.web.slots import Gates
from firefight.web.tokens import Keyring, Scope
from firefight.web.views import (
    gm_word,
    hover_details,
    player_outcome,
    rows_view,
    seen_refusal,
    seen_state,
    state_view,
    turn_words,
    verbs_view,
)

__all__ = ["Server", "create_app"]

log = logging.getLogger(__name__)

#: Fields a validation error names at most.
MAX_FIELDS = 20
#: DEC-850: what a player's odds are figured on.
SEEN_NOTE = "as you see the scene"

#: Seconds between the comments that keep an idle event stream open through proxies.
KEEPALIVE_S = 15.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Server:
    """What the app serves from: the service over the store, the keyring, the table settings,
    the event hub, the folder of bundled scenarios (None: none offered), the answers kept
    between changes and the slots of long work (DEC-823)."""

    service: ReadingService
    keys: Keyring
    tables: Tables
    hub: Hub
    examples: Path | None = None
    rendered: Rendered = field(default_factory=Rendered)
    gates: Gates = field(default_factory=Gates)

    @property
    def store(self) -> EncounterStore:
        return self.service.store


def _dice(body: DiceBody) -> tuple[Dice, dict[str, object]]:
    if body.rolls is not None:
        return Dice(ScriptedSource(body.rolls)), {"source": "scripted", "rolls": body.rolls}
    seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
    return Dice(SeededSource(seed)), {"source": "seeded", "seed": seed}


def _json(data: Any, status: int = 200) -> Response:
    """``data`` (plain JSON values) as the answer."""
    return _sent(encoded(data), status)


def _sent(body: bytes, status: int = 200) -> Response:
    return Response(body, status_code=status, media_type="application/json")


def _player_dice(dice: DiceBody, settings: TableSettings) -> None:
    """A player's action is rolled by the server unless the GM asks for the players' dice;
    then it takes the faces they rolled. A player never picks a seed (it would pick the roll)."""
    if settings.players_roll:
        if dice.rolls is None:
            raise Refused(
                422, "dice-needed", "the GM asks for your own dice: type the faces you rolled"
            )
    elif dice.rolls is not None or dice.seed is not None:
        raise Refused(403, "forbidden", "the server rolls the dice for now; send none")


def _applied(
    applied: Applied, info: dict[str, object] | None, unused: Sequence[int | str] = ()
) -> dict[str, Any]:
    """A command's reply: the envelope (docs/json.md) as the command line prints it, and the
    new head."""
    plain = to_plain({**applied_json(applied, info, unused), "head": applied.record.seq})
    assert isinstance(plain, dict)
    return plain


def _static(name: str) -> str:
    return resources.files("firefight.web").joinpath("static", name).read_text(encoding="utf-8")


def _page(role: str) -> str:
    return _static("page.html").replace("{{ROLE}}", role)


def _examples(server: Server) -> dict[str, Path]:
    folder = server.examples
    if folder is None or not folder.is_dir():
        return {}
    # examples/ also ships catalogs and a sweep's scene: only a file with a [scenario] table
    # opens an encounter, so only those are offered.
    return {p.stem: p for p in sorted(folder.glob("*.toml")) if _is_scenario(p)}


def _is_scenario(path: Path) -> bool:
    try:
        return isinstance(tomllib.loads(path.read_text(encoding="utf-8")).get("scenario"), dict)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False


def _allowed_methods(request: Request) -> str:
    """The methods every route at the request's address takes (the router's 405 names only
    the first route's: ``GET`` for the table, which takes ``PUT`` too)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if route.matches(request.scope)[0] != Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    if "GET" in methods:  # answered as the GET (web/head.py)
        methods.add("HEAD")
    return ", ".join(sorted(methods))


def _http_error(request: Request, exc: HTTPException) -> JSONResponse:
    """An HTTP error raised outside the app's own code (the router, the body's reading), said
    in a sentence."""
    status, headers = exc.status_code, exc.headers
    error, message = "http", str(exc.detail)
    if status == 400:  # FastAPI's only 400: a body no JSON reader reads, but no syntax error
        error = "invalid"
        message = (
            "body: the body cannot be read as JSON (it is not UTF-8, nests too deep, or holds "
            "a number of thousands of digits)"
        )
    elif status == 404:
        error, message = "not-found", "nothing is served at this address (docs/api.md lists it)"
    elif status == 405:
        allowed = _allowed_methods(request)
        headers = {**(headers or {}), "Allow": allowed}
        error = "not-allowed"
        named = [m for m in allowed.split(", ") if m != "HEAD"]  # HEAD goes with GET
        message = f"this address takes {' or '.join(named)}, not this method"
    elif status == 413:
        error = "too-large"
    elif status == 429:
        error = "busy"
    return JSONResponse({"error": error, "message": message}, status, headers=headers)


def _field(error: Any) -> dict[str, str]:
    """One validation error as the field's path and a sentence: pydantic's own, but for a body
    that is no JSON object at all, JSON's syntax error with its place, and a check of ours
    (``Value error, ...``) without pydantic's prefix."""
    loc = [str(p) for p in error["loc"]]
    kind, message = error["type"], error["msg"]
    if kind == "json_invalid":
        loc = ["body"]
        message = f"the body is not JSON: {error['ctx']['error']} (at character {error['loc'][1]})"
    elif loc == ["body"] and kind != "value_error":
        message = "the request needs a JSON object as its body, sent as application/json"
    elif kind == "string_unicode":
        message = HALF_A_CHARACTER
    elif kind == "value_error":
        message = message.removeprefix("Value error, ")
    return {"path": ".".join(loc), "message": message}


def _errors(app: FastAPI) -> None:
    """Every error as JSON with a kind and a sentence; validation errors with each field's
    path; anything unexpected logged here and reported without its details."""

    @app.exception_handler(Refused)
    async def refused(_: Request, exc: Refused) -> JSONResponse:
        return JSONResponse(exc.body, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        # The first few: a body of many thousand unknown keys is not answered with as many.
        fields = [_field(e) for e in exc.errors()[:MAX_FIELDS]]
        first = fields[0] if fields else {"path": "body", "message": "invalid request"}
        message = f"{first['path']}: {first['message']}"
        return JSONResponse(
            {"error": "invalid", "message": message, "fields": fields}, status_code=422
        )

    @app.exception_handler(HTTPException)
    async def http(request: Request, exc: HTTPException) -> JSONResponse:
        return _http_error(request, exc)

    @app.exception_handler(RuleRefusal)
    async def refusal(_: Request, exc: RuleRefusal) -> JSONResponse:
        body = {"error": "refused", "rule": exc.rule, "message": exc.reason}
        return JSONResponse(body, status_code=422)

    @app.exception_handler(ConflictError)
    async def conflict(_: Request, exc: ConflictError) -> JSONResponse:
        body = {
            "error": "conflict",
            "message": str(exc),
            "expected_head": exc.expected_head,
            "actual_head": exc.actual_head,
        }
        return JSONResponse(body, status_code=409)

    @app.exception_handler(TableChanged)
    async def table_changed(_: Request, exc: TableChanged) -> JSONResponse:
        body = {"error": "table-changed", "message": str(exc), "revision": exc.now}
        return JSONResponse(body, status_code=409)

    @app.exception_handler(EncounterExists)
    async def exists(_: Request, exc: EncounterExists) -> JSONResponse:
        return JSONResponse({"error": "exists", "message": str(exc)}, status_code=409)

    @app.exception_handler(UnknownNameError)
    async def unknown(_: Request, exc: UnknownNameError) -> JSONResponse:
        return JSONResponse({"error": "not-found", "message": str(exc)}, status_code=404)

    @app.exception_handler(ScenarioError)
    async def scenario(_: Request, exc: ScenarioError) -> JSONResponse:
        body = {
            "error": "scenario",
            "message": str(exc),
            "where": exc.where,
            "line": exc.line,
            "problem": exc.problem,
        }
        return JSONResponse(body, status_code=422)

    @app.exception_handler(FirefightError)
    async def firefight(_: Request, exc: FirefightError) -> JSONResponse:
        kind = "declaration" if isinstance(exc, DeclarationError) else "invalid"
        return JSONResponse({"error": kind, "message": str(exc)}, status_code=422)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        body = {"error": "internal", "message": "the server failed; the GM can see its log"}
        return JSONResponse(body, status_code=500)


def create_app(server: Server) -> FastAPI:
    """The application over ``server``'s store."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        if server.hub.relay is not None:
            server.hub.relay.close()

    app = FastAPI(
        title="firefight",
        summary="Run a firefight from the browser: the GM's table and the players' pages.",
        version="1",
        docs_url=None,  # the interactive docs load scripts from elsewhere: not served
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.server = server
    # A body giving a key twice is refused, not read as its last (DEC-891).
    app.router.route_class = OnceEachRoute
    _errors(app)
    # A name stored with a `/` in it (before DEC-686) reaches its routes too (DEC-701).
    app.add_middleware(NameSegment)
    app.add_middleware(BodyLimit)
    app.add_middleware(HeadAsGet)

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        # Tokens travel in page URLs: no page may pass its URL on to another site.
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            "frame-ancestors 'none'"
        )
        response.headers["Cache-Control"] = "no-store"
        return response

    # --- pages ------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def gm_page(scope: GmDep) -> str:
        return _page("gm")

    @app.get("/play", response_class=HTMLResponse, include_in_schema=False)
    def player_page(scope: ScopeDep) -> str:
        return _page("gm" if scope.is_gm else "player")

    @app.get("/static/app.js", include_in_schema=False)
    def script() -> Response:
        return Response(_static("app.js"), media_type="text/javascript")

    @app.get("/static/app.css", include_in_schema=False)
    def style() -> Response:
        return Response(_static("app.css"), media_type="text/css")

    # --- the API ----------------------------------------------------------------------------

    @app.get("/api/whoami", tags=["tokens"])
    def whoami(scope: ScopeDep) -> dict[str, Any]:
        """What the token lets its holder do."""
        return {"role": scope.role, "encounter": scope.encounter, "character": scope.character}

    @app.get("/api/scenarios", tags=["encounters"])
    def scenarios(scope: GmDep) -> dict[str, Any]:
        """The bundled scenarios an encounter can be created from."""
        return {"scenarios": list(_examples(server))}

    @app.get("/api/encounters", tags=["encounters"])
    def list_encounters(scope: GmDep) -> dict[str, Any]:
        """Every encounter in the store."""
        infos = server.service.list()
        return {
            "encounters": [
                {
                    "name": i.name,
                    "ruleset": i.ruleset,
                    "records": i.head_seq,
                    "created_at": i.created_at,
                }
                for i in infos
            ]
        }

    @app.post("/api/encounters", status_code=201, tags=["encounters"])
    def create(body: CreateBody, scope: GmDep) -> Response:
        """Start an encounter from a scenario (TOML text or a bundled one); round 1 opens."""
        if body.example is not None:
            path = _examples(server).get(body.example)
            if path is None:
                raise Refused(404, "not-found", f"no bundled scenario {body.example!r}")
            text, label = path.read_text(encoding="utf-8"), path.name
        else:
            assert body.scenario is not None
            text, label = body.scenario, "the scenario"
        parsed = parse_scenario(text, label)
        dice, info = _dice(body.dice)
        applied = server.service.new(body.name, parsed, dice)
        server.hub.changed(applied.name, applied.record.seq, "created")
        return _json(_applied(applied, info, dice.unused), 201)

    def _current(name: str) -> Current:
        return server.service.current(name)

    @app.get("/api/encounters/{name:encounter}", tags=["encounters"])
    def show(name: str, scope: EncounterDep) -> Response:
        """The encounter as it stands: the turn, the state table, and for the GM the state's
        JSON and the table settings. A player sees what docs/web.md says they may."""
        current = _current(name)
        settings = server.tables.get(name)

        def make() -> bytes:
            view = state_view(name, current.state, current.head, current.ruleset, scope, settings)
            return encoded(view)

        return _sent(server.rendered.answer(("show", name, current.head, scope, settings), make))

    @app.get("/api/encounters/{name:encounter}/log", tags=["encounters"])
    def encounter_log(name: str, scope: EncounterDep) -> Response:
        """Every record; the GM's in the shared envelope with the trace as text."""
        head, ruleset, records = server.service.listing(name)
        hidden = server.tables.get(name).hidden
        return _sent(server.rendered.log(name, head, ruleset, records, scope, hidden))

    @app.get("/api/encounters/{name:encounter}/verbs", tags=["actions"])
    def verbs(name: str, scope: EncounterDep) -> Response:
        """The action form: the ruleset's verbs with their options, from its declarations, and
        faces of its dice for the dice box's example (the whole line's, naming the fight's
        people, comes with the encounter as it stands)."""
        ruleset = _current(name).ruleset

        def make() -> bytes:
            return encoded(
                {
                    "ruleset": ruleset.name,
                    "verbs": verbs_view(ruleset),
                    "rolls_example": ruleset.example_rolls,
                }
            )

        return _sent(server.rendered.answer(("verbs", ruleset.name), make))

    @app.get("/api/encounters/{name:encounter}/map.svg", tags=["encounters"])
    def map_svg(
        name: str,
        scope: EncounterDep,
        line: Annotated[str | None, Query(max_length=500)] = None,
    ) -> Response:
        """The map; with ``line``, the shapes of that action (lines of fire, cones, blasts)."""
        current = _current(name)
        state, ruleset = current.state, current.ruleset
        settings = server.tables.get(name)

        def make() -> bytes:
            seen = seen_state(state, scope, settings)
            # What lies in the scene (a live grenade, a cloud), as `encounter map` draws it.
            overlay, refused, caption = ruleset.scene_overlay(seen), None, None
            # A GM command draws nothing of its own (DEC-711): it is no one's action.
            if line and not is_gm_line(line, state):
                try:
                    # As the action is read for this token (DEC-674), drawn on what it sees.
                    action = ruleset.parse_action(line, seen)
                    if scope.is_gm or scope.plays(name, action.actor):
                        overlay, refused, caption, _ = ruleset.map_layers(seen, action)
                except FirefightError as exc:
                    caption = str(exc)
            details = hover_details(rows_view(state, ruleset, scope, settings))
            svg = scene_svg(
                seen,
                unit=ruleset.scene_unit,
                overlay=overlay,
                caption=caption,
                details=details,
                refused=refused,
            )
            return svg.encode("utf-8")

        key = ("map", name, current.head, scope, settings, line)
        return Response(server.rendered.answer(key, make), media_type="image/svg+xml")

    def _may_declare(scope: Scope, name: str, text: str) -> Current:
        """The current encounter, if ``scope`` may declare ``text`` in it: the GM anything, a
        player (let declare by the route's guard) their own character's actions."""
        current = _current(name)
        if scope.is_gm:
            return current
        # DEC-674: read against the scene the player sees, a hidden combatant is nobody to them
        # (nor named among those a misspelt name might have meant).
        seen = seen_state(current.state, scope, server.tables.get(name))
        action = current.ruleset.parse_action(text, seen)
        if not scope.plays(name, action.actor):
            raise Refused(
                403, "forbidden", f"this token plays {scope.character}, not {action.actor}"
            )
        # DEC-956: a player's own modifier would be a chosen roll, as a seed would (DEC-531).
        said = gm_word(current.ruleset, text)
        if said is not None:
            raise Refused(
                403, "forbidden", f"--{said} is the GM's word, not a player's: ask the GM for it"
            )
        return current

    def _in_turn(current: Current, text: str, scope: Scope, name: str) -> None:
        """DEC-675: a player acts in initiative order (ENC-ORDER); only the GM plays out of it.
        Said to the player, who can neither force it nor change the order."""
        action = current.ruleset.parse_action(text, current.state)
        # What the rules refuse is refused for that first: no waiting would let it through.
        server.service.check_allowed(current.state, action, current.ruleset)
        waiting = ahead_of(current.state, action.actor, current.ruleset)
        if waiting:
            settings = server.tables.get(name)
            first = ", ".join(turn_words(waiting, current.state, scope, settings))
            comes = "comes" if len(waiting) == 1 else "come"
            raise RuleRefusal(
                ORDER_RULE,
                f"{action.actor} acts out of initiative order: {first} {comes} first. Wait for "
                "them, or ask the GM.",
            )

    def _gm_line(scope: Scope, name: str, text: str) -> Current | None:
        """The current encounter when ``text`` is a GM command (as the session reads one:
        its first word is one and names nobody), which only the GM gives; else None."""
        current = _current(name)
        if not is_gm_line(text, current.state):
            return None
        if not scope.is_gm:
            raise Refused(403, "forbidden", f"only the GM gives GM commands ({text.split()[0]!r})")
        return current

    @app.post("/api/encounters/{name:encounter}/odds", tags=["actions"])
    def odds(name: str, body: LineBody, scope: DeclaringDep) -> Any:
        """The odds of an action before it is declared (sampled through the ruleset's own
        resolver; docs/web.md); a refused line is refused as when declared, with the line it
        composed (the map can still draw it). A GM command is done as written: its odds say
        so once it reads (DEC-711). Figured a few at a time (DEC-823)."""
        slot = server.gates.odds.take(scope)
        try:
            return _odds(name, body.text, scope)
        finally:
            slot.release()

    def _odds(name: str, text: str, scope: Scope) -> Any:
        """The odds' answer, figured while its slot is held."""
        gm_current = _gm_line(scope, name, text)
        try:
            if gm_current is not None:
                server.service.check_gm(gm_current.state, gm_current.ruleset, text)
                verb = text.split()[0].lower()
                return {
                    "line": text,
                    "actor": None,
                    "verb": verb,
                    "outcomes": {"done": 1.0},
                    "effects": {},
                    "method": "exact",
                    "samples": None,
                    "note": None,
                }
            current = _may_declare(scope, name, text)
            settings = server.tables.get(name)
            try:
                if not scope.is_gm:
                    # Refused as when declared: against the whole scene (DEC-846).
                    current.ruleset.validate(
                        current.state, current.ruleset.parse_action(text, current.state)
                    )
                # DEC-850: a player's figures are of the scene they see; cover from a body
                # hidden from them would tell them someone stands there.
                seen = seen_state(current.state, scope, settings)
                found = line_odds(seen, current.ruleset, text)
            except RuleRefusal as exc:
                raise seen_refusal(exc, scope, settings) from None
        except RuleRefusal as exc:
            refused = {"error": "refused", "rule": exc.rule, "message": exc.reason, "line": text}
            return JSONResponse(refused, status_code=422)
        return {
            "line": text,
            "actor": found.actor,
            "verb": found.verb,
            "outcomes": dict(found.outcomes),
            "effects": dict(found.effects),
            "method": found.method,
            "samples": found.samples,
            "note": None if scope.is_gm else SEEN_NOTE,
        }

    @app.post("/api/encounters/{name:encounter}/act", tags=["actions"])
    def act(name: str, body: ActBody, scope: DeclaringDep) -> Response:
        """Declare and resolve an action. A refused one changes nothing (422, the rule and
        why); one built on a head the log has moved past is refused with 409."""
        text = body.text
        if _gm_line(scope, name, text) is not None:
            return _gm_command(name, text, body)
        current = _may_declare(scope, name, text)
        if not scope.is_gm:
            _player_dice(body.dice, server.tables.get(name))
        dice, info = _dice(body.dice)
        try:
            if not scope.is_gm:
                _in_turn(current, text, scope, name)
            # The order is checked again as the action is written (another may have come first).
            applied = server.service.act(
                name, text, dice, force=scope.is_gm, expected_head=body.expected_head
            )
        except RuleRefusal as refusal:
            # Read against the whole scene (the line was read against the player's above).
            exc = seen_refusal(refusal, scope, server.tables.get(name))
            envelope = refusal_json(current.ruleset.name, {"name": None, "text": text}, {}, exc)
            body_ = {"error": "refused", "rule": exc.rule, "message": exc.reason}
            return JSONResponse({**body_, "envelope": envelope}, status_code=422)
        head = applied.record.seq
        server.hub.changed(name, head, "act")
        reply = _applied(applied, info, dice.unused)
        if not scope.is_gm:
            # A player hears what their action came to, not the figures behind it.
            unseen = server.tables.get(name).hidden - {scope.character}
            outcome = player_outcome(applied.record, reply["result"]["outcome"], unseen)
            reply = {"encounter": name, "head": head, "text": text, "outcome": outcome}
        return _json(reply)

    def _gm_command(name: str, text: str, body: ActBody) -> Response:
        """The GM's override typed as a line, done as `encounter gm` does it (DEC-711). It
        rolls nothing: faces rolled at the table are refused, so the page keeps them for the
        action that takes them (D-3)."""
        if body.dice.rolls:
            raise RuleRefusal(
                GM_RULE,
                f"A GM command rolls no dice; the faces typed ({len(body.dice.rolls)}) are kept "
                "for the action that takes them.",
            )
        applied = server.service.gm(name, text, expected_head=body.expected_head)
        server.hub.changed(name, applied.record.seq, "gm")
        return _json(_applied(applied, {"source": "none"}))

    @app.post("/api/encounters/{name:encounter}/next-round", tags=["actions"])
    def next_round(name: str, body: RoundBody, scope: GmDep) -> Response:
        """End the round (the ruleset's upkeep) and start the next (initiative)."""
        dice, info = _dice(body.dice)
        applied = server.service.next_round(name, dice, expected_head=body.expected_head)
        server.hub.changed(name, applied.record.seq, "round")
        return _json(_applied(applied, info, dice.unused))

    @app.post("/api/encounters/{name:encounter}/undo", tags=["actions"])
    def undo(name: str, body: HeadBody, scope: GmDep) -> Response:
        """Take back the last action or round change still in force."""
        applied = server.service.undo(name, expected_head=body.expected_head)
        server.hub.changed(name, applied.record.seq, "undo")
        return _json(_applied(applied, None))

    @app.post("/api/encounters/{name:encounter}/redo", tags=["actions"])
    def redo(name: str, body: HeadBody, scope: GmDep) -> Response:
        """Play again the last thing undone (the earliest of the last run of undos first),
        with the dice it rolled (DEC-697, DEC-711)."""
        applied = server.service.redo_next(name, expected_head=body.expected_head)
        server.hub.changed(name, applied.record.seq, "redo")
        faces = list(applied.record.dice.faces)
        return _json(_applied(applied, {"source": "scripted", "rolls": faces}))

    @app.get("/api/encounters/{name:encounter}/table", tags=["table"])
    def get_table(name: str, scope: GmDep) -> dict[str, Any]:
        """What players see and may do in this encounter."""
        _current(name)  # an unknown encounter: 404, not the settings of a table nobody keeps
        return settings_json(server.tables.get(name))

    @app.put("/api/encounters/{name:encounter}/table", tags=["table"])
    def put_table(name: str, body: TableBody, scope: GmDep) -> dict[str, Any]:
        """Hide combatants, open their figures to the players, let players declare, ask them
        for their dice."""
        state = _current(name).state
        # Each name as the scene spells it (the views compare names as spelt); an unknown one
        # is refused with the closest ones.
        hidden = frozenset(state.combatant(who).name for who in body.hidden)
        opened = frozenset(state.combatant(who).name for who in body.opened)
        settings = TableSettings(
            hidden=hidden,
            opened=opened,
            players_act=body.players_act,
            players_roll=body.players_roll,
        )
        # A page that read older settings is refused, not let undo what came since (DEC-982).
        stored = server.tables.put(name, settings, revision=body.revision)
        server.hub.changed(name, None, "table")
        return settings_json(stored)

    @app.get("/api/encounters/{name:encounter}/players", tags=["table"])
    def players(name: str, scope: GmDep, request: Request) -> dict[str, Any]:
        """A link with a player token for each character."""
        state = _current(name).state
        base = str(request.base_url).rstrip("/")
        links = []
        for c in state.combatants:
            token = server.keys.player_token(name, c.name)
            links.append({"character": c.name, "token": token, "url": f"{base}/play?token={token}"})
        return {"players": links}

    @app.get("/api/encounters/{name:encounter}/events", tags=["live"])
    async def events(name: str, scope: EncounterDep, request: Request) -> StreamingResponse:
        """Server-sent events: ``change`` whenever the encounter moves (any process). A few
        open at a time per token, and a few hundred in all (DEC-823)."""
        slot = server.gates.streams.take(scope)
        try:
            await asyncio.to_thread(server.store.head, name)  # an unknown encounter: 404 now
        except BaseException:
            slot.release()
            raise
        queue = server.hub.subscribe(name)

        async def stream() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\nevent: hello\ndata: {}\n\n"
                while not await request.is_disconnected():
                    try:
                        message = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                    yield f"event: change\ndata: {message}\n\n"
            finally:
                # However the stream ends: the page gone, the server stopping, an error.
                server.hub.unsubscribe(name, queue)
                slot.release()

        return StreamingResponse(stream(), media_type="text/event-stream")

    return app
