"""A screen recording of one test (`--video off|on-failure|on`).

- Web: DevTools' `Page.startScreencast` on the app's tab, over a websocket of our own to the
  browser's DevTools address (`devices/devtools.py`: the tab the session drives, by its
  window handle), read by a thread the recording owns; each frame is
  acked and kept with its timestamp, and encoded when the test ends (`encode`: WebM/VP9 with
  PyAV's bundled libvpx, which Chromium plays), in a process of its own (`devices/vp9.py`),
  so the codec never loads into the grader.
- iOS/Android: Appium's `start_recording_screen` / `stop_recording_screen` (an MP4 the driver
  encodes on the device's side).

Timestamps are the grader's wall-clock seconds (`time.time()`); a check is placed in the video
as `time.time() - started_at`. The browser stamps its frames on its own clock, which is pinned
(`builder/clock.py`: years from the host's), so a frame's place is its stamp moved by the offset
between the two clocks, taken when the first frame arrives: the spacing of frames is the
browser's, their start the grader's.
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from pytest_revylbench.devices import vp9
from pytest_revylbench.devices.devtools import Command, connect
from pytest_revylbench.devices.vp9 import Frame, probe
from pytest_revylbench.records.grade import Video

VideoMode = Literal["off", "on-failure", "on"]
VIDEO_MODES: tuple[VideoMode, ...] = ("off", "on-failure", "on")
"""Which tests keep a video: none, those that did not pass, or all."""
DEFAULT_VIDEO: VideoMode = "on-failure"
"""Measured (bench/RESULTS.md, figure 13): on a whole budget grade that fails two stages,
`on-failure` costs 1.06× the wall time of `off` and keeps 0.32 MB; `on` 1.16× and 0.93 MB
(18 videos). The failures' videos are what a reader and the agent need, at little cost."""
DEFAULT_VIDEO_BUDGET_MB = 20.0
"""The videos one grade may keep: ≈20× a whole budget grade's under `on` (0.93 MB, largest
video 0.25 MB), so only a much longer suite, or a runaway test, reaches it."""

SCREENCAST = {"format": "jpeg", "quality": 70, "maxWidth": 393, "maxHeight": 852,
              "everyNthFrame": 1}
"""One video pixel per CSS pixel of the phone (the device's 3× would be 9× the pixels)."""
MIN_FRAME_GAP_S = 0.1
"""Frames closer than this to the last kept one are dropped (at most 10 fps are encoded)."""
WEB_SUFFIX = ".webm"
NATIVE_SUFFIX = ".mp4"
NATIVE_TIME_LIMIT_S = 1800
"""Appium's recording stops by itself after this (its default, 180 s, is shorter than a test
may run)."""


class VideoCapture(Protocol):
    """A recording under way; `stop` or `discard` ends it (either one once)."""

    started_at: float
    """Wall-clock time of the video's first instant."""

    def stop(self, stem: Path) -> Video | None:
        """End it and write `<stem><suffix>`; None when nothing was recorded."""
        ...

    def discard(self) -> None:
        """End it and keep nothing (a passing test under `on-failure`)."""
        ...


ENCODE_TIMEOUT_S = 300.0
"""A test's video (at most 10 frames a second at 393×852) encodes in seconds; past this the
encoder is stuck and is killed."""
CODEC = Path(vp9.__file__)
"""Run as a script (`python -P`: the package is not imported, nor its folder put on the path)."""


class EncoderFailed(RuntimeError):
    """The encoder process failed or overran: the test has no video, and this says why."""


def encode(frames: Sequence[Frame], end_s: float, out: Path, timeout_s: float = ENCODE_TIMEOUT_S) -> Video:
    """Encode `frames` (in time order) to `out` as WebM/VP9 in a process of its own
    (`devices/vp9.py`): each frame is shown until the next one, the last until `end_s`."""
    if not frames:
        raise ValueError("no frames to encode")
    try:
        proc = subprocess.run([sys.executable, "-P", str(CODEC), str(out)], input=vp9.pack(frames, end_s),
                              capture_output=True, timeout=timeout_s, check=False)
    except subprocess.TimeoutExpired as exc:
        raise EncoderFailed(f"the video encoder did not finish in {timeout_s:.0f} s") from exc
    if proc.returncode != 0:
        tail = proc.stderr.decode(errors="replace").strip().splitlines()[-3:]
        raise EncoderFailed(f"the video encoder exited with status {proc.returncode}: "
                            + (" | ".join(tail) or "no message"))
    made = json.loads(proc.stdout)
    return Video(path=None, duration_s=made["duration_s"], frames=made["frames"], bytes=made["bytes"])


