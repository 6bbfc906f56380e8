"""The evidence recorder's two modes with a scripted screen: a fake capture returns the PNG
of whatever screen is showing and counts its calls; the fingerprint is the screen's name.

Lazy: passing checks name a file that is written later (before the next action, at a failed
check, at the next explicit screenshot); every path in the evidence exists once written, and
a failure's before/after are the same screens eager mode cites."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.app.evidence import (
    MAX_CONSOLE_CHARS,
    MAX_CONSOLE_ERRORS,
    MAX_TREE_CHARS,
    EvidenceMode,
    EvidenceRecorder,
)


class Screen:
    def __init__(self) -> None:
        self.showing = "home"
        self.captures: list[str] = []
        self.quick: list[str] = []

    def png(self) -> bytes:
        self.captures.append(self.showing)
        return b"\x89PNG " + self.showing.encode()

    def quick_png(self) -> bytes:
        self.quick.append(self.showing)
        return b"\x89PNG " + self.showing.encode()

    def fingerprint(self) -> str:
        return self.showing


def recorder(tmp_path: Path, mode: EvidenceMode, screen: Screen, *, fingerprint: bool = True
             ) -> EvidenceRecorder:
    rec = EvidenceRecorder(tmp_path, "test_flow", mode=mode)
    rec.attach(screen.png, screen.fingerprint if fingerprint else None, quick=screen.quick_png)
    return rec


def shown(rec: EvidenceRecorder, rel: str | None) -> str:
    assert rel is not None
    return (rec.run_dir / rel).read_bytes().removeprefix(b"\x89PNG ").decode()


def journey(rec: EvidenceRecorder, screen: Screen, *, fail: bool) -> None:
    """home: two checks; tap → form: one check; tap → list: a check that passes or fails."""
    rec.check("home shows a title", "'Home'", "'Home'", passed=True)
    rec.check("home shows a total", "'$1'", "'$1'", passed=True)
    rec.before_action()
    screen.showing = "form"
    rec.check("the form opens", "'New'", "'New'", passed=True)
    rec.before_action()
    screen.showing = "list"
    rec.check("the list shows the row", "'Row'", "'Row'" if not fail else "'Other'", passed=not fail)
    rec.screenshot("end of test")


def test_lazy_takes_nothing_while_checks_pass_and_the_screen_stays(tmp_path: Path) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "lazy", screen)
    first = rec.check("a", "x", "x", passed=True)
    second = rec.check("b", "y", "y", passed=True)
    assert screen.captures == screen.quick == []
    assert first.after == second.after == second.before
    assert first.after is not None and not (tmp_path / first.after).exists()  # named, not taken
    rec.before_action()
    assert screen.quick == ["home"] and shown(rec, first.after) == "home"
    rec.before_action()  # nothing pending: no capture
    assert screen.quick == ["home"]


def test_lazy_points_each_passing_check_at_the_screen_it_judged(tmp_path: Path) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "lazy", screen)
    journey(rec, screen, fail=False)
    home, _, form, listed = rec.evidence
    assert [shown(rec, e.after) for e in rec.evidence] == ["home", "home", "form", "list"]
    assert form.before == home.after and listed.before == form.after
    # one quick capture per judged screen; nothing through the exact capture
    assert screen.quick == ["home", "form", "list"] and screen.captures == []
    assert all((tmp_path / s.path).is_file() for s in rec.screenshots)
    assert [s.step for s in rec.screenshots][-1] == "end of test"
    assert rec.screenshots[-1].path == listed.after


@pytest.mark.parametrize("mode", ["eager", "lazy"])
def test_a_failure_cites_the_screen_before_the_action_and_the_one_it_failed_on(
    tmp_path: Path, mode: EvidenceMode
) -> None:
    screen = Screen()
    rec = recorder(tmp_path / mode, mode, screen)
    journey(rec, screen, fail=True)
    failed = rec.evidence[-1]
    assert not failed.passed
    assert shown(rec, failed.before) == "form" and shown(rec, failed.after) == "list"
    assert failed.after != rec.evidence[-2].after  # a failure has a file of its own
    assert all((rec.run_dir / s.path).is_file() for s in rec.screenshots)


def test_both_modes_record_the_same_evidence_apart_from_file_names(tmp_path: Path) -> None:
    records = {}
    for mode in ("eager", "lazy"):
        screen = Screen()
        rec = recorder(tmp_path / mode, mode, screen)
        journey(rec, screen, fail=True)
        records[mode] = (
            [(e.criterion, e.passed, shown(rec, e.before) if e.before else None, shown(rec, e.after))
             for e in rec.evidence],
            [(s.step, shown(rec, s.path)) for s in rec.screenshots],
        )
    assert records["eager"] == records["lazy"]


def test_a_failure_right_after_a_passing_check_writes_the_pending_shot_too(tmp_path: Path) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "lazy", screen)
    ok = rec.check("a", "x", "x", passed=True)
    bad = rec.check("b", "y", "z", passed=False)
    assert bad.before == ok.after and shown(rec, bad.before) == "home"
    assert shown(rec, bad.after) == "home" and bad.after != bad.before
    # one capture served both, the quick one: a failure's shot is as big as its "before"
    assert screen.quick == ["home"] and screen.captures == []


def test_a_checkpoint_keeps_its_exact_capture_and_serves_the_pending_shot(tmp_path: Path) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "lazy", screen)
    ok = rec.check("a", "x", "x", passed=True)
    checkpoint = rec.screenshot("home", keep=True)
    assert screen.captures == ["home"] and screen.quick == []
    assert checkpoint != ok.after and shown(rec, checkpoint) == shown(rec, ok.after) == "home"


def test_end_of_test_captures_the_last_judged_screen_once(tmp_path: Path) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "lazy", screen)
    ok = rec.check("a", "x", "x", passed=True)
    assert rec.screenshot("end of test") == ok.after
    assert screen.quick == ["home"] and shown(rec, ok.after) == "home"
    assert rec.screenshot("end of test again") == ok.after and screen.quick == ["home"]


def test_a_screen_that_changes_by_itself_between_checks_is_shown_as_next_captured(
    tmp_path: Path
) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "lazy", screen)
    first = rec.check("loading", "x", "x", passed=True)
    screen.showing = "loaded"
    second = rec.check("loaded", "y", "y", passed=True)
    assert first.after == second.after
    rec.before_action()
    assert screen.quick == ["loaded"] and shown(rec, second.after) == "loaded"


def test_without_a_fingerprint_lazy_still_takes_one_shot_per_action(tmp_path: Path) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "lazy", screen, fingerprint=False)
    journey(rec, screen, fail=False)
    assert screen.quick == ["home", "form", "list"]
    assert [shown(rec, e.after) for e in rec.evidence] == ["home", "home", "form", "list"]


def test_eager_captures_at_each_check_through_the_exact_capture(tmp_path: Path) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "eager", screen)
    journey(rec, screen, fail=False)
    assert screen.captures == ["home", "form", "list"] and screen.quick == []


def test_a_shot_the_test_end_could_not_take_is_not_cited(tmp_path: Path) -> None:
    screen = Screen()
    rec = recorder(tmp_path, "lazy", screen)
    rec.check("a", "x", "x", passed=True)
    rec.before_action()
    screen.showing = "hung"
    rec.check("b", "y", "y", passed=True)
    rec.discard_pending()  # the page hung: no end-of-test shot
    assert rec.evidence[1].after is None and rec.evidence[1].before == rec.evidence[0].after
    assert all((tmp_path / s.path).is_file() for s in rec.screenshots) and len(rec.screenshots) == 1


def test_an_unknown_mode_is_refused_with_the_valid_ones(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="eager, lazy"):
        EvidenceRecorder(tmp_path, "t", mode="sometimes")  # type: ignore[arg-type]


def test_each_checked_screen_keeps_its_ui_tree_beside_its_screenshot(tmp_path: Path) -> None:
    """The tree is taken with the screenshot (lazily: when the shot is), stored beside it, and
    named with its sha256 in every check that judged that screen; a large tree is gzip'd."""
    import gzip
    import hashlib

    screen = Screen()
    trees = {"home": "<html>home</html>", "form": "<html>" + "form " * 20000 + "</html>",
             "list": "<html>list</html>"}
    rec = EvidenceRecorder(tmp_path, "test_flow", mode="lazy")
    rec.attach(screen.png, screen.fingerprint, quick=screen.quick_png,
               tree=lambda: trees[screen.showing])
    journey(rec, screen, fail=True)
    assert [e.tree is not None for e in rec.evidence] == [True] * 4
    for item in rec.evidence:
        assert item.tree is not None and item.after is not None
        path = tmp_path / item.tree
        assert Path(item.after).stem == path.name.split(".")[0]
        data = path.read_bytes()
        assert item.tree_sha256 == "sha256:" + hashlib.sha256(data).hexdigest()
        text = gzip.decompress(data).decode() if path.suffix == ".gz" else data.decode()
        assert text == trees[shown(rec, item.after)]
    assert [Path(e.tree or "").suffix for e in rec.evidence] == [".html", ".html", ".gz", ".html"]
    assert rec.tree_seconds > 0


