"""How a check polls (`App._poll`), on a clock of its own: every 0.1 s for the first second,
then less and less often, and once more at its deadline."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest

from pytest_revylbench.app import facade
from pytest_revylbench.app.facade import App


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds > 0
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(facade, "time", SimpleNamespace(monotonic=fake.monotonic, sleep=fake.sleep))
    return fake


def app() -> App:
    return App(SimpleNamespace(driver=None), None, None, timeout_s=5.0)  # type: ignore[arg-type]


def test_a_check_that_never_holds_probes_about_twenty_times_and_last_at_its_deadline(clock: Clock) -> None:
    times: list[float] = []
    assert not app()._poll(lambda: times.append(clock.now - 1000.0), None)
    assert times[:11] == pytest.approx([i / 10 for i in range(11)])   # every 0.1 s for a second
    gaps = [b - a for a, b in itertools.pairwise(times)]
    slowing = gaps[10:-1]                                              # the last is cut by the deadline
    assert all(b >= a - 1e-9 for a, b in itertools.pairwise(slowing)), times
    assert max(gaps) == pytest.approx(0.5), times
    assert times[-1] == pytest.approx(5.0)
    assert 18 <= len(times) <= 24, times                               # not fifty


@pytest.mark.parametrize("shows_at", [0.35, 2.9, 4.99])
def test_what_shows_before_the_deadline_is_found_by_it(clock: Clock, shows_at: float) -> None:
    found = app()._poll(lambda: clock.now - 1000.0 >= shows_at, None)
    assert found and clock.now - 1000.0 <= max(shows_at + 0.5, 5.0) + 1e-9
    if shows_at < 1.0:
        assert clock.now - 1000.0 <= shows_at + 0.1 + 1e-9
