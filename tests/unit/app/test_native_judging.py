"""How `App` judges a native screen (issue 16): it reads a control's text the way each driver
gives it, scrolls an off-screen element into view before judging it, and dismisses the soft
keyboard after typing. A recording driver stands in for XCUITest and UiAutomator2: it holds
elements the way they report themselves (WebDriverAgent's value of a selected tab is "1";
UiAutomator2 gives `text` for the node alone; off-screen means not displayed) and records the
finds, scripts and keyboard commands the facade sends, which these tests assert."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.facade import MAX_OBSERVED_CHARS, App, CheckFailed
from pytest_revylbench.app.locators import AndroidLocators, IosLocators, Locators, WebLocators
from tests.standins import DriverSession


@dataclass
class Element:
    id: str
    attrs: dict[str, str] = field(default_factory=dict)
    displayed: bool = True
    y: float = 0.0
    inner: list[Element] = field(default_factory=list)
    typed: str = ""

    @property
    def text(self) -> str:
        return self.attrs.get("text", "")

    @property
    def location(self) -> dict[str, float]:
        return {"x": 0.0, "y": self.y}

    @property
    def rect(self) -> dict[str, float]:
        return {"x": 0.0, "y": self.y, "width": 390.0, "height": 44.0}

    def get_attribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def is_displayed(self) -> bool:
        return self.displayed

    def click(self) -> None:
        pass

    def clear(self) -> None:
        self.typed = ""

    def send_keys(self, text: str) -> None:
        self.typed += text

    def find_elements(self, by: str, value: str) -> list[Element]:
        assert (by, value) == ("xpath", ".//*[@text!='']")
        return [e for e in self.inner if e.text]


@dataclass
class Driver:
    """Finds by exact (strategy, value); a `mobile: scroll` to an element, or a UiScrollable
    scrollIntoView of a selector, makes what it names displayed (and moves it to `scrolled_y`)."""

    found: dict[tuple[str, str], list[Element]] = field(default_factory=dict)
    scrolls_to: dict[str, list[Element]] = field(default_factory=dict)
    """Android: what a scrollIntoView(selector) brings on screen; iOS: a predicate's elements."""
    keyboard: bool = False
    sent: list[tuple[Any, ...]] = field(default_factory=list)
    page_source: str = "<hierarchy/>"

    def find_elements(self, by: str, value: str) -> list[Element]:
        self.sent.append(("find", by, value))
        if value.startswith("new UiScrollable("):
            target = value.split(".scrollIntoView(", 1)[1][:-1]
            for element in self.scrolls_to.get(target, []):
                element.displayed = True
            return self.scrolls_to.get(target, [])[:1]
        return list(self.found.get((by, value), []))

    def execute_script(self, name: str, args: Any = None, known: Any = None) -> Any:
        self.sent.append(("script", name, args))
        if "isShown" in name:  # the web's one-call probe: the displayed of the first fruitful
            # locator, their tags, the screen mark, and the page's tree unless the caller has it
            tree = None if known == "page:0:0" else "<html><body>page</body></html>"
            for by, value in args:
                shown = [e for e in self.found.get((by, value), []) if e.displayed]
                if shown:
                    return [shown, ["div"] * len(shown), "page:0:0", tree]
            return [[], [], "page:0:0", tree]
        args = args or {}
        if name == "mobile: scroll" and args.get("toVisible"):
            for elements in self.found.values():
                for element in elements:
                    if element.id == args["elementId"]:
                        element.displayed = True
        if name == "mobile: scroll" and "predicateString" in args:
            for element in self.scrolls_to.get(args["predicateString"], []):
                element.displayed = True
                self.found.setdefault(("-ios predicate string", args["predicateString"]), [element])
        if name == "mobile: tap":
            self.keyboard = False
        return ""

    def is_keyboard_shown(self) -> bool:
        self.sent.append(("is_keyboard_shown",))
        return self.keyboard

    def hide_keyboard(self) -> None:
        self.sent.append(("hide_keyboard",))
        self.keyboard = False

    def get_window_size(self) -> dict[str, int]:
        return {"width": 393, "height": 852}


def facade(driver: Driver, locators: Locators, tmp_path: Path) -> App:
    return App(DriverSession(driver), locators, EvidenceRecorder(tmp_path / "run", "t"), timeout_s=0.3)


