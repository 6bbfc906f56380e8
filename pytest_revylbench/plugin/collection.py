"""The built-in subtests of the build, contract and visual tiers, and the functional tier's
jest items: ordinary pytest items (fixtures, markers, -k, xdist) made from a task's
declarations.

- `tasks/<id>/task.toml` is collected (the plugin adds it to the arguments) into groups
  `build` (typecheck, export, launch), `contract` (screen[…], tabs, dependencies, network)
  and `visual` (one item per checkpoint and viewport), as the task's `tiers` declare.
- `suites/<id>/functional/*.test.tsx` is collected into one item per jest test.

Each item is a `pytest.Function` over a small function below, so it gets fixtures like any
test; its `tier(...)` marker puts its verdict in its tier.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pytest_revylbench.app.facade import App
from pytest_revylbench.checks.functional import (
    JestCase,
    SuiteFileError,
    parse_cases,
    verdict_of,
)
from pytest_revylbench.checks.source import CheckRecord
from pytest_revylbench.devices.calibration import Calibration
from pytest_revylbench.devices.console import OVERFLOW as CONSOLE_OVERFLOW
from pytest_revylbench.devices.errors import AppHung
from pytest_revylbench.devices.web_browser import screen_key
from pytest_revylbench.plugin.config import GradeConfig
from pytest_revylbench.plugin.item_ids import DeclaredItem
from pytest_revylbench.plugin.keys import viewport_key
from pytest_revylbench.plugin.outcomes import BuilderFault, BuildFailed, ExportFailed, Tampered
from pytest_revylbench.records.contract import ContractSpec
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.visual import CheckpointSpec, Viewport, shot_name
from pytest_revylbench.records.vocabulary import Tier
from pytest_revylbench.tasks.contract import (
    ContractBroken,
    dependency_changes,
    outside_message,
    outside_requests,
)
from pytest_revylbench.tasks.items import BUILTIN_TIERS, tier_item_names

LAUNCH_WATCH_S = 3.0
"""How long the launch subtest watches a freshly started app for uncaught errors."""
NETWORK_SETTLE_S = 0.5
"""How long the network subtest lets each screen run before reading its requests."""


# -- the subtests ------------------------------------------------------------------------


def typecheck(revylbench_source_checks: CheckRecord) -> None:
    record = revylbench_source_checks
    if record.bench_fault:
        raise BuilderFault(record.bench_fault)
    if record.typecheck.timed_out:
        raise AppHung(f"the type-check ran past its limit (--functional-timeout) and was stopped "
                      f"after {record.typecheck.seconds:.0f} s")
    if not record.typecheck.ok:
        lines = record.typecheck.message.splitlines()
        first = next((ln.strip() for ln in lines if "error TS" in ln), lines[0] if lines else "")
        raise ContractBroken(f"the project does not type-check (tsc --noEmit): {first}\n"
                             + record.typecheck.message)


def export(request: pytest.FixtureRequest) -> None:
    try:
        request.getfixturevalue("revylbench_build")
    except BuildFailed as exc:
        raise ExportFailed(str(exc)) from exc


def launch(app: App) -> None:
    time.sleep(LAUNCH_WATCH_S)
    # Uncaught exceptions and unhandled rejections; a failed request's own log line is the
    # network contract's business, not a crash. A console flooded past what the browser keeps
    # may have pushed an uncaught error out: it counts as one (`devices/console.py`).
    errors = [e for e in app.console_errors() if "Uncaught" in e or e.startswith(CONSOLE_OVERFLOW)]
    if errors:
        raise ContractBroken(
            f"the app logged {len(errors)} error(s) in its first {LAUNCH_WATCH_S:.0f} s: {errors[0]}"
        )


def _walk(app: App, path: tuple[str, ...]) -> None:
    for test_id in path:
        app.tap(test_id=test_id, criterion=f"the control with test ID {test_id!r} can be pressed")


def screen_check(spec: Any) -> Callable[[App], None]:
    def screen(app: App) -> None:
        _walk(app, spec.path)
        here = app.present(*spec.test_ids)
        missing = [t for t, ok in here.items() if not ok]
        if missing:
            raise ContractBroken(
                f"screen {spec.name}: test IDs {missing} are missing "
                f"({len(spec.test_ids) - len(missing)}/{len(spec.test_ids)} present)"
            )
    return screen


def tabs_check(contract: ContractSpec) -> Callable[[App], None]:
    tabs = contract.tabs
    assert tabs is not None

    def tab_bar(app: App) -> None:
        xs = []
        for test_id, label in zip(tabs.test_ids, tabs.labels, strict=True):
            shown = app.read(test_id)
            if shown != label:
                raise ContractBroken(f"tab {test_id!r} shows {shown!r}, expected {label!r}")
            xs.append(app.position(test_id))
        order = sorted(range(len(xs)), key=lambda n: (xs[n][0], xs[n][1]))
        if order != list(range(len(xs))):
            shown_order = [tabs.labels[n] for n in order]
            raise ContractBroken(f"tabs are in the order {shown_order}, expected {list(tabs.labels)}")
    return tab_bar


def dependencies_check(contract: ContractSpec) -> Callable[[GradeConfig], None]:
    def dependencies(revylbench_grade: GradeConfig) -> None:
        grade = revylbench_grade
        scaffold = grade.task.folder.parent / "scaffold"
        changes = dependency_changes(grade.submission, scaffold, contract.dependencies)
        if changes:
            raise ContractBroken(
                f"package.json differs from the scaffold's beyond the allowlist: {'; '.join(changes)}"
            )
    return dependencies


def network_check(contract: ContractSpec, paths: list[tuple[str, ...]]) -> Callable[..., None]:
    def network(app: App) -> None:
        try:
            seen = app.requests()
        except RuntimeError as exc:
            pytest.skip(f"network contract not implemented on this platform: {exc}")
        for path in paths:
            app.relaunch()
            _walk(app, path)
            time.sleep(NETWORK_SETTLE_S)
            seen += app.requests()
        outside = outside_requests(seen, own=app.own_hosts, allowed=contract.hosts)
        if outside:
            raise ContractBroken(outside_message(outside))
    return network


def checkpoint_shot(checkpoint: CheckpointSpec, viewport: Viewport) -> Callable[..., None]:
    name = shot_name(checkpoint.name, viewport.name)

    # The calibration fixture is session-scoped, so it is judged before `app` launches.
    def shot(revylbench_calibration: Calibration, app: App) -> None:
        _walk(app, checkpoint.path)
        app.wait_still()
        if app.screenshot(name, keep=True) is None:
            raise ContractBroken(f"checkpoint {name}: the device took no screenshot")
    return shot


# -- collection --------------------------------------------------------------------------


def _item(parent: pytest.Collector, name: str, func: Callable[..., None], tier: str) -> pytest.Function:
    item = DeclaredItem.from_parent(parent, name=name, callobj=func)
    item.add_marker(pytest.mark.tier(tier))
    return item


Subtest = tuple[str, Callable[..., None], Viewport | None]
"""(item name, function, viewport to launch on)."""


def _tier_checks(spec: TaskSpec, tier: str) -> list[tuple[Callable[..., None], Viewport | None]]:
    """The check function (and viewport) of each built-in item of a tier, in the order of
    `tasks.items.tier_item_names`."""
    if tier == Tier.BUILD:
        return [(typecheck, None), (export, None), (launch, None)]
    if tier == Tier.CONTRACT and spec.contract is not None:
        contract = spec.contract
        found: list[tuple[Callable[..., None], Viewport | None]] = [
            (screen_check(s), None) for s in contract.screens]
        if contract.tabs is not None:
            found.append((tabs_check(contract), None))
        found.append((dependencies_check(contract), None))
        paths = [s.path for s in contract.screens]
        if spec.scoring.visual is not None:
            paths += [c.path for c in spec.scoring.visual.checkpoints]
        found.append((network_check(contract, list(dict.fromkeys(paths))), None))
        return found
    if tier == Tier.VISUAL and spec.scoring.visual is not None:
        return [(checkpoint_shot(c, v), v) for c, v in spec.scoring.visual.shots()]
    return []


def tier_subtests(spec: TaskSpec, tier: str) -> list[Subtest]:
    """The built-in subtests of one tier of a task, in collection order: the names are the
    public ones of `tasks.items` (the feedback's leak guard reads the same)."""
    names = tier_item_names(spec, tier)
    return [(name, func, viewport)
            for name, (func, viewport) in zip(names, _tier_checks(spec, tier), strict=True)]


WATCHING = ("launch", "network")
"""The built-in device items that watch the app for a set time (`LAUNCH_WATCH_S`, and
`NETWORK_SETTLE_S` on each screen): the longest of the built-in device items."""


def running_rank(item: pytest.Item) -> int:
    """Where an item runs in a grade, longest kinds first: xdist's workers take the items in
    this order, so the grade's last seconds go to short items and the workers finish together
    (a screen's visual items, a new browser and the calibration before their shots, left
    last had one worker run them alone for 5 s of a 34 s two-device grade).

    0 the suite's journey, which walks through every stage; 1 a screen's visual items; 2 the
    suite's other device tests; 3 the built-in items that watch the app (`WATCHING`); 4 the
    other built-in device items; 5 items without a device; 6 the items that wait for the
    source checks (tsc and jest run in the background from the session's start: the device
    items never queue behind them).

    The journey goes before the visual items so that two workers do not start on visual items
    together: the grade's calibration runs once, under a lock, before any visual item, and a
    second worker would wait for it (3.7 s at the start of a two-device grade)."""
    names = getattr(item, "fixturenames", ())
    if viewport_key in item.stash:
        return 1
    if "revylbench_source_checks" in names:
        return 6
    if "app" not in names:
        return 5
    if not isinstance(item, DeclaredItem):
        return 0 if item.get_closest_marker("journey") is not None else 2
    return 3 if item.name in WATCHING else 4


def running_order(items: list[pytest.Item]) -> None:
    """Order a grade's items for running (`running_rank`, then the collection's order), each
    screen's visual items together (`group_by_screen`)."""
    items.sort(key=running_rank)
    group_by_screen(items)


def group_by_screen(items: list[pytest.Item]) -> None:
    """Run the items that launch on a viewport of their own next to the others on that viewport,
    in the places those items held: the device keeps one browser per screen size, so
    `a@phone, a@small, b@phone, b@small` would start four browsers, and `a@phone, b@phone,
    a@small, b@small` starts two. A screen the same as the web device's own phone goes last:
    the items without a viewport that follow run in its browser, not in a new one.
    grade.json orders its tests by node id, not by running order."""
    slots = [n for n, item in enumerate(items) if viewport_key in item.stash]
    first_seen: dict[str, tuple[bool, int]] = {}
    for n in slots:
        viewport = items[n].stash[viewport_key]
        first_seen.setdefault(viewport.name, (screen_key(viewport) == screen_key(None), len(first_seen)))
    grouped = sorted((items[n] for n in slots), key=lambda i: first_seen[i.stash[viewport_key].name])
    for n, item in zip(slots, grouped, strict=True):
        items[n] = item


class TierGroup(pytest.Collector):
    """One tier's built-in subtests of a task."""

    def __init__(self, *, grade: GradeConfig, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.grade = grade

    def collect(self) -> Iterator[pytest.Item]:
        for name, func, viewport in tier_subtests(self.grade.task.spec, self.name):
            item = _item(self, name, func, self.name)
            if viewport is not None:
                item.stash[viewport_key] = viewport
            yield item


class TaskTiers(pytest.File):
    """`tasks/<id>/task.toml`, collected into its declared tiers' built-in subtests."""

    def __init__(self, *, grade: GradeConfig, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.grade = grade

    def collect(self) -> Iterator[pytest.Collector]:
        for tier in BUILTIN_TIERS:
            if tier in self.grade.task.spec.tiers:
                # a plain str: node names become report keywords, which xdist must serialize
                yield TierGroup.from_parent(self, name=tier.value, grade=self.grade)


def jest_check(case: JestCase) -> Callable[[CheckRecord], None]:
    def functional(revylbench_source_checks: CheckRecord) -> None:
        record = revylbench_source_checks
        if record.bench_fault:
            raise BuilderFault(record.bench_fault)
        if record.tampered:
            raise Tampered(f"component test {case.name!r} not credited: the jest run was tampered "
                           f"with ({record.tampered})")
        if record.functional is not None and record.functional.timed_out:
            raise AppHung(f"component test {case.name!r} not run to the end: the hidden component "
                          f"tests ran past their limit (--functional-timeout) and were stopped "
                          f"after {record.functional.seconds:.0f} s; the app's code never returned")
        if record.functional is not None and not record.functional.ok:
            raise ContractBroken(f"the hidden component tests could not run: {record.functional.message}")
        verdict = verdict_of(case, record.tests)
        if verdict.status != "passed":
            first = next((line.strip() for line in verdict.message.splitlines() if line.strip()), "")
            raise ContractBroken(f"component test {case.name!r} {verdict.status}: {first}")
    return functional


class JestFile(pytest.File):
    """A hidden jest file, one item per test it declares."""

    def collect(self) -> Iterator[pytest.Item]:
        try:
            cases = parse_cases(self.path)
        except SuiteFileError as exc:
            raise self.CollectError(str(exc)) from exc
        for case in cases:
            yield _item(self, case.name, jest_check(case), Tier.FUNCTIONAL)


