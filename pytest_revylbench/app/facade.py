"""The suite author's view of a running app: tap, type, see, read — in the app's own words.

Every check polls until it holds or its timeout passes, then records Evidence (criterion,
expected, what the screen showed, screenshots) and fails with `CheckFailed` when it does not
hold. Nothing here exposes a driver type to a suite.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.locators import Locators
from pytest_revylbench.devices.protocol import AppSession
from pytest_revylbench.devices.web_reads import ElementRef
from pytest_revylbench.records.grade import Shown

POLL_S = 0.1
POLL_STEADY_S = 1.0
POLL_MAX_S = 0.5
"""A check still waiting probes every POLL_S for its first POLL_STEADY_S, then half as often
again at each probe up to every POLL_MAX_S, and once more at its deadline: what a check waits
for shows within a second when the app is right, and a check that fails would otherwise probe
about forty times in its 5 s (each probe about 20 ms of the device's CPU: bench/RESULTS.md,
"CI's wall time", session 17)."""
REVEAL_EVERY_S = 1.0
"""On a device, how often a check still waiting scrolls toward what it looks for."""
MAX_OBSERVED_CHARS = 2_000
"""Characters of an observation a check records: what the app showed is the app's to make as
long as it likes (an element holding megabytes of text), a record is not."""


def _clip(observed: str) -> str:
    if len(observed) <= MAX_OBSERVED_CHARS:
        return observed
    return f"{observed[:MAX_OBSERVED_CHARS]} … ({len(observed) - MAX_OBSERVED_CHARS} more characters)"


def _shown(read: Any) -> tuple[Shown, ...]:
    """What a text check read of each element in `read` (one or a list) and where: the web's
    reads know each box; a native element's box would cost a driver call, and no native
    screenshot is audited. An element something covers shows nothing of its text."""
    out = []
    for element in read if isinstance(read, list) else [read]:
        if (not isinstance(element, ElementRef) or not element.text or element.covered
                or element.viewport[0] <= 0):
            continue
        box = element.rect
        out.append(Shown(text=element.text, x=box["x"], y=box["y"], width=box["width"],
                         height=box["height"], viewport_width=element.viewport[0],
                         viewport_height=element.viewport[1]))
    return tuple(out)


class CheckFailed(AssertionError):
    """A criterion of the hidden suite did not hold on the candidate's app."""

    def __init__(self, criterion: str, expected: str, observed: str) -> None:
        super().__init__(f"{criterion}\n  expected: {expected}\n  observed: {observed}")
        self.criterion = criterion
        self.expected = expected
        self.observed = observed


