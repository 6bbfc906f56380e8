"""The project's own run hands the longest work to xdist first (tests/longest_first.py)."""

from __future__ import annotations

from pathlib import Path

from tests.longest_first import FIRST, rank

REPO = Path(__file__).resolve().parents[2]


def test_every_prefix_names_a_test_file_that_exists() -> None:
    """A renamed file would silently fall back to collection order: each prefix must still name one."""
    for prefix in FIRST:
        assert (REPO / prefix.partition("::")[0]).is_file(), prefix


def test_the_leaderboard_comes_first_and_the_rest_keep_their_order() -> None:
    ids = ["tests/unit/test_a.py::t", "tests/device/test_hangs.py::x",
           "tests/device/test_leaderboard_browser.py::y", "tests/plugin/test_b.py::u"]
    assert sorted(ids, key=rank) == ["tests/device/test_leaderboard_browser.py::y",
                                     "tests/device/test_hangs.py::x", "tests/unit/test_a.py::t",
                                     "tests/plugin/test_b.py::u"]