def test_a_tree_the_page_cannot_give_leaves_the_check_without_one(tmp_path: Path) -> None:
    screen = Screen()

    def broken() -> str:
        raise RuntimeError("no DOM")

    rec = EvidenceRecorder(tmp_path, "test_flow", mode="eager")
    rec.attach(screen.png, screen.fingerprint, tree=broken)
    item = rec.check("home shows a title", "'Home'", "'Home'", passed=True)
    assert item.after is not None and item.tree is None and item.tree_sha256 is None


@pytest.mark.parametrize("mode", ["eager", "lazy"])
def test_a_check_that_brings_its_screen_mark_costs_no_fingerprint_call(
    tmp_path: Path, mode: EvidenceMode
) -> None:
    """The web probe returns the mark of the DOM it judged: the recorder trusts it instead of
    asking the device again, and still tells a changed screen from an unchanged one."""
    screen = Screen()
    asked: list[str] = []

    def fingerprint() -> str:
        asked.append(screen.showing)
        return screen.showing

    rec = EvidenceRecorder(tmp_path, "test_flow", mode=mode)
    rec.attach(screen.png, fingerprint, quick=screen.quick_png)
    first = rec.check("a", "x", "x", passed=True, mark="home")
    second = rec.check("b", "y", "y", passed=True, mark="home")
    rec.before_action()
    screen.showing = "form"
    third = rec.check("c", "z", "z", passed=True, mark="form")
    rec.screenshot("end of test")
    assert asked == ["form"]  # only the explicit end-of-test shot asked the device
    assert first.after == second.after != third.after
    assert shown(rec, first.after) == "home" and shown(rec, third.after) == "form"
    assert len(screen.captures + screen.quick) == 2  # one capture per screen


