"""Per-test evidence: each check's criterion and observation, and the screenshots behind it."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path

from pytest_revylbench.records.grade import Evidence, Screenshot

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def slug(text: str, limit: int = 60) -> str:
    return _UNSAFE.sub("-", text).strip("-")[:limit] or "step"


class EvidenceRecorder:
    """Collects one test's evidence; screenshots go to `<run_dir>/tests/<test slug>/`."""

    def __init__(self, run_dir: Path, test_name: str) -> None:
        self.run_dir = run_dir
        self.folder = run_dir / "tests" / slug(test_name, 120)
        self.evidence: list[Evidence] = []
        self.screenshots: list[Screenshot] = []
        self._capture: Callable[[], bytes] | None = None
        self._fingerprint: Callable[[], str | None] | None = None
        self._last_fingerprint: str | None = None
        self._last_digest = ""
        self.console_errors: list[str] = []
        self.device: str | None = None
        """The pool slot the test ran on."""
        self.bench_seconds = 0.0
        """Lease wait, device start and app launch: the bench's time, not the test's."""

    def attach(
        self, capture: Callable[[], bytes], fingerprint: Callable[[], str | None] | None = None
    ) -> None:
        """Give the recorder the device's screenshot function once the app is running.

        `fingerprint`, when the device has one (None: it has not), is a cheap token that
        changes whenever the screen may have: while it stays the same the last screenshot still
        shows the screen, and capturing again (≈110 ms for a 1179×2556 PNG) is skipped.
        """
        self._capture = capture
        self._fingerprint = fingerprint
        self._last_fingerprint = None

    def invalidate(self) -> None:
        """The screen may have changed in a way the fingerprint cannot see (a scroll)."""
        self._last_fingerprint = None

    @property
    def last_screenshot(self) -> str | None:
        return self.screenshots[-1].path if self.screenshots else None

    def screenshot(self, step: str, *, keep: bool = False) -> str | None:
        """Save a screenshot named after `step`; returns its report-relative path.

        An unchanged screen reuses the previous file unless `keep` asks for a file of its own.
        """
        if self._capture is None:
            return None
        mark = self._fingerprint() if self._fingerprint is not None else None
        if mark is not None and mark == self._last_fingerprint and self.screenshots and not keep:
            rel = self.screenshots[-1].path
            self.screenshots.append(Screenshot(path=rel, step=step))
            return rel
        png = self._capture()
        digest = hashlib.sha256(png).hexdigest()
        if digest == self._last_digest and self.screenshots and not keep:
            # The screen has not changed since the last shot: point at that file again.
            rel = self.screenshots[-1].path
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self.folder / f"{len(self.screenshots) + 1:02d}-{slug(step)}.png"
            path.write_bytes(png)
            rel = path.relative_to(self.run_dir).as_posix()
        self._last_digest = digest
        self._last_fingerprint = mark
        self.screenshots.append(Screenshot(path=rel, step=step))
        return rel

    def check(self, criterion: str, expected: str, observed: str, passed: bool) -> Evidence:
        before = self.last_screenshot
        after = self.screenshot(("ok " if passed else "FAILED ") + criterion, keep=not passed)
        item = Evidence(
            criterion=criterion, expected=expected, observed=observed, passed=passed,
            before=before, after=after,
        )
        self.evidence.append(item)
        return item
