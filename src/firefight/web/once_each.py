"""A route taking a body checks its token first, then that the body gives each key once.

FastAPI reads a route's body before it runs the route's dependencies, so a request from
someone the route refuses was answered about its body first: a JSON syntax error, a key given
twice, a body too large, each told to a caller with no token at all. A route taking a body now
runs its guard (:mod:`firefight.web.guards`) before reading a byte of it, and whoever may not
ask is refused the same way whatever they sent (DEC-953).

FastAPI also reads a body as JSON readers do, keeping the last of two equal keys without a
word: ``{"line": "Mara waits", "line": "Mara shoots Viktor"}`` shot. ``encounter import``
refuses such a file (DEC-886); the API refuses such a body the same way, by the same check
(:func:`firefight.files.json_once_each`), with 422 and the API's usual ``invalid`` error naming
the key (and, in a body of several lines, where the second one stands), before anything is
read or changed (DEC-891).

That reading is the body's only one: FastAPI is handed what it read. A body past
:data:`ON_LOOP_BYTES` is read in a worker thread: 2 MiB of small objects took some 0.15 s to
read, twice over, on the event loop, every other request waiting meanwhile (DEC-985).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute

from firefight.files import KeyGivenTwice, json_once_each
from firefight.web.guards import GUARDS

__all__ = ["ON_LOOP_BYTES", "OnceEachRoute"]

#: The largest body read on the event loop (well under a millisecond); a larger one, up to the
#: 2 MiB a caller with a good token may send, is read in a worker thread (DEC-985).
ON_LOOP_BYTES = 64 * 1024

#: What :func:`_read` gives for a body it leaves to FastAPI: none, or no JSON it reads.
_UNREAD = object()


class OnceEachRoute(APIRoute):
    """A route whose body, where it takes one, is read only for a token its guard lets by,
    and gives each key of an object once."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        if self.body_field is None:
            return handler
        guards = [d.call for d in self.dependant.dependencies if d.call in GUARDS]

        async def checked(request: Request) -> Response:
            for guard in guards:
                await guard(request)
            body = await request.body()
            read = (
                await asyncio.to_thread(_read, body) if len(body) > ON_LOOP_BYTES else _read(body)
            )
            if read is not _UNREAD:
                # FastAPI reads a body through Request.json(), which keeps what it read here
                # (Starlette's cache): handed this reading, it does not read the body again.
                request._json = read
            return await handler(request)

        return checked


def _read(body: bytes) -> Any:
    """``body`` read as JSON, refused if an object in it gives a key twice: the error names
    the key as the file's does, and where the second stands when the body has more than one
    line. :data:`_UNREAD` for an empty body or one that is no JSON."""
    if not body:
        return _UNREAD
    try:
        # Decoded as JSON's own reader decodes the bytes FastAPI hands it.
        text = body.decode(json.detect_encoding(body), "surrogatepass")
        return json_once_each(text)
    except KeyGivenTwice as twice:
        message = str(twice)
        if twice.line is not None and "\n" in text:
            message += f" (line {twice.line}, column {twice.column})"
        error = {"type": "value_error", "loc": ("body",), "msg": message, "input": None}
        raise RequestValidationError([error]) from None
    except (ValueError, RecursionError):
        # Not JSON this reader reads: FastAPI's own reading refuses it, in its own words.
        return _UNREAD