@pytest.mark.parametrize("mode", ["eager", "lazy"])
def test_a_failure_is_shot_by_the_same_capture_as_the_screen_before_it(
    tmp_path: Path, mode: EvidenceMode
) -> None:
    """Lazy evidence is taken by the quick capture (the web's is at CSS pixels), its failures
    too, so a failure's "before" and "after" are the same size; eager takes every shot by the
    exact capture (the device's pixels), as it always did."""
    screen = Screen()
    rec = recorder(tmp_path, mode, screen)
    journey(rec, screen, fail=True)
    used, unused = (screen.quick, screen.captures) if mode == "lazy" else (screen.captures, screen.quick)
    assert used == ["home", "form", "list"] and unused == []


def test_a_pending_shot_keeps_the_tree_its_check_judged_and_a_new_shot_reads_its_own(
    tmp_path: Path,
) -> None:
    """Lazy: a passing check's probe brought the tree of the screen it judged; the shot taken
    for it later is stored with that tree (no read). A shot that is a new file of its own (the
    app changed the screen by itself, then the end of the test) reads the tree there and then."""
    screen = Screen()
    reads: list[str] = []
    rec = EvidenceRecorder(tmp_path, "test_flow", mode="lazy")
    rec.attach(screen.png, screen.fingerprint, quick=screen.quick_png,
               tree=lambda: reads.append(screen.showing) or f"<{screen.showing}/>")
    judged = rec.check("a", "x", "x", passed=True, mark="home", tree="<home judged/>")
    rec.before_action()
    assert reads == [] and judged.after is not None
    assert (tmp_path / rec.trees[judged.after][0]).read_text() == "<home judged/>"
    rec.check("b", "y", "y", passed=True, mark="home2", tree="<home2 judged/>")
    screen.showing = "toast"  # the app changed the screen by itself
    end = rec.screenshot("end of test")
    assert reads == ["toast"] and end is not None
    assert (tmp_path / rec.trees[end][0]).read_text() == "<toast/>"



class Prefetching(Screen):
    """A device that can start a capture ahead: the shot is of the screen when it started."""

    def __init__(self) -> None:
        super().__init__()
        self.started: list[str] = []
        self.collected: list[str] = []

    def prefetch(self):  # type: ignore[no-untyped-def]
        showing = self.showing
        self.started.append(showing)

        def collect() -> bytes:
            self.collected.append(showing)
            return b"\x89PNG " + showing.encode()
        return collect


def prefetching(tmp_path: Path, screen: Prefetching) -> EvidenceRecorder:
    rec = EvidenceRecorder(tmp_path, "test_flow", mode="lazy")
    rec.attach(screen.png, screen.fingerprint, quick=screen.quick_png, prefetch=screen.prefetch)
    return rec


