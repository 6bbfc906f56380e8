"""Checkpoint comparisons started while the grade runs, so that its end does not wait for them.

A grade scores its visual checkpoints when every item has reported (`tiers.checkpoint_scores`):
six comparisons for budget, ≈ 0.1 s each, after ≈ 0.6 s of importing scikit-image, all on the
grade's last seconds while every device is idle. The controller instead starts each comparison
in one background thread as the item that took the shot reports (`start`), and the score at the
end (`score`) is that answer when the two files hold the same bytes as when it started (their
SHA-256), or a comparison made then. Either way the score is `visual.compare` of the bytes the
end finds: the same function of the same input.
"""

from __future__ import annotations

import hashlib
import io
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from pytest_revylbench.records.visual import Region, VisualScore, VisualWeights
from pytest_revylbench.scoring.visual import compare

Key = tuple[str, str, str, str]

_started: dict[Key, Future[VisualScore]] = {}
_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None


def _key(candidate: bytes, oracle: bytes, masks: Sequence[Region], weights: VisualWeights | None) -> Key:
    return (hashlib.sha256(candidate).hexdigest(), hashlib.sha256(oracle).hexdigest(),
            repr(list(masks)),
            repr(weights.as_dict() if weights is not None else None))


def _compare_bytes(candidate: bytes, oracle: bytes, masks: Sequence[Region],
                   weights: VisualWeights | None) -> VisualScore:
    from PIL import Image

    return compare(Image.open(io.BytesIO(candidate)), Image.open(io.BytesIO(oracle)),
                   masks=masks, weights=weights)


def start(candidate: Path, oracle: Path, *, masks: Sequence[Region] = (),
          weights: VisualWeights | None = None) -> None:
    """Compare `candidate` with `oracle` in the background (nothing if either is unreadable:
    `score` finds out and says so)."""
    global _pool
    try:
        shot, reference = candidate.read_bytes(), oracle.read_bytes()
    except OSError:
        return
    key = _key(shot, reference, masks, weights)
    with _lock:
        if key in _started:
            return
        if _pool is None:
            from pytest_revylbench.scoring.imaging import import_metrics

            import_metrics()  # here, not first in the pool's thread (see `import_metrics`)
            _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="revylbench-visual")
        _started[key] = _pool.submit(_compare_bytes, shot, reference, tuple(masks), weights)


def score(candidate: Path, oracle: Path, *, masks: Sequence[Region] = (),
          weights: VisualWeights | None = None) -> VisualScore:
    """`visual.compare` of the two files as they are now: a comparison `start`ed on the same
    bytes, or one made here."""
    shot, reference = candidate.read_bytes(), oracle.read_bytes()
    with _lock:
        ahead = _started.get(_key(shot, reference, masks, weights))
    if ahead is not None:
        try:
            return ahead.result()
        except Exception:  # made again below, where its error is raised
            pass
    return _compare_bytes(shot, reference, tuple(masks), weights)
