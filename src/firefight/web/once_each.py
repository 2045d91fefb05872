"""A JSON body that gives a key twice in one object is refused (DEC-891).

FastAPI reads a body as JSON readers do, keeping the last of two equal keys without a word:
``{"line": "Mara waits", "line": "Mara shoots Viktor"}`` shot. ``encounter import`` refuses
such a file (DEC-886); the API now refuses such a body the same way, by the same check
(:func:`firefight.files.json_once_each`), with 422 and the API's usual ``invalid`` error naming
the key, before anything is read or changed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute

from firefight.files import KeyGivenTwice, json_once_each

__all__ = ["OnceEachRoute"]


class OnceEachRoute(APIRoute):
    """A route whose body, where it takes one, gives each key of an object once."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        if self.body_field is None:
            return handler

        async def checked(request: Request) -> Response:
            _check_keys(await request.body())
            return await handler(request)

        return checked


def _check_keys(body: bytes) -> None:
    """Refuse ``body`` if an object in it gives a key twice: the error names the key as the
    file's does (its line is left out: a request's body is mostly one line)."""
    if not body:
        return
    try:
        # Decoded as JSON's own reader decodes the bytes FastAPI hands it.
        json_once_each(body.decode(json.detect_encoding(body), "surrogatepass"))
    except KeyGivenTwice as twice:
        error = {"type": "value_error", "loc": ("body",), "msg": str(twice), "input": None}
        raise RequestValidationError([error]) from None
    except (ValueError, RecursionError):
        # Not JSON this reader reads: FastAPI's own reading refuses it, in its own words.
        return
