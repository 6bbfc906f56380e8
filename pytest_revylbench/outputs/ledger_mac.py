"""The ledger's seal: each line carries an HMAC-SHA256 under a key only the grader holds.

A ledger is the input a rollout's score is read from, so a line that was not written by the
grader must never count. The key lives in the grader's own folder (`$REVYLBENCH_KEYS`, default
`~/.config/revylbench`), made once, mode 0600; no sandbox sees it (an agent's sandbox binds only
system folders and its workspace; a build's hides $HOME). Each line's MAC covers its content
(canonical JSON, the `mac` field left out) and the start line's MAC, so a line cannot be moved
from one rollout to another; the start line's covers itself alone.

What the seal does not say: that a line was not deleted (the submission numbers `k` do), and
that a ledger copied to another machine is genuine there, unless the key goes with it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

MAC = "mac"
KEYS_VAR = "REVYLBENCH_KEYS"
KEY_FILE = "ledger.key"


class LedgerKeyError(Exception):
    """The grader's ledger key cannot be read or made."""


def keys_folder() -> Path:
    configured = os.environ.get(KEYS_VAR)
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "revylbench"


def ledger_key() -> bytes:
    """The grader's ledger key, made on first use: written whole to a private file, then linked
    into place, so every process that reads it reads the same whole key."""
    folder = keys_folder()
    path = folder / KEY_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not path.exists():
            tmp = folder / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(32) + "\n")
            try:
                os.link(tmp, path)
            except FileExistsError:   # another process made it first: theirs is the key
                pass
            finally:
                tmp.unlink()
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd) as source:
            key = source.read().strip()
    except OSError as exc:
        raise LedgerKeyError(f"{path}: the grader's ledger key cannot be read or made: {exc} "
                             f"(set ${KEYS_VAR} to a folder only the grader can write)") from exc
    if len(key) < 32:
        raise LedgerKeyError(f"{path}: not a ledger key ({len(key)} characters)")
    return key.encode()


def canonical(body: dict[str, Any]) -> bytes:
    return json.dumps({k: v for k, v in body.items() if k != MAC}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def mac_of(key: bytes, body: dict[str, Any], start_mac: str) -> str:
    return hmac.new(key, start_mac.encode() + b"\n" + canonical(body), hashlib.sha256).hexdigest()


def sealed_line(key: bytes, body: dict[str, Any], start_mac: str) -> str:
    """One ledger line (no newline): `body` with its MAC last."""
    return json.dumps({**body, MAC: mac_of(key, body, start_mac)}, ensure_ascii=False)


def seal_problem(key: bytes, body: dict[str, Any], start_mac: str) -> str | None:
    """Why a line's MAC does not hold, or None when it does."""
    given = body.get(MAC)
    if not isinstance(given, str) or not given:
        return "no MAC: not written by this grader"
    if not hmac.compare_digest(given, mac_of(key, body, start_mac)):
        return "its MAC does not match its content: edited, forged or sealed under another key"
    return None