@dataclass
class Screencast:
    """A DevTools screencast of one tab, read by a thread of its own (`start`)."""

    socket_url: str
    hello: tuple[Command, ...] = ()
    """Commands carried out on the socket before the screencast starts (`devtools.connect`)."""
    started_at: float = 0.0
    frames: list[Frame] = field(default_factory=list)
    error: str = ""
    """Why the reader stopped early ("" while it runs or after a clean stop)."""
    _ws: Any = None
    _thread: threading.Thread | None = None
    _send_lock: threading.Lock = field(default_factory=threading.Lock)
    _stopping: bool = False
    _ids: int = 0
    _clock_offset: float | None = None
    """The grader's clock minus the browser's, measured at the first frame."""

    @classmethod
    def of(cls, socket_url: str, hello: Sequence[Command] = ()) -> Screencast:
        """Start a screencast of the tab whose DevTools socket is `socket_url`
        (`devtools.target_socket`), after `hello` (`devtools.connect`)."""
        return cls(socket_url, hello=tuple(hello)).start()

    def _send(self, method: str, params: dict[str, Any]) -> None:
        with self._send_lock:
            self._ids += 1
            self._ws.send(json.dumps({"id": self._ids, "method": method, "params": params}))

    def start(self) -> Screencast:
        self._ws = connect(self.socket_url, 10, self.hello)
        self._ws.settimeout(0.5)
        self.started_at = time.time()
        self._send("Page.startScreencast", dict(SCREENCAST))
        self._thread = threading.Thread(target=self._read, name="revylbench-screencast", daemon=True)
        self._thread.start()
        return self

    def _read(self) -> None:
        import websocket

        last = -1.0
        while not self._stopping:
            try:
                raw = self._ws.recv()
            except websocket.WebSocketTimeoutException:
                continue
            except Exception as exc:  # the tab or the browser went away: keep what came
                if not self._stopping:
                    self.error = f"{type(exc).__name__}: {exc}"
                return
            message = json.loads(raw)
            if message.get("method") != "Page.screencastFrame":
                continue
            params = message["params"]
            try:
                self._send("Page.screencastFrameAck", {"sessionId": params["sessionId"]})
            except Exception:
                return
            at = self._place(params.get("metadata", {}).get("timestamp"))
            if at - last >= MIN_FRAME_GAP_S or not self.frames:
                self.frames.append((at, base64.b64decode(params["data"])))
                last = at
            else:  # within the gap: the newer frame replaces the kept one's image
                self.frames[-1] = (self.frames[-1][0], base64.b64decode(params["data"]))

    def _place(self, stamp: float | None) -> float:
        """Seconds from the recording's start to a frame the browser stamped `stamp`."""
        now = time.time()
        if not stamp:
            return now - self.started_at
        if self._clock_offset is None:
            self._clock_offset = now - float(stamp)
        return float(stamp) + self._clock_offset - self.started_at

    def _end(self) -> float:
        ended = time.time() - self.started_at
        self._stopping = True
        try:
            self._send("Page.stopScreencast", {})
        except Exception:
            pass
        if self._thread is not None:
            self._thread.join(timeout=5)
        try:
            self._ws.close()
        except Exception:
            pass
        return ended

    def stop(self, stem: Path) -> Video | None:
        ended = self._end()
        if not self.frames:
            return None
        return encode(self.frames, ended, stem.with_suffix(WEB_SUFFIX))

    def discard(self) -> None:
        self._end()
        self.frames.clear()


@dataclass
class AppiumRecording:
    """Appium's own screen recording of a native session."""

    driver: Any
    started_at: float = 0.0

    def start(self) -> AppiumRecording:
        self.started_at = time.time()
        self.driver.start_recording_screen(timeLimit=NATIVE_TIME_LIMIT_S, forceRestart=True)
        return self

    def stop(self, stem: Path) -> Video | None:
        ended = time.time() - self.started_at
        data = base64.b64decode(self.driver.stop_recording_screen() or "")
        if not data:
            return None
        out = stem.with_suffix(NATIVE_SUFFIX)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
        try:
            info = probe(out)
            frames, duration = info.frames, max(info.duration_s, 0.0)
        except Exception:  # a file PyAV cannot read is still the driver's recording
            frames, duration = 0, ended
        return Video(path=None, duration_s=round(duration or ended, 3), frames=frames,
                     bytes=len(data))

    def discard(self) -> None:
        try:
            self.driver.stop_recording_screen()
        except Exception:
            pass
