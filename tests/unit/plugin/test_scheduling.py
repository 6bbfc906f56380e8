"""A grade under `-n N` keeps a screen's visual items on one worker (plugin/scheduling.py),
and a dead worker's items still run elsewhere. xdist's scheduler is driven here by stand-in
workers: the scheduling is ours, the workers are not what is tested."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_revylbench.plugin.scheduling import ScreenScheduling, screen_of

COLLECTION = [
    "budget/test_budget.py::test_stage_1_accounts",
    "budget/test_budget.py::test_journey_month_close",
    "budget::build::launch",
    "budget::contract::screen[accounts]",
    "budget::contract::network",
    "budget::visual::accounts@phone",
    "budget::visual::categories@phone",
    "budget::visual::transactions@phone",
    "budget::visual::accounts@small",
    "budget::visual::categories@small",
    "budget::visual::transactions@small",
]


class Worker:
    """What xdist's scheduler asks of a worker: its id, the items it is sent, shutdown."""

    def __init__(self, name: str) -> None:
        self.gateway = type("Gateway", (), {"id": name})()
        self.sent: list[int] = []
        self.shutting_down = False

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True


class Config:
    """What xdist's scheduler reads of pytest's config: the workers (`--tx`) and `--maxschedchunk`."""

    def __init__(self, *, maxschedchunk: int | None, workers: int) -> None:
        self._values = {"tx": [f"{workers}*popen"], "maxschedchunk": maxschedchunk}

    def getoption(self, name: str) -> Any:
        return self._values[name]

    getvalue = getoption


def scheduler(workers: list[Worker], *, maxschedchunk: int | None = None,
              kind: type[Any] = ScreenScheduling, collection: list[str] = COLLECTION) -> Any:
    """A scheduler of `kind` with `workers` registered, the collection handed out."""
    sched = kind(Config(maxschedchunk=maxschedchunk, workers=len(workers)))
    for w in workers:
        sched.add_node(w)
        sched.add_node_collection(w, collection)
    sched.schedule()
    return sched


def run_to_the_end(sched: ScreenScheduling, workers: list[Worker], order: list[int]) -> dict[str, list[str]]:
    """Complete items, each time on the worker `order` names next (by index into `workers`):
    the order in which workers free up. Returns the items each worker was sent."""
    done: dict[Worker, int] = {w: 0 for w in workers}
    turn = 0
    while any(done[w] < len(w.sent) for w in workers):
        candidates = [w for w in workers if done[w] < len(w.sent)]
        wanted = workers[order[turn % len(order)]]
        w = wanted if wanted in candidates else candidates[0]
        turn += 1
        sched.mark_test_complete(w, w.sent[done[w]])
        done[w] += 1
    return {w.gateway.id: [COLLECTION[i] for i in w.sent] for w in workers}


def test_screen_of_names_only_a_visual_items_screen() -> None:
    assert screen_of("budget::visual::accounts@phone") == "phone"
    assert screen_of("budget::visual::a@b@small") == "small"
    assert screen_of("budget::contract::screen[accounts]") is None
    assert screen_of("budget/test_budget.py::test_x[a@phone]") is None
    assert screen_of("budget::visual::accounts") is None


@pytest.mark.parametrize("chunk", [None, 1])
@pytest.mark.parametrize("order", [[0, 1], [1, 0], [0, 0, 1], [1, 1, 0], [0, 1, 1, 0]])
def test_each_screens_items_go_to_one_worker_however_workers_free_up(
    chunk: int | None, order: list[int]
) -> None:
    workers = [Worker("gw0"), Worker("gw1")]
    sched = scheduler(workers, maxschedchunk=chunk)
    sent = run_to_the_end(sched, workers, order)
    assert sorted(i for items in sent.values() for i in items) == sorted(COLLECTION), "every item runs once"
    for screen in ("phone", "small"):
        holders = {w for w, items in sent.items() if any(screen_of(i) == screen for i in items)}
        assert len(holders) == 1, (screen, sent)
    assert sched.tests_finished


def test_plain_load_splits_a_screen_where_screen_scheduling_does_not() -> None:
    """The same run under xdist's own `load`: the screens' items are spread (what this fixes)."""
    from xdist.scheduler import LoadScheduling  # type: ignore[import-untyped]

    workers = [Worker("gw0"), Worker("gw1")]
    sched = scheduler(workers, maxschedchunk=1, kind=LoadScheduling)
    sent = run_to_the_end(sched, workers, [0, 1])
    split = [s for s in ("phone", "small")
             if len({w for w, items in sent.items() if any(screen_of(i) == s for i in items)}) > 1]
    assert split, sent


def test_a_dead_workers_items_run_on_the_worker_that_replaces_it() -> None:
    """A worker dies on a screen's first item: that item is the crash, and the rest of the
    worker's items go to the worker xdist starts in its place (as under `load`)."""
    workers = [Worker("gw0"), Worker("gw1")]
    sched = scheduler(workers)
    done = {w: 0 for w in workers}
    held: list[str] = []
    for turn in range(100):
        w = workers[turn % 2]
        if done[w] == len(w.sent):
            continue
        running = COLLECTION[w.sent[done[w]]]
        if screen_of(running) is not None:  # the first visual item, on whichever worker: it dies
            dead = w
            held = [COLLECTION[i] for i in sched.node2pending[dead]]
            break
        sched.mark_test_complete(w, w.sent[done[w]])
        done[w] += 1
    assert held and screen_of(held[0]) is not None and len(held) == 3, held
    assert sched.remove_node(dead) == held[0]
    survivor = next(w for w in workers if w is not dead)
    replacement = Worker("gw2")
    sched.add_node(replacement)
    sched.add_node_collection(replacement, COLLECTION)
    sched.schedule()
    for w in (survivor, replacement):
        while done.get(w, 0) < len(w.sent):
            sched.mark_test_complete(w, w.sent[done.get(w, 0)])
            done[w] = done.get(w, 0) + 1
    took_over = [w for w in (survivor, replacement) if set(held[1:]) & {COLLECTION[i] for i in w.sent}]
    assert len(took_over) == 1, "the rest of the screen stays together"
    assert set(held[1:]) <= {COLLECTION[i] for i in took_over[0].sent}, held
    rerun = [COLLECTION[i] for w in (survivor, replacement) for i in w.sent]
    assert held[0] not in rerun, "the item a worker died on is its crash, not run again"
    assert sched.tests_finished



def test_unless_told_a_worker_is_sent_one_item_at_a_time() -> None:
    """Without `--maxschedchunk`, a worker holds at most two items it has not finished (the
    one it runs and the next), a screen's visual items excepted: a long item queued behind
    another cannot wait while the other worker idles. Plain `load` sends several at once."""
    from xdist.scheduler import LoadScheduling

    collection = [f"budget/functional/t.test.tsx::case {n}" for n in range(30)]

    def most_unfinished(kind: type[Any]) -> int:
        workers = [Worker("gw0"), Worker("gw1")]
        sched = scheduler(workers, kind=kind, collection=collection)
        done = {w: 0 for w in workers}
        most = max(len(w.sent) for w in workers)
        while any(done[w] < len(w.sent) for w in workers):
            w = next(w for w in workers if done[w] < len(w.sent))
            sched.mark_test_complete(w, w.sent[done[w]])
            done[w] += 1
            most = max(most, *(len(x.sent) - done[x] for x in workers))
        return most

    assert most_unfinished(ScreenScheduling) == 2
    assert most_unfinished(LoadScheduling) > 2
