"""Who may do what: a GM token and one player token per character, signed by the server.

A token is a scope and an HMAC-SHA256 of it under the server's secret (32 random bytes): the
GM's scope is ``gm``, a player's names the encounter and the character. Nothing is stored: any
process given the same secret (``FIREFIGHT_WEB_SECRET``) reads the same tokens, so two servers
behind one URL accept each other's links (DEC-431). A token cannot be guessed without the
secret: its signature is 256 bits.

>>> keys = Keyring(bytes(32))
>>> keys.read(keys.gm_token())
Scope(role='gm', encounter=None, character=None)
>>> keys.read(keys.player_token("ambush", "Mara"))
Scope(role='player', encounter='ambush', character='Mara')
>>> keys.read(keys.gm_token()[:-1] + "x") is None
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from typing import Literal

from firefight.errors import FirefightError

__all__ = ["SECRET_ENV", "Keyring", "Scope"]

#: The environment variable that gives several servers one secret (hex, 64 digits).
SECRET_ENV = "FIREFIGHT_WEB_SECRET"


@dataclass(frozen=True, slots=True)
class Scope:
    """What a token lets its holder do: everything (``gm``), or play ``character`` in
    ``encounter``."""

    role: Literal["gm", "player"]
    encounter: str | None = None
    character: str | None = None

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"

    def plays(self, encounter: str, character: str) -> bool:
        return self.role == "player" and (self.encounter, self.character) == (encounter, character)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Keyring:
    """Signs and reads tokens with one secret."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("the secret must hold at least 128 bits")
        self._secret = secret

    @classmethod
    def from_environment(cls) -> Keyring:
        """The secret in :data:`SECRET_ENV`, else a fresh one for this process."""
        given = os.environ.get(SECRET_ENV)
        if given:
            try:
                return cls(bytes.fromhex(given))
            except ValueError:
                raise FirefightError(
                    f"{SECRET_ENV} must be at least 32 hex digits (64 are best)"
                ) from None
        return cls(secrets.token_bytes(32))

    def _sign(self, scope: bytes) -> str:
        return _b64(hmac.new(self._secret, scope, hashlib.sha256).digest())

    def gm_token(self) -> str:
        return "gm." + self._sign(b"gm")

    def player_token(self, encounter: str, character: str) -> str:
        scope = json.dumps(["player", encounter, character], ensure_ascii=False).encode()
        return f"p.{_b64(scope)}.{self._sign(scope)}"

    def read(self, token: str) -> Scope | None:
        """The scope ``token`` grants; None for anything not signed with this secret."""
        if len(token) > 2_000:
            return None
        if token.startswith("gm."):
            good = hmac.compare_digest(token, self.gm_token())
            return Scope("gm") if good else None
        parts = token.split(".")
        if len(parts) != 3 or parts[0] != "p":
            return None
        try:
            scope = _unb64(parts[1])
        except (binascii.Error, ValueError):
            return None
        if not hmac.compare_digest(parts[2], self._sign(scope)):
            return None
        try:
            read = json.loads(scope)
        except ValueError:
            return None
        # Only this server signs, but a scope of another shape (another version's) grants nothing.
        if not (
            isinstance(read, list)
            and len(read) == 3
            and read[0] == "player"
            and all(isinstance(part, str) for part in read[1:])
        ):
            return None
        return Scope("player", read[1], read[2])