def scripts(driver: Driver) -> list[tuple[Any, ...]]:
    return [s for s in driver.sent if s[0] != "find"]


# -- point 4: reading a control's text -----------------------------------------------------

def test_ios_reads_a_selected_tabs_label_not_its_value_of_1(tmp_path: Path) -> None:
    tab = Element("e1", {"type": "XCUIElementTypeButton", "label": "Budget", "value": "1"})
    app = facade(Driver(found={("accessibility id", "tab-budget"): [tab]}), IosLocators(), tmp_path)
    assert app.read("tab-budget") == "Budget"  # value first read "1"
    app.see("Budget", at="tab-budget")


def test_ios_reads_a_text_fields_value_and_not_its_placeholder(tmp_path: Path) -> None:
    field_ = Element("e1", {"type": "XCUIElementTypeTextField", "label": "Payee",
                            "value": "Gym Pass", "placeholderValue": "Payee"})
    empty = Element("e2", {"type": "XCUIElementTypeTextField", "label": "Amount",
                           "value": "0.00", "placeholderValue": "0.00"})
    driver = Driver(found={("accessibility id", "input-payee"): [field_],
                           ("accessibility id", "input-amount"): [empty]})
    app = facade(driver, IosLocators(), tmp_path)
    assert app.read("input-payee") == "Gym Pass"
    assert app.read("input-amount") == ""  # XCUITest's value of an empty field is its placeholder


def test_android_reads_a_pressable_tab_by_content_desc_then_its_descendants_text(tmp_path: Path) -> None:
    described = Element("e1", {"class": "android.view.ViewGroup", "content-desc": "Budget"})
    bare = Element("e2", {"class": "android.view.ViewGroup"},
                   inner=[Element("e3", {"text": "Reports"}), Element("e4", {"text": ""})])
    edit = Element("e5", {"class": "android.widget.EditText", "text": "Gym Pass",
                          "content-desc": "Payee"})
    sel = 'new UiSelector().resourceId("{}")'.format
    driver = Driver(found={("-android uiautomator", sel("tab-budget")): [described],
                           ("-android uiautomator", sel("tab-reports")): [bare],
                           ("-android uiautomator", sel("input-payee")): [edit]})
    app = facade(driver, AndroidLocators(), tmp_path)
    assert app.read("tab-budget") == "Budget"
    assert app.read("tab-reports") == "Reports"  # its own `text` is "" on UiAutomator2
    assert app.read("input-payee") == "Gym Pass"


def test_android_reads_the_text_drawn_never_a_label_that_differs(tmp_path: Path) -> None:
    """A content-desc is what a screen reader says: an app may set it to the right total while
    its screen draws a wrong one (issue 48). The read is the drawn text."""
    forged = Element("e1", {"class": "android.view.ViewGroup", "content-desc": "Total $10.00"},
                     inner=[Element("e2", {"text": "Total $1.00"})])
    own = Element("e3", {"class": "android.widget.TextView", "text": "$1.00",
                         "content-desc": "$10.00"})
    sel = 'new UiSelector().resourceId("{}")'.format
    driver = Driver(found={("-android uiautomator", sel("total")): [forged],
                           ("-android uiautomator", sel("amount")): [own]})
    app = facade(driver, AndroidLocators(), tmp_path)
    assert app.read("total") == "Total $1.00"
    assert app.read("amount") == "$1.00"
    with pytest.raises(CheckFailed):
        app.see("Total $10.00", at="total")


# -- point 5: off-screen is not displayed on a device: scroll, then judge ---------------------

def test_ios_scrolls_an_off_screen_element_into_view_by_its_element_id_before_judging(
    tmp_path: Path
) -> None:
    amount = Element("row-7", {"type": "XCUIElementTypeStaticText", "label": "$1,200.00"},
                     displayed=False)
    driver = Driver(found={("accessibility id", "txn-amount-t1"): [amount]})
    facade(driver, IosLocators(), tmp_path).see("$1,200.00", at="txn-amount-t1")
    assert ("script", "mobile: scroll", {"elementId": "row-7", "toVisible": True}) in driver.sent
    assert amount.displayed