class App:
    """A freshly launched app on a device; one per test.

    `session`: the launched app and what its device observes of it (`AppSession`).
    """

    def __init__(
        self,
        session: AppSession,
        locators: Locators,
        recorder: EvidenceRecorder,
        *,
        timeout_s: float = 5.0,
    ) -> None:
        self._session = session
        self._driver = session.driver
        self._loc = locators
        self._rec = recorder
        self.timeout_s = timeout_s

    @property
    def own_hosts(self) -> tuple[str, ...]:
        """Hosts the app is served from (web: the grader's own server)."""
        return self._session.own_hosts

    # -- finding -------------------------------------------------------------------------

    def _visible(self, locators: list[tuple[str, str]]) -> list[Any]:
        return self._loc.visible(self._driver, locators)

    def _judged(self, locators: list[tuple[str, str]]) -> Callable[[], list[Any]]:
        """A probe for `_poll`: the visible elements `locators` find. On a device, off-screen
        means not displayed, so a probe that finds none scrolls toward them (at most once
        every REVEAL_EVERY_S) and looks again; the web's `reveal` does nothing."""
        last = [float("-inf")]

        def probe() -> list[Any]:
            found = self._visible(locators)
            if found or time.monotonic() - last[0] < REVEAL_EVERY_S:
                return found
            last[0] = time.monotonic()
            if self._loc.reveals:
                self._rec.before_action()
            if self._loc.reveal(self._driver, locators):
                self._rec.invalidate()
                return self._visible(locators)
            return found

        return probe

    def _poll(self, probe: Callable[[], Any], timeout_s: float | None) -> Any:
        """Call `probe` until it returns something truthy or the timeout passes."""
        started = time.monotonic()
        deadline = started + (self.timeout_s if timeout_s is None else timeout_s)
        pause = POLL_S
        while True:
            result = probe()
            now = time.monotonic()
            if result or now >= deadline:
                return result
            if now - started >= POLL_STEADY_S:
                pause = min(pause * 1.5, POLL_MAX_S)
            time.sleep(min(pause, deadline - now))

    def _target(self, text: str | None, test_id: str | None) -> tuple[list[tuple[str, str]], str]:
        if (text is None) == (test_id is None):
            raise TypeError("name exactly one of a text/label or test_id=")
        if test_id is not None:
            return self._loc.test_id(test_id), f"test ID {test_id!r}"
        assert text is not None
        return self._loc.label(text) + self._loc.text(text), repr(text)

    def _passed(self, criterion: str, expected: str, observed: str, read: Any = None) -> None:
        """Record a check that held, on the screen its last probe judged (the web probe's
        screen mark and UI tree save the recorder a call for each). `read`: the element a text
        check read, whose box the pixel audit holds the screenshot to."""
        mark, tree = self._loc.take_judged()
        self._rec.check(criterion, expected, _clip(observed), passed=True, mark=mark, tree=tree,
                        shown=_shown(read))

    def _fail(self, criterion: str, expected: str, observed: str) -> CheckFailed:
        observed = _clip(observed)
        self._rec.check(criterion, expected, observed, passed=False)
        return CheckFailed(criterion, expected, observed)

    def _screen(self) -> str:
        text = self._loc.screen_text(self._driver)
        return text if len(text) <= 600 else text[:600] + " …"

    # -- actions -------------------------------------------------------------------------

    def tap(
        self, text: str | None = None, *, test_id: str | None = None, criterion: str | None = None
    ) -> None:
        """Press the control whose accessibility label or visible text is `text`."""
        locators, shown = self._target(text, test_id)
        found = self._poll(self._judged(locators), None)
        if not found:
            raise self._fail(
                criterion or f"there is a control {shown} to press",
                f"a visible element {shown}", f"none; the screen shows: {self._screen()}",
            )
        self._rec.before_action()
        self._loc.take_judged()
        self._session.press(found[0])

    def type(
        self, *, into: str, text: str, clear: bool = True, criterion: str | None = None
    ) -> None:
        """Type `text` into the input whose test ID, placeholder or label is `into`."""
        locators = self._loc.input(into)
        found = self._poll(self._judged(locators), None)
        if not found:
            raise self._fail(
                criterion or f"there is an input {into!r} to type into",
                f"a visible input {into!r}", f"none; the screen shows: {self._screen()}",
            )
        field = found[0]
        self._rec.before_action()
        self._loc.take_judged()
        self._session.press(field)
        self._loc.enter_text(field, text, clear=clear)
        # On a device the soft keyboard stays up, and a ScrollView would spend the next tap
        # on dismissing it.
        self._loc.dismiss_keyboard(self._driver)

    def scroll_to(self, text: str) -> None:
        """Bring the element showing `text` into view."""
        found = self._visible(self._loc.text(text))
        self._rec.before_action()
        self._loc.take_judged()
        self._loc.scroll_into_view(self._driver, found[0] if found else None, text)
        self._rec.invalidate()

    def relaunch(self) -> None:
        """Quit and start the app again: what it kept in memory is gone."""
        self._rec.before_action()
        self._loc.take_judged()
        self._session.relaunch()
        self._rec.invalidate()

    def screenshot(self, name: str, *, keep: bool = False) -> str | None:
        """Save a named screenshot into the test's evidence; returns its report path.

        `keep`: a file of its own even when the screen looks unchanged (a visual checkpoint).
        """
        return self._rec.screenshot(name, keep=keep)

    def wait_still(self, quiet_s: float = 0.3, timeout_s: float | None = None) -> bool:
        """Wait until the screen has not changed for `quiet_s` (False: it kept changing).

        A device without a screen fingerprint just waits `quiet_s`.
        """
        deadline = time.monotonic() + (self.timeout_s if timeout_s is None else timeout_s)
        mark, since = self._session.screen_fingerprint(), time.monotonic()
        if mark is None:
            time.sleep(quiet_s)
            return True
        while time.monotonic() < deadline:
            time.sleep(POLL_S)
            now = self._session.screen_fingerprint()
            if now != mark:
                mark, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet_s:
                return True
        return False

    # -- what the device saw -------------------------------------------------------------

    def console_errors(self) -> list[str]:
        """Errors the app logged since the last call (web: the browser console)."""
        errors = self._session.console_errors()
        self._rec.keep_console(errors)
        return errors

    def requests(self) -> list[str]:
        """URLs the app requested since the last call (web: the browser's network events).

        :raises RuntimeError: the device cannot observe the app's network traffic.
        """
        urls = self._session.requested_urls()
        if urls is None:
            raise RuntimeError("this device cannot observe the app's network requests")
        return urls

    def present(self, *test_ids: str, timeout_s: float | None = None) -> dict[str, bool]:
        """Whether each test ID is on the screen (in the page, in view or not), waiting up to
        the timeout for all of them to appear."""
        def here() -> dict[str, bool]:
            return {t: self._loc.count(self._driver, self._loc.test_id(t)[0]) > 0 for t in test_ids}

        return self._poll(lambda: (lambda seen: seen if all(seen.values()) else None)(here()),
                          timeout_s) or here()

    def position(self, test_id: str) -> tuple[float, float]:
        """The (x, y) of the first visible element with `test_id` (after `read`'s wait)."""
        self.read(test_id)
        element = self._visible(self._loc.test_id(test_id))[0]
        rect = element.rect
        return float(rect["x"]), float(rect["y"])

    # -- checks --------------------------------------------------------------------------

    def read(self, test_id: str) -> str:
        """The text (or an input's value) of the element with `test_id`."""
        locators = self._loc.test_id(test_id)
        found = self._poll(self._judged(locators), None)
        if not found:
            raise self._fail(
                f"the screen has an element with test ID {test_id!r}",
                f"a visible element with test ID {test_id!r}",
                f"none; the screen shows: {self._screen()}",
            )
        return self._loc.element_text(found[0])

    def see(
        self,
        text: str,
        *,
        at: str | None = None,
        criterion: str | None = None,
        timeout_s: float | None = None,
    ) -> None:
        """Check that `text` is the whole text of a visible element (of test ID `at`, if given)."""
        expected = " ".join(text.split())
        if at is None:
            criterion = criterion or f"the screen shows {text!r}"
            found = self._poll(self._judged(self._loc.text(text)), timeout_s)
            if not found:
                raise self._fail(criterion, repr(expected), self._screen())
            read = found[0]
        else:
            criterion = criterion or f"{at!r} shows {text!r}"
            shown, read = self._poll_text(at, expected, timeout_s)
            if shown != expected:
                observed = repr(shown) if shown is not None else (
                    f"no visible element with test ID {at!r}; the screen shows: {self._screen()}"
                )
                raise self._fail(criterion, repr(expected), observed)
        self._passed(criterion, repr(expected), repr(expected), read)

    def _poll_text(self, test_id: str, expected: str, timeout_s: float | None) -> tuple[str | None, Any]:
        """The text the element with `test_id` showed last, and that element."""
        last: list[Any] = [None, None]
        judged = self._judged(self._loc.test_id(test_id))

        def probe() -> bool:
            found = judged()
            last[0] = self._loc.element_text(found[0]) if found else None
            last[1] = found[0] if found else None
            return bool(last[0] == expected)

        self._poll(probe, timeout_s)
        return last[0], last[1]

    def not_see(
        self,
        text: str | None = None,
        *,
        at: str | None = None,
        criterion: str | None = None,
        timeout_s: float | None = None,
    ) -> None:
        """Check that nothing shows `text` (or that test ID `at` is not on screen / not `text`)."""
        if text is None and at is None:
            raise TypeError("name a text, a test ID (at=), or both")
        if at is None:
            assert text is not None
            criterion = criterion or f"the screen does not show {text!r}"
            locators = self._loc.text(text)
            # A match that something on top of it hides is first scrolled out from under it,
            # as a person would (`_judged`): absent means not readable after that.
            probe = self._judged(locators)
            gone = self._poll(lambda: not probe(), timeout_s)
            observed = "absent" if gone else f"{text!r} is shown"
        else:
            criterion = criterion or (
                f"{at!r} is not shown" if text is None else f"{at!r} does not show {text!r}"
            )

            shown = self._judged(self._loc.test_id(at))

            def absent() -> bool:
                found = shown()
                return not found or (
                    text is not None and self._loc.element_text(found[0]) != " ".join(text.split())
                )

            gone = self._poll(absent, timeout_s)
            observed = "absent" if gone else f"test ID {at!r} is shown"
        expected = "absent"
        if not gone:
            raise self._fail(criterion, expected, observed)
        self._passed(criterion, expected, observed)

    def see_in_order(self, *texts: str, criterion: str | None = None) -> None:
        """Check that each text is shown, each one below the one before it."""
        criterion = criterion or "the screen shows, top to bottom: " + ", ".join(map(repr, texts))

        read: list[Any] = []  # the elements the last look found, one per text (for the pixel audit)

        def positions() -> list[tuple[str, float | None]]:
            out: list[tuple[str, float | None]] = []
            read.clear()
            for text in texts:
                # Where each is laid out decides the order: a row a bar covers this moment is
                # still in its place (each must be readable otherwise).
                found = self._loc.visible(self._driver, self._loc.text(text), covered_ok=True)
                out.append((text, float(found[0].location["y"]) if found else None))
                read.extend(found[:1])
            return out

        def in_order() -> bool:
            ys = [y for _, y in positions()]
            return None not in ys and all(a < b for a, b in itertools.pairwise(ys))  # type: ignore[operator]

        judged = [self._judged(self._loc.text(text)) for text in texts]

        def in_order_scrolled() -> bool:
            """On a device: each text in turn is brought into view; while the one before it
            is still on the screen it must be above it (one that scrolled off lies above)."""
            for i, probe in enumerate(judged):
                found = probe()
                if not found:
                    return False
                if i:
                    before = self._visible(self._loc.text(texts[i - 1]))
                    if before and not before[0].location["y"] < found[0].location["y"]:
                        return False
            return True

        ok = self._poll(in_order if self._loc.platform == "web" else in_order_scrolled, None)
        if not ok:
            observed = ", ".join(
                f"{t!r} at y={y:.0f}" if y is not None else f"{t!r} missing" for t, y in positions()
            )
            raise self._fail(criterion, "each below the previous one", observed)
        self._passed(criterion, "each below the previous one", "in that order",
                     read if self._loc.platform == "web" else None)
