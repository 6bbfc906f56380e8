"""Evidence in Allure: one step per check, with its screenshot (and, for a check that failed,
the UI tree it judged), when allure-pytest is recording, and the test's video (`--video`) when
it kept one.

Allure binds attachments to whatever is running, so `attach_evidence` must be called during
the test or its teardown (from a fixture finalizer they show under the test's "Tear down").
"""

from __future__ import annotations

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.outputs.tree_views import read_tree
from pytest_revylbench.records.grade import Evidence


class CriterionFailed(AssertionError):
    """Raised inside a check's step only so Allure marks the step failed (not broken)."""


def allure_recording() -> bool:
    """True when allure-pytest runs with `--alluredir`: a listener takes attachments."""
    try:
        import allure_commons
    except ImportError:
        return False
    # allure-pytest registers its listener (which implements attach_file) only with --alluredir.
    return bool(allure_commons.plugin_manager.hook.attach_file.get_hookimpls())


def _expected_observed(item: Evidence) -> str:
    return f"expected: {item.expected}\nobserved: {item.observed}\n"


def attach_evidence(recorder: EvidenceRecorder) -> None:
    """Add a step per check (passed/failed, screenshot, expected/observed) and the other shots."""
    if not allure_recording():
        return
    import allure

    attached: set[str] = set()

    def attach_png(rel: str | None, name: str) -> None:
        if rel is None or not (recorder.run_dir / rel).is_file():
            return
        allure.attach.file(  # type: ignore[no-untyped-call]  # allure leaves Attach.file unannotated
            str(recorder.run_dir / rel), name=name, attachment_type=allure.attachment_type.PNG
        )
        attached.add(rel)

    def attach_tree(rel: str | None) -> None:
        if rel is None or not (recorder.run_dir / rel).is_file():
            return
        # As text: the DOM's source (or the page source's XML) is what a reader wants to see,
        # not the page it would render again; a large tree was stored gzip'd.
        xml = rel.removesuffix(".gz").endswith(".xml")
        allure.attach(read_tree(recorder.run_dir / rel), name="UI tree",
                      attachment_type=allure.attachment_type.XML if xml else allure.attachment_type.TEXT)

    for item in recorder.evidence:
        try:
            with allure.step(item.criterion):
                # A passed check on an unchanged screen points at a file already shown.
                if not item.passed or item.after not in attached:
                    attach_png(item.after, "screenshot")
                if not item.passed:
                    attach_tree(item.tree)
                allure.attach(_expected_observed(item), name="expected / observed",
                              attachment_type=allure.attachment_type.TEXT)
                if not item.passed:
                    raise CriterionFailed(f"expected {item.expected}, observed {item.observed}")
        except CriterionFailed:
            pass
    for shot in recorder.screenshots:
        if shot.path not in attached:
            attach_png(shot.path, shot.step)
    video = recorder.video
    if video is not None and video.path and (recorder.run_dir / video.path).is_file():
        kind = (allure.attachment_type.WEBM if video.path.endswith(".webm")
                else allure.attachment_type.MP4)
        allure.attach.file(  # type: ignore[no-untyped-call]  # allure leaves Attach.file unannotated
            str(recorder.run_dir / video.path), name="video", attachment_type=kind)
