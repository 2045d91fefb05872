"""An encounter's name in a web address (DEC-701).

The API's addresses are ``/api/encounters/NAME/...``, the name one path segment, written by the
page with ``encodeURIComponent``. The server hands the router the path already decoded, in which
the ``%2F`` of a name holding ``/`` (stored before DEC-686 refused them) is a ``/`` like the
others, so no route matched it, and ``north/log`` would have read as the log of ``north``.
:class:`NameSegment` gives the router the name's segment still encoded, from the path as it was
sent; the ``encounter`` convertor of the routes (``{name:encounter}``) decodes it once a route
is found. Every other name reaches the route exactly as it did.

>>> NameConvertor().convert("north%2Fraid")
'north/raid'
>>> routed("/api/encounters/north%2Flog/log", "")
'/api/encounters/north%2Flog/log'
>>> routed("/api/encounters/a%20b", "")
'/api/encounters/a%20b'
"""

from __future__ import annotations

from urllib.parse import quote, unquote

from starlette.convertors import Convertor, register_url_convertor
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["ENCOUNTER_PREFIX", "NameConvertor", "NameSegment", "routed"]

ENCOUNTER_PREFIX = "/api/encounters/"


class NameConvertor(Convertor[str]):
    """The name's segment, percent-encoded as :func:`routed` leaves it, decoded."""

    regex = "[^/]+"

    def convert(self, value: str) -> str:
        return unquote(value)

    def to_string(self, value: str) -> str:
        return quote(value, safe="")


register_url_convertor("encounter", NameConvertor())


def routed(raw: str, root: str) -> str | None:
    """The path to route for ``raw``, the path as sent (percent-encoded, with the mount's
    ``root`` before it): an encounter's address with its name's segment encoded alone, the rest
    decoded as the server decodes it; None for any other address."""
    prefix = root + ENCOUNTER_PREFIX
    if not raw.startswith(prefix):
        return None
    segment, slash, rest = raw[len(prefix) :].partition("/")
    # Written again in one spelling (every reserved character encoded), so that however the
    # client spelt it, the convertor's one decoding gives the name.
    return prefix + quote(unquote(segment), safe="") + slash + unquote(rest)


class NameSegment:
    """ASGI middleware: an encounter's address is routed with its name's segment encoded."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            raw = scope.get("raw_path")
            # Without the path as sent, the decoded one: a name holding `/` stays unreachable,
            # every other is reached as before.
            sent = raw.decode("utf-8", "replace") if raw else quote(scope["path"], safe="/")
            path = routed(sent, scope.get("root_path", ""))
            if path is not None:
                scope = {**scope, "path": path}
        await self.app(scope, receive, send)
