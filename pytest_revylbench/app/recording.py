"""A test's video: started once its app is launched, ended (kept or not) when the test is over.

A recording that cannot start or end (the browser's DevTools socket refused, the driver has no
recording, the encoder failed) costs the test nothing: the test has no video file, and where
one would have been kept its record says why (`Video.dropped`: "not recorded: …").
"""

from __future__ import annotations

import time
from typing import Any

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.devices.protocol import Device
from pytest_revylbench.devices.video import VideoCapture, VideoMode
from pytest_revylbench.records.grade import Video

VIDEO_STEM = "video"
"""The file's name in the test's evidence folder (`tests/<test>/video.webm` or `.mp4`)."""


def start_recording(
    device: Device, driver: Any, mode: VideoMode, recorder: EvidenceRecorder
) -> VideoCapture | None:
    """Start recording `driver`'s screen unless `mode` is "off"; None when not recording."""
    if mode == "off":
        return None
    started = time.monotonic()
    try:
        capture = device.record_video(driver)
    except Exception as exc:
        recorder.video_error = f"could not start the video: {type(exc).__name__}: {exc}"
        return None
    finally:
        recorder.video_seconds += time.monotonic() - started
    recorder.video_started_at = capture.started_at
    return capture


def not_recorded(why: str) -> Video:
    """The record of a video the test should have kept and has not: no file, and why."""
    return Video(path=None, duration_s=0.0, frames=0, bytes=0, dropped=f"not recorded: {why}")


def keeps_video(mode: VideoMode, passed: bool) -> bool:
    """Whether a test's video is kept: every one under "on", a test that did not pass under
    "on-failure"."""
    return mode == "on" or (mode == "on-failure" and not passed)


def finish_recording(capture: VideoCapture | None, recorder: EvidenceRecorder, *, keep: bool) -> None:
    """End the recording; when `keep`, write it beside the test's screenshots and name it on
    the recorder (`recorder.video`, report-relative)."""
    if capture is None:
        if keep and recorder.video_error:
            recorder.video = not_recorded(recorder.video_error)
        return
    started = time.monotonic()
    try:
        if not keep:
            capture.discard()
            return
        video = capture.stop(recorder.folder / VIDEO_STEM)
    except Exception as exc:
        recorder.video_error = f"could not keep the video: {type(exc).__name__}: {exc}"
        recorder.video = not_recorded(recorder.video_error)
        return
    finally:
        recorder.video_seconds += time.monotonic() - started
    if video is None:
        return
    written = next(recorder.folder.glob(VIDEO_STEM + ".*"))
    recorder.video = video.model_copy(
        update={"path": written.relative_to(recorder.run_dir).as_posix()})
