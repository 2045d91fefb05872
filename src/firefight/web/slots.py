"""How much long work the web table runs at once, per token and in all (DEC-823).

Odds are figured in the server's threads (0.1 to 3 s of a core each) and an event stream holds
a connection for as long as its page is open; nothing bounded either, so one client firing odds
in parallel or opening thousands of streams starved the table. Each kind of work now takes a
slot of its own :class:`Slots` before it starts and gives it back when it ends, however it
ends (an answer, an error, a page closed); past a cap the request is refused with 429, a
sentence and ``Retry-After``, and nothing is done.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass

from starlette.exceptions import HTTPException

from firefight.limits import (
    WEB_ODDS_PER_SERVER,
    WEB_ODDS_PER_TOKEN,
    WEB_STREAMS_PER_SERVER,
    WEB_STREAMS_PER_TOKEN,
)
from firefight.web.tokens import Scope

__all__ = ["Busy", "Gates", "Slot", "Slots", "WebLimits"]


@dataclass(frozen=True, slots=True, kw_only=True)
class WebLimits:
    """The caps ``firefight serve`` runs with (its options; the defaults in
    :mod:`firefight.limits`)."""

    odds_per_token: int = WEB_ODDS_PER_TOKEN
    odds_per_server: int = WEB_ODDS_PER_SERVER
    streams_per_token: int = WEB_STREAMS_PER_TOKEN
    streams_per_server: int = WEB_STREAMS_PER_SERVER


class Busy(HTTPException):
    """A slot refused: 429 with ``Retry-After``, said in a sentence (the app's HTTP error
    handler answers it as any HTTP error)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, message, headers={"Retry-After": str(retry_after)})


@dataclass(frozen=True, slots=True)
class _Wording:
    """How one kind of work is named in its refusals."""

    running: str  # "odds being figured": what the caps count
    then: str  # what to do when refused, for the token's cap
    retry_after: int  # seconds


class Slot:
    """One slot taken; :meth:`release` gives it back, once however often it is called (a
    stream's end and its error may both call it)."""

    def __init__(self, owner: Slots, holder: Scope) -> None:
        self._owner = owner
        self._holder: Scope | None = holder

    def release(self) -> None:
        holder, self._holder = self._holder, None
        if holder is not None:
            self._owner._give_back(holder)


class Slots:
    """At most ``per_token`` slots held by one token and ``per_server`` by all; safe to take and
    give back from any thread (odds run in worker threads, streams in the event loop)."""

    def __init__(self, per_token: int, per_server: int, wording: _Wording) -> None:
        self.per_token = per_token
        self.per_server = per_server
        self._wording = wording
        self._lock = threading.Lock()
        self._held: Counter[Scope] = Counter()

    def take(self, holder: Scope) -> Slot:
        """A slot for ``holder``'s token, or :class:`Busy` naming the cap reached."""
        said = self._wording
        with self._lock:
            if self._held[holder] >= self.per_token:
                raise Busy(
                    f"this token has {self.per_token} {said.running} already, the most one "
                    f"token may have at once; {said.then} (DEC-823)",
                    said.retry_after,
                )
            if self._held.total() >= self.per_server:
                raise Busy(
                    f"the server has {self.per_server} {said.running} already, the most it "
                    f"takes at once; try again in {said.retry_after} seconds (DEC-823)",
                    said.retry_after,
                )
            self._held[holder] += 1
        return Slot(self, holder)

    def held(self, holder: Scope | None = None) -> int:
        """Slots held by ``holder``'s token, or by all when None."""
        with self._lock:
            return self._held[holder] if holder is not None else self._held.total()

    def _give_back(self, holder: Scope) -> None:
        with self._lock:
            self._held[holder] -= 1
            if self._held[holder] <= 0:
                del self._held[holder]


class Gates:
    """The slots of the server's long work: odds figured and event streams open."""

    def __init__(self, limits: WebLimits | None = None) -> None:
        caps = limits or WebLimits()
        self.odds = Slots(
            caps.odds_per_token,
            caps.odds_per_server,
            _Wording("odds being figured", "ask again once one is answered", 1),
        )
        self.streams = Slots(
            caps.streams_per_token,
            caps.streams_per_server,
            _Wording("live event streams open", "close a page on this token first", 10),
        )
