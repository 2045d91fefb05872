"""``firefight serve``: the web table on this machine (127.0.0.1:8000 unless told otherwise),
over the same store as the command line; it prints the GM's link with its token."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Annotated

import typer

from firefight.cli.common import console, err_console, refusals
from firefight.limits import (
    WEB_ODDS_PER_SERVER,
    WEB_ODDS_PER_TOKEN,
    WEB_STREAMS_PER_SERVER,
    WEB_STREAMS_PER_TOKEN,
)
from firefight.rulesets import rulesets
from firefight.store import open_store, resolve_url
from firefight.store.table_settings import Tables
from firefight.web.app import Server, create_app
from firefight.web.live import Hub, PostgresRelay
from firefight.web.reader import ReadingService
from firefight.web.slots import Gates, WebLimits
from firefight.web.tokens import SECRET_ENV, Keyring

__all__ = ["bundled_examples", "make_server", "serve", "settle"]


def bundled_examples() -> Path | None:
    """The scenarios shipped beside the package in a checkout (``examples/``), if there."""
    for folder in (Path("examples"), Path(__file__).resolve().parents[3] / "examples"):
        if folder.is_dir():
            return folder
    return None


def make_server(url: str | None, keys: Keyring, limits: WebLimits | None = None) -> Server:
    """The :class:`~firefight.web.app.Server` over the store at ``url`` (the command line's
    default when None), with the PostgreSQL relay when the store is PostgreSQL, running at
    most ``limits``' long work at once (DEC-823; the defaults when None)."""
    resolved = resolve_url(url)
    store = open_store(resolved)
    tables = Tables(store)
    service = ReadingService(store)
    hub = Hub()
    if store.backend == "postgresql":
        hub.relay = PostgresRelay(hub, resolved.replace("postgresql+psycopg://", "postgresql://"))
    return Server(
        service=service,
        keys=keys,
        tables=tables,
        hub=hub,
        examples=bundled_examples(),
        gates=Gates(limits),
    )


def settle() -> None:
    """Load every ruleset now, then set everything loaded aside from the garbage collector.

    A full collection walks every object alive, the program's own code and data among them
    (over 100,000 objects once the app and the rulesets are loaded); in a server that stops
    every request in flight, half a second at a time on a busy machine. What is loaded at
    start lives as long as the process, so the collector need never look at it again.
    """
    rulesets()
    gc.collect()
    gc.freeze()


def _address(host: str) -> str:
    """An address to listen on, checked as the option is read: a blank one was read by the
    server as every network at once (and the GM's link printed as http://:8000/), and a name
    that does not resolve failed only after the link and its token were printed."""
    import socket

    if not host.strip():
        raise typer.BadParameter(
            "names no address: 127.0.0.1 keeps the table on this machine, 0.0.0.0 opens it to "
            "the network"
        )
    try:
        socket.getaddrinfo(host, None)
    except (OSError, UnicodeError) as exc:
        said = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise typer.BadParameter(f"{host!r} is no address this machine can find ({said})") from None
    return host


def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="Address to listen on; 0.0.0.0 opens it to the network.",
            callback=_address,
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port.")] = 8000,
    store: Annotated[
        str | None,
        typer.Option(
            "--store",
            help="Database URL (default: $FIREFIGHT_DATABASE_URL, else firefight.db in your "
            "data folder).",
        ),
    ] = None,
    odds_per_token: Annotated[
        int,
        typer.Option(
            "--odds-per-token", min=1, help="Odds figured at once for one token (DEC-823)."
        ),
    ] = WEB_ODDS_PER_TOKEN,
    odds_per_server: Annotated[
        int,
        typer.Option(
            "--odds-per-server",
            min=1,
            show_default=False,
            help="Odds figured at once for all tokens (default: twice the cores, 8 at least).",
        ),
    ] = WEB_ODDS_PER_SERVER,
    streams_per_token: Annotated[
        int,
        typer.Option(
            "--streams-per-token", min=1, help="Live event streams open at once on one token."
        ),
    ] = WEB_STREAMS_PER_TOKEN,
    streams_per_server: Annotated[
        int,
        typer.Option(
            "--streams-per-server", min=1, help="Live event streams open at once on the server."
        ),
    ] = WEB_STREAMS_PER_SERVER,
) -> None:
    """Serve the GM's page and the players' pages over a JSON API (docs/web.md)."""
    import uvicorn

    limits = WebLimits(
        odds_per_token=odds_per_token,
        odds_per_server=odds_per_server,
        streams_per_token=streams_per_token,
        streams_per_server=streams_per_server,
    )
    with refusals():
        keys = Keyring.from_environment()
        server = make_server(store, keys, limits)
    if host not in ("127.0.0.1", "localhost", "::1"):
        err_console.print(
            f"warning: listening on {host}: anyone who can reach this machine can reach the "
            "table; only the tokens keep them out. Serve it behind HTTPS for play over a network."
        )
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(f"firefight serve: store {getattr(server.store, 'url', 'open')}")
    console.print(f"GM page: http://{shown}:{port}/?token={keys.gm_token()}")
    if not os.environ.get(SECRET_ENV):
        console.print(
            f"(a fresh token each start; set {SECRET_ENV} to 64 hex digits to keep it, or to "
            "share it between servers)"
        )
    app = create_app(server)
    settle()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=2,
    )
