"""What readying a weapon comes to (GUR-RELOAD-1): a reload's seconds and whether it loaded, a
draw's seconds and whether the weapon is in hand."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import ResolvedWord, Result

__all__ = ["DrawResult", "ReloadResult", "reload_words"]


def reload_words(seconds: int, loaded: bool) -> str:
    """What a reload came to, after the weapon's name: ``loaded after 7 s.``

    >>> reload_words(7, True), reload_words(2, False)
    ('loaded after 7 s.', 'not loaded (the roll failed) after 2 s.')
    """
    word = "loaded" if loaded else "not loaded (the roll failed)"
    return f"{word} after {seconds:g} s."


@dataclass(frozen=True, slots=True, kw_only=True)
class ReloadResult(Result):
    """Seconds to reload, the second it fires again (``fire_every``: for a one-shot weapon,
    its cycle), and whether it is loaded (a failed Black Powder Weapons roll loads nothing)."""

    seconds: int
    fire_every: int
    loaded: bool
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if self.loaded else "failure"


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawResult(Result):
    """Seconds the draw took (0: at once, on a made Fast-Draw roll) and whether the weapon is
    ready (not dropped)."""

    seconds: int
    ready: bool
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        """At once is a success, a Ready is done, a dropped weapon a fumble."""
        if not self.ready:
            return "fumble"
        return "success" if self.seconds == 0 else "done"
