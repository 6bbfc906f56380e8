"""The source checks (tsc, jest: CPU work) started in a thread when collection ends, so they
run while the device tests wait on the browser; their fixture then only waits."""

from __future__ import annotations

import threading

import pytest

from pytest_revylbench.plugin.config import GradeConfig
from pytest_revylbench.plugin.fixtures import source_checks


class SourceChecksAhead:
    """Runs the grade's source checks ahead of their items (registered by `pytest_configure`)."""

    def __init__(self, grade: GradeConfig) -> None:
        self.grade = grade
        self.thread: threading.Thread | None = None

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        wanted = any("revylbench_source_checks" in getattr(i, "fixturenames", ()) for i in session.items)
        if wanted and not session.config.option.collectonly:
            self.thread = threading.Thread(target=self._run, name="revylbench-source-checks", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        try:
            source_checks(self.grade)
        except Exception:  # the fixture runs them again and reports the error on its items
            pass

    @pytest.hookimpl
    def pytest_sessionfinish(self, exitstatus: int) -> None:
        # An interrupted grade does not wait: the sandboxed steps die with this process. Else
        # the wait is bounded: each check has its own limit, the install the build's.
        if self.thread is not None and exitstatus != pytest.ExitCode.INTERRUPTED:
            self.thread.join(timeout=self.grade.build_timeout_s + 2 * self.grade.functional_timeout_s)
