"""Per-test evidence: each check's criterion and observation, and the screenshots behind it.

Two ways of taking the screenshots (`EvidenceMode`):

- "eager" captures at every check whose screen may have changed (the screen fingerprint says
  whether it did) — one PNG (≈110 ms) on the critical path per judged screen;
- "lazy" (the default) keeps the fingerprint but only names the file at a passing check, and
  captures it later: before the next action (tap, type, scroll, relaunch) changes the screen,
  at a failed check, or at the next explicit screenshot ("end of test", a checkpoint). Every
  check still points at the shot of the screen it judged, every failure at the screen before
  it and the screen it failed on; a screen that is judged and then replaced by the app itself
  (no action in between) is shown as it was when next captured.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pytest_revylbench.records.grade import Evidence, Screenshot, Shown, Video

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")

EvidenceMode = Literal["eager", "lazy"]

MAX_CONSOLE_ERRORS = 50
"""Console errors a test's record keeps; the rest are counted (`console_dropped`). An app that
floods its console (a 200 kB error every 10 ms) made a flow-only grade.json of 127 MB and a
scorecard as large in 20 s: its record, not its verdicts, is what a flood can reach."""
MAX_CONSOLE_CHARS = 2_000
"""Characters of one console error a record keeps."""
EVIDENCE_MODES: tuple[EvidenceMode, ...] = ("eager", "lazy")
"""When evidence screenshots are captured: at each check ("eager"), or only when the screen
is about to change, a check failed, or the test ends ("lazy")."""
DEFAULT_EVIDENCE: EvidenceMode = "lazy"

TREE_GZIP_BYTES = 32 * 1024
"""A UI tree larger than this is stored gzip'd (`<shot>.html.gz`); smaller ones as text."""
MAX_TREE_CHARS = 2 * 1024 * 1024
"""A UI tree larger than this is not stored: its check cites none (an app can build a page of
any size, and each screenshot of it would keep a copy)."""


