"""The video of a device test (issue 20 item 1), without a device: the encoder (decoded back
with the same library), Appium's recording through a driver double, the grade's budget, which
tests keep a video, the checks' moments, the seal's digests and the feedback's whitelist."""

from __future__ import annotations

import base64
import io
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import av
import pytest
from PIL import Image

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.recording import finish_recording, keeps_video, start_recording
from pytest_revylbench.devices.video import (
    NATIVE_TIME_LIMIT_S,
    AppiumRecording,
    EncoderFailed,
    Screencast,
    encode,
    probe,
)
from pytest_revylbench.outputs.feedback import build_feedback
from pytest_revylbench.outputs.sealing import cited_files, evidence_digests, file_digest
from pytest_revylbench.outputs.videos import apply_budget
from pytest_revylbench.records.grade import GradeRecord, TestResult, Video
from pytest_revylbench.records.reward import Reward
from pytest_revylbench.records.vocabulary import Fault, GradeStatus, Verdict
from pytest_revylbench.tasks.loading import load_task

REPO = Path(__file__).resolve().parents[3]
COLOURS = {"red": (255, 0, 0), "green": (0, 128, 0), "blue": (0, 0, 255)}


def jpeg(colour: str, size: tuple[int, int] = (393, 852)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "JPEG", quality=90)
    return out.getvalue()


