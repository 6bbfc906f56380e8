"""The oracle: the reference app's checkpoint screenshots, one folder per platform.

`revylbench oracle --task ID --platform P` grades the reference with only the visual tier's
items selected and `--oracle-out`: the reporter then stores each checkpoint screenshot as
`suites/<id>/oracle/<platform>/<checkpoint>@<viewport>.png` with `oracle.json`, the digests
of the images and of the reference they came from, instead of scoring the run.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Sequence
from pathlib import Path

from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.visual import shot_name
from pytest_revylbench.records.vocabulary import Tier, Verdict
from pytest_revylbench.scoring.tiers import checkpoint_screenshots

MANIFEST = "oracle.json"


class OracleIncomplete(Exception):
    """A checkpoint of the task has no screenshot in the run; the oracle is not written."""


def write_oracle(
    task: TaskSpec, results: Sequence[TestResult], *, run_dir: Path, dest: Path,
    platform: str, submission_digest: str,
) -> dict[str, str]:
    """Copy every checkpoint's screenshot into `dest` (replacing what was there).

    :returns: each shot's sha256.
    :raises OracleIncomplete: a checkpoint item did not pass or took no screenshot.
    """
    visual = task.scoring.visual
    if visual is None:
        raise OracleIncomplete(f"task {task.id!r} declares no [scoring.visual] checkpoints")
    names = [shot_name(c.name, v.name) for c, v in visual.shots()]
    failed = [r.name for r in results if r.tier == Tier.VISUAL and r.verdict is not Verdict.PASS]
    shots = checkpoint_screenshots(results, names)
    missing = [n for n in names if n not in shots]
    if failed or missing:
        raise OracleIncomplete(f"checkpoints not captured: {sorted(set(failed) | set(missing))}")
    staging = dest.with_name(dest.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    digests: dict[str, str] = {}
    for name in names:
        data = (run_dir / shots[name]).read_bytes()
        (staging / f"{name}.png").write_bytes(data)
        digests[name] = "sha256:" + hashlib.sha256(data).hexdigest()
    manifest = {"version": 1, "task": task.id, "task_version": task.version, "platform": platform,
                "reference_digest": submission_digest, "shots": digests}
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    shutil.rmtree(dest, ignore_errors=True)
    staging.rename(dest)
    return digests
