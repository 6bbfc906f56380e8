"""Finished builds kept by what they were built from, so an identical submission is built once.

The key covers the submission's digest, the platform and the builder's own code: a grader
change or a single changed byte of the submission means a new build. Only successful builds
are kept (a failure may have been a timeout on a busy machine). The copy into the store
follows no link and opens no FIFO (build_output.copy_output); a write that fails leaves no
`.partial` behind and fails the build (`ArtifactStore.keep`), never the grader.
"""

from __future__ import annotations

import errno
import hashlib
import shutil
from pathlib import Path

from filelock import FileLock

from pytest_revylbench.builder.build_output import OutputRefused, copy_output
from pytest_revylbench.builder.process import log_tail
from pytest_revylbench.builder.submission import tree_digest
from pytest_revylbench.records.build import BuildResult, StepDiagnosis
from pytest_revylbench.records.vocabulary import Fault

BUILDER_CODE = Path(__file__).resolve().parent
STORE_STEP = "keep the build"


def artifact_key(submission_digest: str, platform: str, *, sandboxed: bool) -> str:
    """Also keyed by sandboxing, so an unsandboxed build never stands in for a trusted one."""
    data = "\n".join([submission_digest, platform, f"sandboxed={sandboxed}",
                       tree_digest(BUILDER_CODE)])
    return hashlib.sha256(data.encode()).hexdigest()[:24]


class ArtifactStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _entry(self, key: str) -> Path:
        return self.root / key

    def get(self, key: str) -> tuple[BuildResult, Path, Path] | None:
        """(result, artifact, build log) of an earlier identical build, if kept: the web
        bundle folder, or the `.app` / `.apk` under its own name."""
        entry = self._entry(key)
        record = entry / "build.json"
        if not record.is_file():
            return None
        result = BuildResult.model_validate_json(record.read_text(encoding="utf-8"))
        return result, kept_artifact(entry / "artifact", result), entry / "build.log"

    def put(self, key: str, result: BuildResult, artifact: Path, log: Path) -> None:
        if not result.ok:
            return
        entry = self._entry(key)
        self.root.mkdir(parents=True, exist_ok=True)
        with FileLock(str(entry) + ".lock"):
            if (entry / "build.json").is_file():
                return
            partial = entry.with_name(entry.name + ".partial")
            shutil.rmtree(partial, ignore_errors=True)
            try:
                keep_artifact(artifact, partial / "artifact")
                shutil.copy2(log, partial / "build.log")
                (partial / "build.json").write_text(result.model_dump_json(indent=2),
                                                    encoding="utf-8")
                partial.rename(entry)
            except BaseException:
                shutil.rmtree(partial, ignore_errors=True)
                raise

    def keep(self, key: str, result: BuildResult, artifact: Path, log: Path) -> BuildResult:
        """`put`, with its failure as the build's: the result unchanged when the build is
        kept, else a failed result (noted in `log`) whose artifact must not be served.

        Something other than files and folders in the artifact is the submission's
        (build_failed); any other failure to write (a full disk) is the bench's
        (builder_fault)."""
        try:
            self.put(key, result, artifact, log)
            return result
        except OutputRefused as exc:
            reason, fault, diagnosis = str(exc), Fault.BUILD_FAILED, exc.diagnosis
        except OSError as exc:
            code = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
            reason, fault = f"{STORE_STEP}: {exc}", Fault.BUILDER_FAULT
            diagnosis = StepDiagnosis(step=STORE_STEP, party="bench", code=code, evidence=str(exc),
                                      rule="the artifact store could not be written")
        with log.open("a", encoding="utf-8") as out:
            out.write(f"\n[revylbench] build FAILED: {reason}\n")
        return result.model_copy(update={
            "ok": False, "reason": reason, "fault": fault, "diagnosis": diagnosis,
            "artifact": None, "log_tail": log_tail(log)})


NATIVE_SUFFIXES = (".app", ".apk")
"""A native artifact keeps its name: the device picks its platform by the suffix, and an
upload to a farm is named after it."""
APK_METADATA = "output-metadata.json"
"""Written by the Android Gradle plugin beside the APK; the device reads the app's id from it."""


def keep_artifact(artifact: Path, folder: Path) -> None:
    """Copy a build's artifact into the store's `folder`: a web bundle folder as the folder
    itself; a `.app` (a folder) or an `.apk` (a file, with its output-metadata.json) inside
    it under its own name."""
    if artifact.suffix not in NATIVE_SUFFIXES:
        copy_output(artifact, folder, step=STORE_STEP)
        return
    folder.mkdir(parents=True)
    copy_output(artifact, folder / artifact.name, step=STORE_STEP)
    metadata = artifact.parent / APK_METADATA
    if artifact.suffix == ".apk" and (metadata.is_file() or metadata.is_symlink()):
        copy_output(metadata, folder / APK_METADATA, step=STORE_STEP)


def kept_artifact(folder: Path, result: BuildResult) -> Path:
    """Where `keep_artifact` put the artifact `result` names."""
    name = Path(result.artifact or "").name
    return folder / name if Path(name).suffix in NATIVE_SUFFIXES else folder
