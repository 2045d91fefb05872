"""HEAD answered at every address that takes GET, as HTTP has it (RFC 9110, 9.3.2).

Starlette's own routes take HEAD wherever they take GET; FastAPI's take only the methods they
name, so a HEAD (a link checker's, a proxy's health check) was refused 405. Naming HEAD on
each route would list each twice in the OpenAPI description; instead a HEAD is served as the
GET it stands for, with the GET's status and headers and no body. An event stream ends there
too: once the answer is complete, the server tells the stream its client is gone.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["HeadAsGet"]


class HeadAsGet:
    """ASGI middleware: a HEAD request is answered as its GET is, without the body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        ended = False

        async def headers_only(message: Message) -> None:
            nonlocal ended
            if message["type"] == "http.response.start":
                await send(message)
            elif message["type"] == "http.response.body" and not ended:
                ended = True
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        await self.app({**scope, "method": "GET"}, receive, headers_only)
