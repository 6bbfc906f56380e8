"""How a grade under `-n N` hands its items to xdist's workers: xdist's `load`, except that
the visual items of one emulated screen go to one worker together.

A device keeps one browser per screen size (`collection.group_by_screen`), and the visual items
are collected grouped by screen (`…@phone` ×3, then `…@small` ×3). Plain `load` hands the tail
of the collection out one or two items at a time, to whichever worker frees up, so both
workers got items of both screens, and each one started and quit a browser for every screen.

Only the size of a batch changes: a batch that would end inside a screen's group is extended
to the group's end. Everything else is `load`'s own, and on purpose its handling of a dead
worker: the dead worker's items go back to the queue, and a worker that took over runs them.
(xdist's `loadgroup` kept the groups together too, but a grade whose worker was killed
mid-test never finished under it: tests/device/test_pool.py.)
"""

from __future__ import annotations

from typing import Any

from xdist.scheduler import LoadScheduling  # type: ignore[import-untyped]

from pytest_revylbench.records.vocabulary import Tier


def screen_of(nodeid: str) -> str | None:
    """The emulated screen a built-in visual item launches on (`budget::visual::accounts@phone`
    → `phone`); None for every other item."""
    parts = nodeid.split("::")
    if len(parts) != 3 or parts[1] != Tier.VISUAL or "@" not in parts[2]:
        return None
    return parts[2].rsplit("@", 1)[1]


class ScreenScheduling(LoadScheduling):  # type: ignore[misc]
    """xdist's `load`, whose batches never split a screen's visual items between workers, and
    which hands out one item at a time unless `--maxschedchunk` says otherwise."""

    def __init__(self, config: Any, log: Any = None) -> None:
        super().__init__(config, log)
        chunk: int | None = getattr(self, "maxschedchunk", None)
        if chunk is None:
            # A grade's items run longest kinds first (`collection.running_rank`), and each
            # takes seconds: a worker asks for its next item when it has one left, so none
            # is queued behind a long one while another worker idles. (`load` hands out up to
            # a quarter of the items at once: a two-device grade's last 6 s ran on one worker.)
            self.maxschedchunk = 1

    def _send_tests(self, node: Any, num: int) -> None:
        pending: list[int] = self.pending
        if 0 < num < len(pending):
            screen = screen_of(self.collection[pending[num - 1]])
            while (screen is not None and num < len(pending)
                   and screen_of(self.collection[pending[num]]) == screen):
                num += 1
        super()._send_tests(node, num)