def test_ios_scrolls_the_scroll_view_to_an_element_not_yet_in_the_tree(tmp_path: Path) -> None:
    rent = Element("r", {"label": "Rent"}, displayed=False)
    predicate = 'label == "Rent"'  # a tap looks for the label first
    driver = Driver(found={("class name", "XCUIElementTypeScrollView"): [Element("sv")]},
                    scrolls_to={predicate: [rent]})
    facade(driver, IosLocators(), tmp_path).tap("Rent")
    assert ("script", "mobile: scroll", {"elementId": "sv", "predicateString": predicate}) in driver.sent


def test_android_scrolls_with_uiscrollable_to_the_node_before_judging(tmp_path: Path) -> None:
    target = 'new UiSelector().resourceId("txn-amount-t1")'
    row = Element("r", {"text": "$1,200.00"}, displayed=False)
    driver = Driver(scrolls_to={target: [row]})
    driver.found[("-android uiautomator", target)] = [row]
    facade(driver, AndroidLocators(), tmp_path).see("$1,200.00", at="txn-amount-t1")
    assert ("find", "-android uiautomator",
            f"new UiScrollable(new UiSelector().scrollable(true)).scrollIntoView({target})") in driver.sent


def test_see_in_order_on_a_device_brings_each_text_into_view_in_turn(tmp_path: Path) -> None:
    dates = [Element(f"d{i}", {"label": d}, displayed=(i == 0), y=600.0 + 100 * i)
             for i, d in enumerate(["Nov 28", "Nov 27", "Nov 26"])]
    loc = IosLocators()
    driver = Driver(found={loc.text(e.attrs["label"])[0]: [e] for e in dates})
    facade(driver, loc, tmp_path).see_in_order("Nov 28", "Nov 27", "Nov 26")
    assert [s[2]["elementId"] for s in scripts(driver)] == ["d1", "d2"]


def test_see_in_order_on_a_device_still_fails_two_texts_out_of_order_on_one_screen(
    tmp_path: Path
) -> None:
    loc = IosLocators()
    late, early = Element("a", {"label": "Nov 26"}, y=100.0), Element("b", {"label": "Nov 28"}, y=300.0)
    driver = Driver(found={loc.text("Nov 26")[0]: [late], loc.text("Nov 28")[0]: [early]})
    with pytest.raises(CheckFailed):
        facade(driver, loc, tmp_path).see_in_order("Nov 28", "Nov 26")


@dataclass
class Reads:
    """The grader's own world on a tab (`devices.web_reads.PageReader`), as the facade sees it:
    what each probe finds, and a record of what was asked."""

    shown: list[Any] = field(default_factory=list)
    asked: list[tuple[str, Any]] = field(default_factory=list)
    mark: str = "page:0:0"

    def probe(self, locators: list[Any], last_mark: str | None, *,
              covered_ok: bool = False) -> tuple[list[Any], str, str | None]:
        self.asked.append(("probe", [tuple(x[:2]) for x in locators]))
        tree = None if last_mark == self.mark else "<html><body>page</body></html>"
        return list(self.shown), self.mark, tree

    def reveal(self, locators: list[Any]) -> bool:
        self.asked.append(("reveal", locators))
        return False

    def screen_text(self) -> str:
        self.asked.append(("screen_text", None))
        return "Net worth"


def web_driver(reads: Reads) -> Driver:
    """A session whose device reads through `reads` (as `WebDevice._track` attaches itself)."""
    driver = Driver(found={})
    driver.rvb_device = SimpleNamespace(reads=lambda d: reads)  # type: ignore[attr-defined]
    return driver


def test_the_web_judges_in_the_graders_own_world_never_the_page(tmp_path: Path) -> None:
    """Nothing found shown: the probe (in the grader's world), then one reveal of a covered
    match, then the report of the screen's text; no script runs in the page, no find."""
    reads = Reads()
    driver = web_driver(reads)
    with pytest.raises(CheckFailed):
        facade(driver, WebLocators(), tmp_path).read("net-worth")
    wanted = [("css selector", '[data-testid="net-worth"]')]
    assert ("probe", wanted) in reads.asked and ("reveal", wanted) in reads.asked
    assert reads.asked[-1] == ("screen_text", None)
    assert driver.sent == [] and scripts(driver) == []   # the page's world was never asked


# -- point 7: the keyboard is dismissed after typing ---------------------------------------

