"""The web device's static site: the bundle at the root, the grader's own pages at paths that
no app can know, so no file of a submission's bundle can take them and no path answers
differently from the bundle's own (which would tell an app it is graded)."""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_revylbench.devices.site import StaticSite


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
    folder = url.removeprefix(base).split("/")[1]
    assert url == f"{base}/{folder}/calibration.html" and len(folder) == 32
    assert get(url) == (200, "the grader's calibration")
    assert get(url + "?x=1") == (200, "the grader's calibration")
    # The folder holds nothing else: any other path there is the bundle's, as anywhere…
    assert get(f"{base}/{folder}/nothing") == (200, "app index")
    assert get(f"{base}/{folder}/other.html")[0] == 404
    # …and the bundle is served as before, client routes and a folder once reserved included.
    assert get(f"{base}/app.js") == (200, "app code")
    assert get(f"{base}/accounts/new") == (200, "app index")
    assert get(f"{base}/__revylbench__/calibration.html") == (200, "forged calibration")


def test_no_path_tells_the_app_it_is_graded(site: tuple[StaticSite, Path]) -> None:
    """Two sites never share the grader's folder; before a page is served there, its path is
    like any other; no answer carries the host's clock or the server's make."""
    served, grader = site
    base = served.url.rstrip("/")
    other = StaticSite(grader).start()
    try:
        assert served.serve(grader / "calibration.html").rsplit("/", 2)[1] != \
            other.serve(grader / "calibration.html").rsplit("/", 2)[1]
    finally:
        other.stop()
    fresh = StaticSite(grader.parent / "dist").start()
    try:
        assert get(f"{fresh.url.rstrip('/')}/0123456789abcdef0123456789abcdef/x") == (200, "app index")
    finally:
        fresh.stop()
    with urllib.request.urlopen(f"{base}/app.js", timeout=10) as answer:
        headers = {k.lower() for k in answer.headers}
    assert not headers & {"date", "last-modified", "server"}, headers


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
