"""The web device's static site: the bundle at the root, the grader's own pages at reserved
paths that no file of a submission's bundle can take."""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_revylbench.devices.site import GRADER_ROUTES, StaticSite


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[StaticSite, Path]]:
    bundle = tmp_path / "dist"
    (bundle / "__revylbench__").mkdir(parents=True)
    (bundle / "index.html").write_text("app index")
    (bundle / "app.js").write_text("app code")
    # A hostile bundle ships its own page where the grader's would be, and one beside it.
    (bundle / "__revylbench__" / "calibration.html").write_text("forged calibration")
    (bundle / "__revylbench__" / "other.html").write_text("forged other")
    grader = tmp_path / "grader"
    grader.mkdir()
    (grader / "calibration.html").write_text("the grader's calibration")
    started = StaticSite(bundle).start()
    try:
        yield started, grader
    finally:
        started.stop()


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, ""


def test_the_graders_page_is_served_on_the_apps_origin_and_never_the_bundles(
    site: tuple[StaticSite, Path],
) -> None:
    served, grader = site
    base = served.url.rstrip("/")
    url = served.serve(grader / "calibration.html")
    assert url == f"{base}{GRADER_ROUTES}calibration.html"
    assert get(url) == (200, "the grader's calibration")
    assert get(url + "?x=1") == (200, "the grader's calibration")
    # A reserved path the grader serves nothing at is nothing, not the bundle's file there…
    assert get(f"{base}{GRADER_ROUTES}other.html")[0] == 404
    assert get(f"{base}{GRADER_ROUTES}nothing")[0] == 404
    # …and the bundle is served as before, client routes included.
    assert get(f"{base}/app.js") == (200, "app code")
    assert get(f"{base}/accounts/new") == (200, "app index")


def test_before_the_grader_serves_it_the_reserved_path_is_nothing(
    site: tuple[StaticSite, Path],
) -> None:
    served, _ = site
    assert get(f"{served.url.rstrip('/')}{GRADER_ROUTES}calibration.html")[0] == 404


def test_nothing_whose_real_path_leaves_the_bundle_is_served(site: tuple[StaticSite, Path]) -> None:
    """The build refuses a bundle holding a link or a FIFO; the server holds to it too: it
    followed `dist/s` to the suites folder and served the hidden tests on the app's origin."""
    served, grader = site
    bundle = grader.parent / "dist"
    suites = grader.parent / "suites"
    (suites / "budget").mkdir(parents=True)
    (suites / "budget" / "test_budget.py").write_text("CANARY hidden test")
    (bundle / "s").symlink_to(suites, target_is_directory=True)
    (bundle / "t.py").symlink_to(suites / "budget" / "test_budget.py")
    (bundle / "folder").mkdir()
    (bundle / "folder" / "index.html").symlink_to(suites / "budget" / "test_budget.py")
    (bundle / "inner.js").symlink_to(bundle / "app.js")
    os.mkfifo(bundle / "pipe.js")
    base = served.url.rstrip("/")
    for path in ("/s/budget/test_budget.py", "/t.py", "/s/", "/folder/", "/pipe.js"):
        assert get(base + path) == (404, ""), path
    assert get(base + "/inner.js") == (200, "app code")  # a link that stays inside is served
    assert get(base + "/app.js") == (200, "app code")
