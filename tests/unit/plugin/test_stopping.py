"""A stop is never lost: a SIGTERM whose KeyboardInterrupt lands in a finalizer, where Python
prints it and goes on, still stops the run before the next test and ends it as interrupted."""

from __future__ import annotations

import pytest

CONFTEST = """
from pytest_revylbench.plugin.stopping import StopGuard, StopNote, stop_cleanly_on_signals

def pytest_configure(config):
    stop = StopNote()
    stop_cleanly_on_signals(stop)
    config.pluginmanager.register(StopGuard(stop), "guard")
"""

TESTS = """
import os, signal, time

class SignalsInItsFinalizer:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)  # the handler runs here, inside __del__: its exception is only printed

def test_the_signal_lands_in_a_finalizer():
    SignalsInItsFinalizer()
    time.sleep(0.2)

def test_never_runs():
    raise AssertionError("the run went on after its SIGTERM")
"""


def test_a_signal_swallowed_by_a_finalizer_still_stops_the_run(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_stop=TESTS)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:xdist")
    # The handler raised inside __del__: pytest saw it only as an unraisable exception.
    result.stdout.fnmatch_lines(["*PytestUnraisableExceptionWarning*", "*KeyboardInterrupt: signal 15*"])
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.assert_outcomes(passed=1)
