"""Who may ask what: each route's guard, read from the token alone (DEC-953).

A guard is a function of the request that gives the token's :class:`~firefight.web.tokens.
Scope` or refuses it (401 without a good token, 403 for what the token may not ask). A route
names its guard as a dependency; a route that takes a body also runs it before the body is
read (:class:`~firefight.web.once_each.OnceEachRoute`), so whoever may not ask is refused the
same way whatever they sent, and learns nothing of how a body is checked.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import Depends, Request

from firefight.web.tokens import Keyring, Scope

__all__ = [
    "GUARDS",
    "DeclaringDep",
    "EncounterDep",
    "GmDep",
    "Refused",
    "ScopeDep",
    "declaring_scope",
    "encounter_scope",
    "gm_scope",
    "token_scope",
]


class Refused(Exception):
    """An HTTP error with a JSON body of its own."""

    def __init__(self, status: int, error: str, message: str, **more: Any) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"error": error, "message": message, **more}


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return request.query_params.get("token")


# The guards are ``async``: they read no file and no database (but the table's settings, in a
# thread), and FastAPI would hand a plain function to a worker thread, one more wait per request.
async def token_scope(request: Request) -> Scope:
    """Any token this server gave."""
    keys: Keyring = request.app.state.server.keys
    token = _token(request)
    if not token:
        raise Refused(401, "unauthorized", "a token is needed: the link the GM was given")
    scope = keys.read(token)
    if scope is None:
        raise Refused(401, "unauthorized", "this token is not one this server gave")
    return scope


async def gm_scope(request: Request) -> Scope:
    """The GM's token."""
    scope = await token_scope(request)
    if not scope.is_gm:
        raise Refused(403, "forbidden", "only the GM may do this")
    return scope


async def encounter_scope(request: Request) -> Scope:
    """The GM's token, or a player's for the encounter the address names: a player's token
    opens only its own encounter."""
    scope = await token_scope(request)
    if not scope.is_gm and scope.encounter != request.path_params.get("name"):
        raise Refused(403, "forbidden", "this token is for another encounter")
    return scope


async def declaring_scope(request: Request) -> Scope:
    """The GM's token, or a player's for this encounter while the GM lets players declare
    (their own character's actions: whose an action is, is read from the action)."""
    scope = await encounter_scope(request)
    if not scope.is_gm:
        settings = await asyncio.to_thread(request.app.state.server.tables.get, scope.encounter)
        if not settings.players_act:
            raise Refused(403, "forbidden", "the GM declares the actions for now")
    return scope


#: Every guard: a route taking a body runs its own before reading the body.
GUARDS = frozenset({token_scope, gm_scope, encounter_scope, declaring_scope})

ScopeDep = Annotated[Scope, Depends(token_scope)]
GmDep = Annotated[Scope, Depends(gm_scope)]
EncounterDep = Annotated[Scope, Depends(encounter_scope)]
DeclaringDep = Annotated[Scope, Depends(declaring_scope)]
