"""Checkpoint comparisons started while the grade runs (scoring/ahead.py): the score at the end
is `visual.compare` of the bytes the end finds, whether or not a comparison was started."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from pytest_revylbench.records.visual import Region, VisualWeights
from pytest_revylbench.scoring import ahead
from pytest_revylbench.scoring.visual import compare


def screen(path: Path, box: tuple[int, int, int, int]) -> Path:
    image = Image.new("RGB", (60, 120), "white")
    ImageDraw.Draw(image).rectangle(box, fill="navy")
    image.save(path)
    return path


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the comparisons actually made."""
    made: list[int] = []
    real = ahead._compare_bytes

    def counted(*args: object) -> object:
        made.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ahead, "_compare_bytes", counted)
    monkeypatch.setattr(ahead, "_started", {})
    return made


def settled() -> None:
    """Wait for every comparison started in the background."""
    for future in list(ahead._started.values()):
        future.exception()


def test_a_started_comparison_is_the_score_and_is_not_made_twice(tmp_path: Path, calls: list[int]) -> None:
    oracle = screen(tmp_path / "oracle.png", (10, 10, 50, 40))
    shot = screen(tmp_path / "shot.png", (12, 10, 50, 44))
    masks, weights = (Region(x=0, y=0, width=60, height=8),), VisualWeights()
    ahead.start(shot, oracle, masks=masks, weights=weights)
    ahead.start(shot, oracle, masks=masks, weights=weights)  # the same bytes: started once
    assert ahead.score(shot, oracle, masks=masks, weights=weights) == compare(
        shot, oracle, masks=masks, weights=weights)
    assert len(calls) == 1


def test_a_shot_changed_after_its_start_is_scored_as_it_is_at_the_end(
    tmp_path: Path, calls: list[int],
) -> None:
    oracle = screen(tmp_path / "oracle.png", (10, 10, 50, 40))
    shot = screen(tmp_path / "shot.png", (10, 10, 50, 40))
    ahead.start(shot, oracle)
    screen(shot, (0, 60, 20, 110))  # other bytes under the same name
    assert ahead.score(shot, oracle) == compare(shot, oracle) != compare(oracle, oracle)
    settled()  # the comparison started on the old bytes may still be running
    assert len(calls) == 2
    # Other masks or weights are another comparison too.
    masks = (Region(x=0, y=0, width=60, height=8),)
    assert ahead.score(shot, oracle, masks=masks) == compare(shot, oracle, masks=masks)
    assert len(calls) == 3


def test_a_shot_that_cannot_be_read_at_its_start_is_left_to_the_end(tmp_path: Path, calls: list[int]) -> None:
    oracle = screen(tmp_path / "oracle.png", (10, 10, 50, 40))
    ahead.start(tmp_path / "missing.png", oracle)
    assert calls == [] and ahead._started == {}
    with pytest.raises(FileNotFoundError):
        ahead.score(tmp_path / "missing.png", oracle)


def test_the_background_thread_builds_no_ast(tmp_path: Path) -> None:
    """scikit-image's lazy imports parse source with `ast`; on CPython 3.11.7 an AST built on
    the comparison thread while pytest formats a traceback on the main one can raise `SystemError:
    AST constructor recursion depth mismatch`. `start` does those imports on its caller's thread
    first (a new interpreter, so nothing is imported yet)."""
    oracle = screen(tmp_path / "oracle.png", (10, 10, 50, 40))
    shot = screen(tmp_path / "shot.png", (12, 10, 50, 44))
    script = textwrap.dedent(f"""
        import ast, threading
        parsed_on = []
        real = ast.parse
        def spy(*args, **kwargs):
            parsed_on.append(threading.current_thread().name)
            return real(*args, **kwargs)
        ast.parse = spy
        from pathlib import Path
        from pytest_revylbench.scoring import ahead
        ahead.start(Path({str(shot)!r}), Path({str(oracle)!r}))
        ahead.score(Path({str(shot)!r}), Path({str(oracle)!r}))
        print(sorted(set(parsed_on)))
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "['MainThread']"