def test_a_judged_screens_shot_starts_when_its_check_passes_and_is_collected_before_the_action(
    tmp_path: Path,
) -> None:
    """Lazy with a device that starts captures ahead: the first passing check on a screen
    starts its shot, later checks on the same screen start none, and the action's turn
    collects it (no capture then); the evidence is the same as without starting ahead."""
    screen = Prefetching()
    rec = prefetching(tmp_path, screen)
    journey(rec, screen, fail=False)
    assert screen.started == ["home", "form", "list"] == screen.collected
    assert screen.quick == [] and screen.captures == []
    plain = Screen()
    ref = recorder(tmp_path / "plain", "lazy", plain)
    journey(ref, plain, fail=False)
    assert [(e.criterion, shown(rec, e.after)) for e in rec.evidence] == [
        (e.criterion, shown(ref, e.after)) for e in ref.evidence]


def test_a_shot_started_ahead_starts_again_when_a_later_check_judged_a_changed_screen(
    tmp_path: Path,
) -> None:
    """The app changed the screen by itself between two passing checks (their marks differ):
    the shot they share is started again, so it shows the screen the last of them judged."""
    screen = Prefetching()
    rec = prefetching(tmp_path, screen)
    first = rec.check("loading", "x", "x", passed=True, mark="loading")
    rec.check("still loading", "x", "x", passed=True, mark="loading")
    screen.showing = "loaded"
    second = rec.check("loaded", "y", "y", passed=True, mark="loaded")
    rec.before_action()
    assert first.after == second.after and shown(rec, second.after) == "loaded"
    assert screen.started == ["home", "loaded"] and screen.collected == ["loaded"]


def test_a_failure_after_a_shot_started_ahead_cites_it_and_takes_its_own(tmp_path: Path) -> None:
    """A failing check with a started shot pending: the pending shot is the started capture
    (the screen the passing check judged) and the failure's own shot is captured now."""
    screen = Prefetching()
    rec = prefetching(tmp_path, screen)
    ok = rec.check("a", "x", "x", passed=True, mark="home")
    screen.showing = "error"  # changed by itself before the failing check looked
    bad = rec.check("b", "y", "z", passed=False, mark="error")
    assert bad.before == ok.after and shown(rec, bad.before) == "home"
    assert shown(rec, bad.after) == "error"
    assert screen.collected == ["home"] and screen.quick == ["error"] and rec.captures == 2


def test_a_started_shot_the_test_end_could_not_collect_is_not_cited(tmp_path: Path) -> None:
    screen = Prefetching()
    rec = prefetching(tmp_path, screen)
    rec.check("a", "x", "x", passed=True, mark="home")
    rec.discard_pending()
    assert screen.started == ["home"] and screen.collected == []
    assert rec.screenshots == [] and all(e.after is None for e in rec.evidence)


def test_a_flooded_console_keeps_a_bounded_record(tmp_path: Path) -> None:
    """An app can log without end; the record keeps the first errors, each cut, and counts
    the rest: a flood cannot swell grade.json or the scorecard."""
    rec = EvidenceRecorder(tmp_path, "t")
    rec.keep_console(["TypeError: x is undefined"])
    rec.keep_console(["flood " + "x" * 200_000] * (MAX_CONSOLE_ERRORS + 9))
    assert len(rec.console_errors) == MAX_CONSOLE_ERRORS and rec.console_dropped == 10
    assert rec.console_errors[0] == "TypeError: x is undefined"
    cut = rec.console_errors[1]
    assert cut.startswith("flood xxx") and cut.endswith(
        f" … ({200_006 - MAX_CONSOLE_CHARS} more characters not kept)")
    assert len(cut) < MAX_CONSOLE_CHARS + 60


def test_a_tree_of_megabytes_is_not_kept(tmp_path: Path) -> None:
    """An app can build a page of any size; a tree over MAX_TREE_CHARS leaves its check without
    one rather than a copy of it beside every screenshot."""
    screen = Screen()
    rec = EvidenceRecorder(tmp_path, "test_flow", mode="eager")
    rec.attach(screen.png, screen.fingerprint, tree=lambda: "<p>" + "z" * MAX_TREE_CHARS + "</p>")
    item = rec.check("home shows a title", "'Home'", "'Home'", passed=True)
    assert item.after is not None and item.tree is None and rec.trees == {}
    assert sorted(p.suffix for p in rec.folder.iterdir()) == [".png"]
