"""A ceiling on a request's body, checked as it arrives (DEC-845).

The API's bodies are small (an action line, a table's settings, a scenario of at most
:data:`~firefight.web.bodies.MAX_SCENARIO_CHARS` characters), but the server read any body
whole before its JSON was checked: 20 MB of one action line were held in memory, parsed and
only then refused for being over 500 characters. A body over :data:`MAX_BODY_BYTES` is now
refused with 413 as soon as its declared length or the bytes received pass the ceiling.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["MAX_BODY_BYTES", "BodyLimit", "BodyTooLarge"]

#: The largest body read: the largest scenario with every character written as a JSON escape
#: (six bytes each) fits, with room to spare.
MAX_BODY_BYTES = 2 * 1024 * 1024


class BodyTooLarge(HTTPException):
    """A body past the ceiling: 413, said in a sentence (the app's HTTP error handler)."""

    def __init__(self, size: int | None) -> None:
        said = f"of {size:,} bytes " if size is not None else ""
        super().__init__(
            413,
            f"the request's body {said}is over the {MAX_BODY_BYTES:,} bytes this server reads; "
            "nothing was read",
        )


class BodyLimit:
    """ASGI middleware: a request's body is read only while it stays under the ceiling. The
    refusal is raised where the app reads the body, so it is answered as any HTTP error is."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        size = int(declared) if declared.isdigit() and len(declared) < 20 else None
        received = 0

        async def counted() -> Message:
            nonlocal received
            if size is not None and size > self.limit:
                raise BodyTooLarge(size)
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(None)
            return message

        await self.app(scope, counted, send)