def decoded(path: Path) -> list[tuple[float, tuple[int, int, int]]]:
    """(time, colour at the centre) of each frame of `path`."""
    frames = []
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            image = frame.to_image()  # type: ignore[no-untyped-call]
            pixel = image.getpixel((image.width // 2, image.height // 2))
            assert isinstance(pixel, tuple)
            frames.append((float(frame.time or 0.0), (int(pixel[0]), int(pixel[1]), int(pixel[2]))))
    return frames


def near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(x - y) <= 24 for x, y in zip(a, b, strict=True))


def test_the_encoder_shows_each_frame_from_its_time_until_the_end(tmp_path: Path) -> None:
    out = tmp_path / "v.webm"
    video = encode([(0.0, jpeg("red")), (0.8, jpeg("green")), (1.5, jpeg("blue"))], 3.25, out)
    frames = decoded(out)
    assert [round(t, 3) for t, _ in frames] == [0.0, 0.8, 1.5, 3.25]  # the last one repeated
    assert [near(c, COLOURS[n]) for (_, c), n in zip(frames, ("red", "green", "blue", "blue"),
                                                       strict=True)] == [True] * 4
    assert (video.frames, video.duration_s, video.bytes) == (4, 3.25, out.stat().st_size)
    assert video.path is None  # the caller names it, report-relative
    info = probe(out)
    assert (info.width, info.height) == (392, 852)  # rounded down to even for yuv420p
    with av.open(str(out)) as container:
        assert container.streams.video[0].codec_context.name == "vp9"
        assert "webm" in container.format.name


def test_the_encoder_scales_frames_to_the_first_and_keeps_times_increasing(tmp_path: Path) -> None:
    out = tmp_path / "v.webm"
    # A second frame of another size and a timestamp before the start (clock skew).
    encode([(-0.2, jpeg("red", (400, 800))), (0.0, jpeg("green", (200, 100)))], 0.0, out)
    frames = decoded(out)
    assert len(frames) == 3 and probe(out).width == 400
    assert [t for t, _ in frames] == sorted({t for t, _ in frames})


def test_frames_stamped_on_the_pinned_browser_clock_are_placed_on_the_graders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The browser's clock is years from the grader's (builder/clock.py); its stamps keep their
    # spacing and start where the first frame arrived.
    cast = Screencast("ws://unused", started_at=1000.0)
    now = iter([1000.4, 1000.9, 1001.0])
    monkeypatch.setattr(time, "time", lambda: next(now))
    pinned = 2_000_000_000.0
    assert cast._place(pinned) == pytest.approx(0.4)
    assert cast._place(pinned + 1.25) == pytest.approx(1.65)
    assert cast._place(None) == pytest.approx(1.0)


def test_the_encoder_refuses_no_frames(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no frames"):
        encode([], 1.0, tmp_path / "v.webm")


class RecordingDriver:
    """Appium's recording commands, as a driver double: the recording is a real MP4."""

    def __init__(self, mp4: bytes) -> None:
        self.mp4 = mp4
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def start_recording_screen(self, **options: Any) -> None:
        self.calls.append(("start", options))

    def stop_recording_screen(self, **options: Any) -> str:
        self.calls.append(("stop", options))
        return base64.b64encode(self.mp4).decode()


def mp4(tmp_path: Path) -> bytes:
    path = tmp_path / "native.mp4"
    with av.open(str(path), "w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=10)
        stream.width, stream.height, stream.pix_fmt = 64, 128, "yuv420p"
        for n in range(12):
            frame = av.VideoFrame.from_image(Image.new("RGB", (64, 128), (n * 20, 0, 0)))  # type: ignore[no-untyped-call]
            container.mux(stream.encode(frame))
        container.mux(stream.encode(None))
    return path.read_bytes()


def test_a_native_recording_is_appiums_mp4_written_as_it_came(tmp_path: Path) -> None:
    data = mp4(tmp_path)
    driver = RecordingDriver(data)
    recording = AppiumRecording(driver).start()
    assert driver.calls == [("start", {"timeLimit": NATIVE_TIME_LIMIT_S, "forceRestart": True})]
    assert abs(recording.started_at - time.time()) < 5
    video = recording.stop(tmp_path / "tests/t/video")
    assert video is not None and (tmp_path / "tests/t/video.mp4").read_bytes() == data
    assert (video.frames, video.bytes) == (12, len(data))
    assert driver.calls[-1][0] == "stop"


class FakeCapture:
    def __init__(self, started_at: float) -> None:
        self.started_at = started_at
        self.ended: str | None = None

    def stop(self, stem: Path) -> Video | None:
        self.ended = "stop"
        return encode([(0.0, jpeg("red"))], 1.0, stem.with_suffix(".webm"))

    def discard(self) -> None:
        self.ended = "discard"


class FakeDevice:
    def __init__(self, capture: FakeCapture | None) -> None:
        self.capture = capture

    def record_video(self, driver: Any) -> FakeCapture:
        if self.capture is None:
            raise RuntimeError("the session's capabilities name no debuggerAddress")
        return self.capture


@pytest.mark.parametrize(("mode", "passed", "kept"), [
    ("off", False, False), ("on-failure", True, False), ("on-failure", False, True),
    ("on", True, True), ("on", False, True),
])
def test_which_tests_keep_their_video(mode: Any, passed: bool, kept: bool) -> None:
    assert keeps_video(mode, passed) is kept


def test_a_kept_video_is_named_report_relative_and_checks_are_placed_in_it(tmp_path: Path) -> None:
    recorder = EvidenceRecorder(tmp_path, "test_stage_1")
    capture = FakeCapture(time.time() - 2.0)
    assert start_recording(FakeDevice(capture), None, "on", recorder) is capture  # type: ignore[arg-type]
    item = recorder.check("the heading shows", "'a'", "'a'", True)
    assert item.video_s is not None and 2.0 <= item.video_s < 4.0
    finish_recording(capture, recorder, keep=True)
    assert capture.ended == "stop" and recorder.video is not None
    assert recorder.video.path == "tests/test_stage_1/video.webm"
    assert (tmp_path / recorder.video.path).is_file()


def test_a_video_not_kept_is_discarded_and_off_records_nothing(tmp_path: Path) -> None:
    recorder = EvidenceRecorder(tmp_path, "t")
    capture = FakeCapture(time.time())
    assert start_recording(FakeDevice(capture), None, "off", recorder) is None  # type: ignore[arg-type]
    assert recorder.check("c", "e", "o", True).video_s is None
    started = start_recording(FakeDevice(capture), None, "on-failure", recorder)  # type: ignore[arg-type]
    finish_recording(started, recorder, keep=False)
    assert capture.ended == "discard" and recorder.video is None
    assert not list(tmp_path.rglob("*.webm"))


def test_a_recording_that_cannot_start_costs_the_test_nothing_and_says_why(tmp_path: Path) -> None:
    recorder = EvidenceRecorder(tmp_path, "t")
    assert start_recording(FakeDevice(None), None, "on", recorder) is None  # type: ignore[arg-type]
    assert "debuggerAddress" in recorder.video_error and recorder.video_started_at is None
    # A passing test under on-failure would not have kept one: nothing to say.
    finish_recording(None, recorder, keep=False)
    assert recorder.video is None
    # One that would have been kept says why it has none, in grade.json.
    finish_recording(None, recorder, keep=True)
    assert recorder.video == Video(path=None, duration_s=0.0, frames=0, bytes=0, dropped=(
        "not recorded: could not start the video: RuntimeError: the session's capabilities name "
        "no debuggerAddress"))


def test_a_recording_that_cannot_be_kept_says_why(tmp_path: Path) -> None:
    class Broken(FakeCapture):
        def stop(self, stem: Path) -> Video | None:
            raise EncoderFailed("the video encoder exited with status 1: boom")

    recorder = EvidenceRecorder(tmp_path, "t")
    capture = Broken(time.time())
    finish_recording(capture, recorder, keep=True)
    assert recorder.video is not None and recorder.video.path is None
    assert recorder.video.dropped == ("not recorded: could not keep the video: EncoderFailed: the "
                                      "video encoder exited with status 1: boom")


def recorded(name: str, verdict: Verdict, video: str | None, size: int, role: str = "stage",
           stage: str | None = "accounts") -> TestResult:
    return TestResult.model_validate({
        "nodeid": f"suites/budget/test_budget.py::{name}", "name": name, "role": role,
        "stage": stage, "verdict": verdict,
        **({"fault": Fault.CHECK_FAILED} if verdict is Verdict.FAIL else {}),
        "video": None if video is None else {"path": video, "duration_s": 5.0, "frames": 9,
                                             "bytes": size},
    })


def test_past_the_budget_videos_of_passing_tests_go_first(tmp_path: Path) -> None:
    results = {}
    for n, verdict in enumerate((Verdict.PASS, Verdict.FAIL, Verdict.PASS, Verdict.FAIL)):
        rel = f"tests/t{n}/video.webm"
        (tmp_path / rel).parent.mkdir(parents=True)
        (tmp_path / rel).write_bytes(b"x")
        results[f"t{n}"] = recorded(f"t{n}", verdict, rel, 400_000)
    kept = apply_budget(results, tmp_path, 1.0)  # 1 MB: two of the four 0.4 MB videos
    paths = {k: r.video.path if r.video else None for k, r in kept.items()}
    assert paths == {"t0": None, "t1": "tests/t1/video.webm", "t2": None, "t3": "tests/t3/video.webm"}
    assert {p.parent.name for p in tmp_path.rglob("*.webm")} == {"t1", "t3"}
    dropped = kept["t0"].video
    assert dropped is not None and dropped.bytes == 400_000
    assert dropped.dropped.startswith("dropped: the grade's video budget (1 MB) was spent")
    assert apply_budget(results, tmp_path, 0.0)["t1"].video.path is None  # type: ignore[union-attr]


def test_a_kept_video_is_bound_in_the_evidence_digests(tmp_path: Path) -> None:
    rel = "tests/t/video.webm"
    (tmp_path / rel).parent.mkdir(parents=True)
    (tmp_path / rel).write_bytes(b"frames")
    kept, dropped = recorded("t", Verdict.FAIL, rel, 6), recorded("u", Verdict.PASS, None, 0)
    assert rel in cited_files([kept, dropped])
    assert evidence_digests([kept], tmp_path) == {rel: file_digest(tmp_path / rel)}


def test_feedback_carries_the_video_of_a_failed_stage_only(tmp_path: Path) -> None:
    budget = load_task(REPO / "tasks", REPO / "suites", "budget")
    for rel in ("tests/a/video.webm", "tests/b/video.webm", "tests/c/video.webm",
                "tests/d/video.txt"):
        (tmp_path / rel).parent.mkdir(parents=True)
        (tmp_path / rel).write_bytes(b"v")
    tests = (
        recorded("test_stage_1_accounts", Verdict.PASS, "tests/a/video.webm", 1),
        recorded("test_stage_2_transactions", Verdict.FAIL, "tests/b/video.webm", 1,
               stage="transactions"),
        recorded("test_component", Verdict.FAIL, "tests/c/video.webm", 1, role="other", stage=None),
        recorded("test_stage_3_budgets", Verdict.FAIL, "tests/d/video.txt", 1, stage="budgets"),
        recorded("test_journey_month_close", Verdict.FAIL, "../../outside.webm", 1, role="journey",
               stage="month-close"),
    )
    record = GradeRecord(
        run_id="r", task="budget", task_version="1.0.0", platform="web",
        submission_digest="sha256:abc", status=GradeStatus.COMPLETED, outcome=0.0,
        reward=Reward(scheme="stages", score=0.0), tests=tests,
        started_at="2026-12-01T00:00:00+00:00", finished_at="2026-12-01T00:01:00+00:00")
    videos = {f.name: f.video for f in build_feedback(record, budget, tmp_path).failures}
    assert videos["Stage 2: Transactions"] == "stage-2-video.webm"
    assert "Stage 1: Accounts and tabs" not in videos  # it passed
    assert videos["Stage 3: Budgets and edits"] is None  # not a video file
    assert videos["Journey: Closing the month"] is None  # outside the report folder
    assert [v for name, v in videos.items() if not name.startswith(("Stage", "Journey"))] == [None]


def test_the_scorecard_plays_a_video_and_jumps_to_each_check(tmp_path: Path) -> None:
    from pytest_revylbench.outputs.scorecard import render_grade_scorecard
    from pytest_revylbench.records.grade import Evidence

    failed = recorded("test_stage_2_transactions", Verdict.FAIL, "tests/b/video.webm", 9,
                      stage="transactions").model_copy(update={"evidence": (
                          Evidence(criterion="the list shows", expected="a", observed="a",
                                   passed=True, video_s=1.25),
                          Evidence(criterion="the total shows", expected="b", observed="c",
                                   passed=False, video_s=4.5))})
    dropped = recorded("test_stage_1_accounts", Verdict.PASS, None, 0).model_copy(update={
        "video": Video(path=None, duration_s=3.0, frames=5, bytes=9, dropped="dropped: budget")})
    record = GradeRecord(
        run_id="r", task="budget", task_version="1.0.0", platform="web",
        submission_digest="sha256:abc", status=GradeStatus.COMPLETED, outcome=0.0,
        reward=Reward(scheme="stages", score=0.0), tests=(dropped, failed),
        started_at="2026-12-01T00:00:00+00:00", finished_at="2026-12-01T00:01:00+00:00")
    page = render_grade_scorecard(record, {})
    assert page.count("<video ") == 1 and 'src="tests/b/video.webm"' in page
    assert 'data-t="1.25"' in page and 'data-t="4.5"' in page
    # Each moment is a link in its check's place of the timeline, the failed check marked so.
    failed_check = page[page.index('<li class="check failed"'):]
    failed_check = failed_check[:failed_check.index("</li>")]
    assert "the total shows" in failed_check and 'data-t="4.5">&#9654; 4.5 s</a>' in failed_check
    assert "video dropped: budget" in page


def test_the_budget_option_takes_megabytes_zero_or_more() -> None:
    from pytest_revylbench.plugin import options as opt

    assert opt.VIDEO_BUDGET.parse("20") == 20.0 and opt.VIDEO_BUDGET.parse("0") == 0.0
    for bad in ("-1", "lots"):
        with pytest.raises(ValueError, match=f"expected a number of megabytes, 0 or more, got '{bad}'"):
            opt.VIDEO_BUDGET.parse(bad)


def test_the_codec_runs_apart_and_the_grader_never_loads_it(tmp_path: Path) -> None:
    """The encoder is a process of its own: this process (a grader) imports neither PyAV nor
    the codec's script, and a broken encoder input is an EncoderFailed naming the status."""
    script = (
        "import io, sys\n"
        "from pathlib import Path\n"
        "from PIL import Image\n"
        "from pytest_revylbench.devices.video import encode\n"
        "def jpeg(c):\n"
        "    b = io.BytesIO(); Image.new('RGB', (40, 80), c).save(b, 'JPEG'); return b.getvalue()\n"
        f"v = encode([(0.0, jpeg('red')), (0.5, jpeg('blue'))], 1.0, Path({str(tmp_path / 'v.webm')!r}))\n"
        "print(v.frames, v.duration_s, 'av' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=REPO, timeout=300)
    assert out.stdout.split() == ["3", "1.0", "False"], out.stdout + out.stderr
    assert probe(tmp_path / "v.webm").frames == 3


def test_a_failing_encoder_is_an_encoder_failure_that_says_why(tmp_path: Path) -> None:
    with pytest.raises(EncoderFailed, match=r"encoder exited with status 1: .*cannot identify image"):
        encode([(0.0, b"not an image")], 1.0, tmp_path / "v.webm")
    assert not (tmp_path / "v.webm").exists()