def sha256_text(data: bytes) -> str:
    """`sha256:<hex>` of `data`: how grade.json names an evidence file's digest."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def write_tree(png: Path, tree: str, suffix: str) -> Path:
    """Store `tree` beside the screenshot `png` (`<stem><suffix>`, `.gz` added when large)."""
    data = tree.encode("utf-8")
    path = png.with_name(png.stem + suffix)
    if len(data) > TREE_GZIP_BYTES:
        # mtime 0: the same tree always gives the same bytes, so the same digest
        data = gzip.compress(data, mtime=0)
        path = path.with_name(path.name + ".gz")
    path.write_bytes(data)
    return path


def slug(text: str, limit: int = 60) -> str:
    return _UNSAFE.sub("-", text).strip("-")[:limit] or "step"


@dataclass
class _Pending:
    """A shot named by passing checks and not captured yet."""

    path: Path
    rel: str
    tree: str | None = None
    """The UI tree of the screen the checks judged, when their probe brought it."""
    mark: str | None = None
    """The screen mark of the last check that named it."""
    early: Callable[[], bytes] | None = None
    """Its capture, started when that check passed (`attach`'s `prefetch`): the callable
    returns the PNG."""


class EvidenceRecorder:
    """Collects one test's evidence; screenshots go to `<run_dir>/tests/<test slug>/`."""

    def __init__(
        self, run_dir: Path, test_name: str, *, mode: EvidenceMode = DEFAULT_EVIDENCE
    ) -> None:
        if mode not in EVIDENCE_MODES:
            raise ValueError(
                f"evidence mode must be one of {', '.join(EVIDENCE_MODES)}; got {mode!r}")
        self.run_dir = run_dir
        self.mode: EvidenceMode = mode
        self.folder = run_dir / "tests" / slug(test_name, 120)
        self.evidence: list[Evidence] = []
        self.screenshots: list[Screenshot] = []
        self._capture: Callable[[], bytes] | None = None
        self._quick: Callable[[], bytes] | None = None
        self._prefetch: Callable[[], Callable[[], bytes] | None] | None = None
        self._fingerprint: Callable[[], str | None] | None = None
        self._last_fingerprint: str | None = None
        self._last_digest = ""
        self._pending: _Pending | None = None
        self._tree: Callable[[], str] | None = None
        self._tree_suffix = ".html"
        self._last_tree: str | None = None
        self.trees: dict[str, tuple[str, str]] = {}
        """Screenshot path → (its UI tree's path, that file's `sha256:` digest)."""
        self.tree_seconds = 0.0
        """Seconds spent capturing and storing UI trees."""
        self.captures = 0
        """How many screenshots the recorder took (each one a driver round trip)."""
        self.console_errors: list[str] = []
        """The first `MAX_CONSOLE_ERRORS` console errors of the test, each cut to
        `MAX_CONSOLE_CHARS` (add them with `keep_console`)."""
        self.console_dropped = 0
        """Console errors beyond `MAX_CONSOLE_ERRORS`: counted, not kept."""
        self.device: str | None = None
        """The pool slot the test ran on."""
        self.bench_seconds = 0.0
        """Lease wait, device start and app launch: the bench's time, not the test's."""
        self.video_started_at: float | None = None
        """Wall-clock time the test's video starts at (None: not recorded); each check is
        placed in it (`Evidence.video_s`)."""
        self.video: Video | None = None
        """The test's kept recording, once the test is over."""
        self.video_seconds = 0.0
        """Seconds spent starting, stopping and encoding the video."""
        self.video_error = ""
        """Why the test has no video although one was asked for ("" otherwise)."""

    def keep_console(self, errors: list[str]) -> None:
        """Add the app's console errors to the record, within its bounds."""
        for error in errors:
            if len(self.console_errors) >= MAX_CONSOLE_ERRORS:
                self.console_dropped += 1
            elif len(error) > MAX_CONSOLE_CHARS:
                cut = len(error) - MAX_CONSOLE_CHARS
                self.console_errors.append(f"{error[:MAX_CONSOLE_CHARS]} … ({cut} more characters not kept)")
            else:
                self.console_errors.append(error)

    def attach(
        self,
        capture: Callable[[], bytes],
        fingerprint: Callable[[], str | None] | None = None,
        *,
        quick: Callable[[], bytes] | None = None,
        prefetch: Callable[[], Callable[[], bytes] | None] | None = None,
        tree: Callable[[], str] | None = None,
        tree_suffix: str = ".html",
    ) -> None:
        """Give the recorder the device's screenshot function once the app is running.

        `fingerprint`, when the device has one (None: it has not), is a cheap token that
        changes whenever the screen may have: while it stays the same the last screenshot still
        shows the screen, and capturing again (≈110 ms for a 1179×2556 PNG) is skipped.
        `quick`: the device's fastest PNG capture, for the lazy mode's evidence shots (not for
        a shot asked with `keep`, whose bytes a visual checkpoint compares); default `capture`.
        `prefetch`: starts `quick`'s capture now and returns a callable for its PNG (None: the
        device cannot start one ahead); lazy mode
        starts the shot of a judged screen when its check passes, and collects it before the
        next action (the capture's wait for the compositor overlaps the test's next commands).
        `tree`: the UI tree the screen shows (web: the DOM's outerHTML; native: the page
        source), taken with each screenshot and stored beside it as `<shot><tree_suffix>`.
        """
        self._capture = capture
        self._quick = quick
        self._prefetch = prefetch
        self._tree = tree
        self._tree_suffix = tree_suffix
        self._fingerprint = fingerprint
        self._last_fingerprint = None

    def invalidate(self) -> None:
        """The screen may have changed in a way the fingerprint cannot see (a scroll)."""
        self._last_fingerprint = None

    @property
    def last_screenshot(self) -> str | None:
        return self.screenshots[-1].path if self.screenshots else None

    # -- capturing -----------------------------------------------------------------------

    def _mark(self) -> str | None:
        return self._fingerprint() if self._fingerprint is not None else None

    def _take(self, capture: Callable[[], bytes], *, fresh: bool = False) -> bytes:
        """Capture the screen now; a shot still pending is written with it (it is the screen
        those checks judged, or the nearest later one), with the UI tree their probe brought.
        A pending shot whose capture started when its check passed gets that capture instead;
        the screen now is captured as well only when `fresh`.
        `fresh`: the capture is also a new file of its own, so its tree is read now."""
        pending, self._pending = self._pending, None
        early = pending.early() if pending is not None and pending.early is not None else None
        png = capture() if early is None or fresh else early
        self.captures += 1 if early is None or not fresh else 2
        known = pending.tree if pending is not None and self._tree is not None else None
        self._last_tree = known if known is not None and not fresh else self._read_tree()
        if pending is not None:
            pending.path.parent.mkdir(parents=True, exist_ok=True)
            pending.path.write_bytes(early if early is not None else png)
            tree = known if known is not None else self._last_tree
            self._store_tree(pending.path, pending.rel, tree)
        return png

    def _read_tree(self) -> str | None:
        if self._tree is None:
            return None
        started = time.monotonic()
        try:
            return self._tree()
        except Exception:  # a tree the page could not give is no reason to fail the check
            return None
        finally:
            self.tree_seconds += time.monotonic() - started

    def _store_tree(self, png: Path, rel: str, tree: str | None) -> None:
        """Write the tree of the screenshot `rel`; checks that cite it name it."""
        if tree is None or len(tree) > MAX_TREE_CHARS:
            return
        started = time.monotonic()
        path = write_tree(png, tree, self._tree_suffix)
        self.tree_seconds += time.monotonic() - started
        stored = (path.relative_to(self.run_dir).as_posix(), sha256_text(path.read_bytes()))
        self.trees[rel] = stored
        self.evidence = [
            e.model_copy(update={"tree": stored[0], "tree_sha256": stored[1]})
            if e.after == rel and e.tree is None else e for e in self.evidence
        ]

    def _name(self, step: str) -> tuple[Path, str]:
        path = self.folder / f"{len(self.screenshots) + 1:02d}-{slug(step)}.png"
        return path, path.relative_to(self.run_dir).as_posix()

    def _write(self, step: str, png: bytes) -> str:
        path, rel = self._name(step)
        self.folder.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        self._store_tree(path, rel, self._last_tree)
        return rel

    def before_action(self) -> None:
        """An action is about to change the screen: capture the shot passing checks named on
        it (lazy mode), which a later failure cites as its "before"."""
        if self._pending is not None and self._capture is not None:
            self._take(self._quick or self._capture)

    def discard_pending(self) -> None:
        """The test is over and the pending shot cannot be taken (the page hung, the device
        died): no evidence may cite a file that does not exist."""
        if self._pending is None:
            return
        rel, self._pending = self._pending.rel, None
        self.screenshots = [s for s in self.screenshots if s.path != rel]
        self.evidence = [
            e.model_copy(update={
                "before": None if e.before == rel else e.before,
                "after": None if e.after == rel else e.after,
            }) for e in self.evidence
        ]

    def screenshot(
        self, step: str, *, keep: bool = False, mark: str | None = None, exact: bool | None = None,
    ) -> str | None:
        """Save a screenshot named after `step`; returns its report-relative path.

        An unchanged screen reuses the previous file unless `keep` asks for a file of its own.
        `exact`: through the device's exact capture (a visual checkpoint compares its bytes)
        rather than the quick one; by default for a `keep` shot and in eager mode. `mark`: the
        screen's fingerprint when the caller has it already (None: ask the device).
        """
        if self._capture is None:
            return None
        mark = self._mark() if mark is None else mark
        if mark is not None and mark == self._last_fingerprint and self.screenshots and not keep:
            rel = self.screenshots[-1].path
            if self._pending is not None and self._pending.rel == rel:
                self._take(self._quick or self._capture)
            self.screenshots.append(Screenshot(path=rel, step=step))
            return rel
        if exact is None:
            exact = keep or self.mode == "eager"
        png = self._take(self._capture if exact else (self._quick or self._capture), fresh=True)
        digest = hashlib.sha256(png).hexdigest()
        if digest == self._last_digest and self.screenshots and not keep:
            # The screen has not changed since the last shot: point at that file again.
            rel = self.screenshots[-1].path
        else:
            rel = self._write(step, png)
        self._last_digest = digest
        self._last_fingerprint = mark
        self.screenshots.append(Screenshot(path=rel, step=step))
        return rel

    def _name_later(self, step: str, mark: str | None, tree: str | None) -> str | None:
        """Lazy mode, a passing check: the shot of the screen it judged, captured later."""
        if self._capture is None:
            return None
        if self._pending is not None:
            # A pending shot still to be taken: it is this screen (or, if the app changed it
            # by itself since, shows it as it is then); no fingerprint needed. A capture
            # started for it is started again when this check judged a changed screen.
            rel = self._pending.rel
            if mark is not None and mark != self._pending.mark:
                # The shot will show a later screen than the one earlier checks judged: their
                # boxes no longer say where their text is drawn in it.
                self.evidence = [e.model_copy(update={"shown": ()}) if e.after == rel and e.shown
                                 else e for e in self.evidence]
            if mark is not None and mark != self._pending.mark and self._prefetch is not None:
                self._pending.mark, self._pending.early = mark, self._prefetch()
                self._pending.tree = tree
        else:
            mark = self._mark() if mark is None else mark
            if self.screenshots and mark is not None and mark == self._last_fingerprint:
                rel = self.screenshots[-1].path  # the screen of the last shot, unchanged
            else:
                path, rel = self._name(step)
                self._pending = _Pending(path, rel, tree, mark,
                                         self._prefetch() if self._prefetch is not None else None)
                self._last_digest = ""
            self._last_fingerprint = mark
        self.screenshots.append(Screenshot(path=rel, step=step))
        return rel

    def check(
        self, criterion: str, expected: str, observed: str, passed: bool, *,
        mark: str | None = None, tree: str | None = None, shown: tuple[Shown, ...] = (),
    ) -> Evidence:
        """Record one check. `mark`: the fingerprint of the screen it judged, when the probe
        that judged it returned one (the web's does); None: the recorder asks the device.
        `tree`: that screen's UI tree, when the probe brought it (lazy mode stores it with the
        shot instead of reading the tree again when the shot is taken). `shown`: what a text
        check read and where, kept when its screenshot is of the screen it judged."""
        before = self.last_screenshot
        moment = (None if self.video_started_at is None
                  else round(max(0.0, time.time() - self.video_started_at), 3))
        step = ("ok " if passed else "FAILED ") + criterion
        if self.mode == "lazy" and passed:
            after = self._name_later(step, mark, tree)
        else:  # a failure has a shot of its own, as big as the "before" it is shown beside
            after = self.screenshot(step, keep=not passed, mark=mark, exact=self.mode == "eager")
        stored = self.trees.get(after) if after is not None else None
        item = Evidence(
            criterion=criterion, expected=expected, observed=observed, passed=passed,
            before=before, after=after, tree=stored[0] if stored else None,
            tree_sha256=stored[1] if stored else None, video_s=moment,
            shown=shown if passed and after is not None else (),
        )
        self.evidence.append(item)
        return item
