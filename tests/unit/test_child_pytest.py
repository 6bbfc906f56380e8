"""The suite's own pytest processes start their children without the hypothesis plugin."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.child_pytest import NO_HYPOTHESIS


def test_a_child_pytest_loads_no_hypothesis_plugin(tmp_path):
    assert NO_HYPOTHESIS in os.environ.get("PYTEST_ADDOPTS", "")
    (tmp_path / "test_one.py").write_text(
        "import sys\n\ndef test_one(request):\n"
        "    assert request.config.pluginmanager.get_plugin('hypothesispytest') is None\n"
        "    assert 'hypothesis' not in sys.modules\n")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "no:revylbench", str(tmp_path / "test_one.py")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "hypothesis" not in proc.stdout