def test_android_hides_the_keyboard_after_typing(tmp_path: Path) -> None:
    field_ = Element("f", {"class": "android.widget.EditText"})
    driver = Driver(found={("-android uiautomator", 'new UiSelector().resourceId("input-amount")'):
                           [field_]}, keyboard=True)
    facade(driver, AndroidLocators(), tmp_path).type(into="input-amount", text="12.50")
    assert field_.typed == "12.50"
    assert scripts(driver) == [("is_keyboard_shown",), ("hide_keyboard",)]


def test_ios_dismisses_a_decimal_pad_with_a_neutral_tap_above_it(tmp_path: Path) -> None:
    field_ = Element("f", {"type": "XCUIElementTypeTextField"})
    pad = Element("kb", y=560.0)
    driver = Driver(found={("accessibility id", "input-amount"): [field_],
                           ("class name", "XCUIElementTypeKeyboard"): [pad]}, keyboard=True)
    facade(driver, IosLocators(), tmp_path).type(into="input-amount", text="12.50")
    assert scripts(driver) == [("is_keyboard_shown",), ("script", "mobile: tap", {"x": 2.0, "y": 548.0})]
    assert not driver.keyboard


def test_no_keyboard_no_tap(tmp_path: Path) -> None:
    field_ = Element("f", {"type": "XCUIElementTypeTextField"})
    driver = Driver(found={("accessibility id", "input-payee"): [field_]})
    facade(driver, IosLocators(), tmp_path).type(into="input-payee", text="Rent")
    assert scripts(driver) == [("is_keyboard_shown",)]


# -- point 11: non-ASCII text goes into predicates and selectors as it is -------------------

def test_non_ascii_text_is_not_unicode_escaped_in_predicates_or_selectors() -> None:
    assert IosLocators().text("Café")[0][1] == 'label == "Café" OR value == "Café" OR name == "Café"'
    assert IosLocators().label("Zürich") == [("-ios predicate string", 'label == "Zürich"')]
    assert AndroidLocators().text("Café")[0][1] == 'new UiSelector().text("Café")'
    assert AndroidLocators().test_id("café")[0][1] == 'new UiSelector().resourceId("café")'


def test_a_passing_web_check_takes_its_screen_mark_and_tree_from_its_own_probe(tmp_path: Path) -> None:
    """One read per judged screen: the probe returns the mark, and the page's tree once per
    mark; the recorder asks the device for neither, and stores that tree beside the shot it
    takes before the next action."""
    from pytest_revylbench.devices.web_reads import ElementRef

    loc = WebLocators()
    title = ElementRef(id="1:1", tag="div", text="Budget", rect={"x": 0, "y": 0, "width": 80, "height": 20})
    reads = Reads(shown=[title])
    driver = web_driver(reads)
    rec = EvidenceRecorder(tmp_path / "run", "t")
    asked: list[str] = []
    rec.attach(lambda: b"png", lambda: asked.append("fingerprint") or "page:0:0",
               tree=lambda: asked.append("tree") or "<html>read again</html>")
    app = App(DriverSession(driver), loc, rec, timeout_s=0.3)
    app.see("Budget")
    app.see("Budget")
    rec.before_action()
    assert asked == []
    assert [a for a in reads.asked if a[0] != "probe"] == [] and scripts(driver) == []  # probes only
    first, second = rec.evidence
    assert first.after is not None and first.after == second.after  # same mark: same screen
    assert first.tree is not None and second.tree == first.tree
    assert (tmp_path / "run" / first.tree).read_text() == "<html><body>page</body></html>"


def test_an_observation_of_megabytes_is_recorded_cut(tmp_path: Path) -> None:
    """What the app shows is the app's to make as long as it likes; the failed check's record
    and message keep its first MAX_OBSERVED_CHARS characters and say how many were cut."""
    huge = "y" * 1_000_000
    total = Element("e1", {"type": "XCUIElementTypeStaticText", "label": huge})
    app = facade(Driver(found={("accessibility id", "total"): [total]}), IosLocators(), tmp_path)
    with pytest.raises(CheckFailed) as failed:
        app.see("$10.00", at="total")
    cut = f"'{huge[:MAX_OBSERVED_CHARS - 1]} … ({1_000_002 - MAX_OBSERVED_CHARS} more characters)"
    assert failed.value.observed == cut
    assert len(str(failed.value)) < MAX_OBSERVED_CHARS + 200
    assert app._rec.evidence[-1].observed == cut
