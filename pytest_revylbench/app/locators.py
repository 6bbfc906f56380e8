"""How each platform's driver finds what a suite names: a test ID, a label, a visible text.

A suite speaks in the app's words; this module is the only place that knows how those words
become locator strategies, so every suite runs unchanged on every platform.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple, Protocol

Locator = tuple[str, str]
"""A (strategy, value) pair as the W3C/Appium `find elements` command takes it."""


class Judged(NamedTuple):
    """What the web probe saw besides the elements: the screen mark of the DOM it judged, and
    that DOM's outerHTML, brought by this probe or by an earlier one with the same mark (None:
    none did, the tree being over `web_reads.TREE_LIMIT`, or the platform's probe brings none)."""

    mark: str | None
    tree: str | None


def _css_string(value: str) -> str:
    return json.dumps(value)


def _native_string(value: str) -> str:
    """A double-quoted literal for an NSPredicate or a UiSelector: non-ASCII text kept as it
    is (neither parser reads JSON's `\\u` escapes: "Café" must not become "Caf\\u00e9")."""
    return json.dumps(value, ensure_ascii=False)


def _xpath_string(value: str) -> str:
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    parts = value.split('"')
    return "concat(" + ", '\"', ".join(f'"{p}"' for p in parts) + ")"


class Locators(Protocol):
    platform: str
    reveals: bool
    """Whether `reveal` may scroll the screen (evidence of the screen before is taken first)."""

    def test_id(self, test_id: str) -> list[Locator]: ...
    def label(self, label: str) -> list[Locator]: ...
    def text(self, text: str) -> list[Locator]: ...
    def input(self, name: str) -> list[Locator]: ...
    def visible(self, driver: Any, locators: list[Locator], *, covered_ok: bool = False) -> list[Any]:
        """The shown elements of the first fruitful locator. `covered_ok`: on the web, one that
        only something on top of it keeps from being read counts too (where it is laid out
        decides, not whether it can be read this moment: an order check)."""
    def count(self, driver: Any, locator: Locator) -> int:
        """How many elements `locator` finds in the screen's tree, shown or not."""
    def screen_text(self, driver: Any) -> str: ...
    def element_text(self, element: Any) -> str: ...
    def enter_text(self, element: Any, text: str, *, clear: bool) -> None: ...
    def scroll_into_view(self, driver: Any, element: Any | None, text: str) -> None: ...
    def reveal(self, driver: Any, locators: list[Locator]) -> bool: ...
    def dismiss_keyboard(self, driver: Any) -> None: ...
    def take_judged(self) -> Judged:
        """The screen mark the last probe returned and the UI tree of that screen, once
        (`Judged(None, None)` where probes return neither)."""


def _normalize(text: str) -> str:
    return " ".join(text.split())


def find_visible(driver: Any, locators: list[Locator]) -> list[Any]:
    """The displayed elements the first fruitful locator finds: a find, then `is_displayed`
    for each element found (one round trip each); an element gone in between is skipped."""
    from selenium.common.exceptions import StaleElementReferenceException

    found: list[Any] = []
    for by, value in locators:
        for element in driver.find_elements(by, value):
            try:
                if element.is_displayed():
                    found.append(element)
            except StaleElementReferenceException:
                continue
        if found:
            return found
    return found


class WebLocators:
    """React Native Web: testID → data-testid, accessibilityLabel → aria-label; every find
    and read in the grader's own world on the tab (`devices/web_reads.py`), never the page's."""

    platform = "web"
    reveals = True

    def __init__(self) -> None:
        self._mark: str | None = None
        """The screen mark of the last probe, until `take_judged` takes it."""
        self._tree = Judged(None, None)
        """The last UI tree a probe returned, with its mark."""
        self._texts: dict[str, str] = {}
        """The rendered text each text locator's element must have, by its XPath."""
        self._driver: Any = None
        """The session the last probe read (where `enter_text` types)."""

    @staticmethod
    def _reads(driver: Any) -> Any:
        return driver.rvb_device.reads(driver)

    def visible(self, driver: Any, locators: list[Locator], *, covered_ok: bool = False) -> list[Any]:
        """The readable elements of the first fruitful locator (`web_reads.READABLE_JS`), in
        one read that also brings the screen mark, and the UI tree when the mark is new."""
        wanted = [(by, value, self._texts.get(value) if by == "xpath" else None)
                  for by, value in locators]
        self._driver = driver
        found, self._mark, tree = self._reads(driver).probe(wanted, self._tree.mark,
                                                           covered_ok=covered_ok)
        if tree is not None:
            self._tree = Judged(self._mark, tree)
        return list(found)

    def count(self, driver: Any, locator: Locator) -> int:
        by, value = locator
        if by != "css selector":
            raise ValueError(f"the web device counts css selectors only, not {by}")
        return int(self._reads(driver).count(value))

    def take_judged(self) -> Judged:
        """The mark and UI tree of the screen the last `visible` judged, once (both None: no
        probe since)."""
        mark, self._mark = self._mark, None
        return Judged(mark, self._tree.tree if mark is not None and self._tree.mark == mark else None)

    def test_id(self, test_id: str) -> list[Locator]:
        return [("css selector", f"[data-testid={_css_string(test_id)}]")]

    def label(self, label: str) -> list[Locator]:
        return [("css selector", f"[aria-label={_css_string(label)}]")]

    def text(self, text: str) -> list[Locator]:
        # The innermost element whose whole text is `text` (a <Text> built from several JSX
        # pieces is one element with several text nodes), whose rendered text it also is: a
        # hidden descendant's text is in the XPath string value, not in what a person reads.
        want = _normalize(text)
        lit = _xpath_string(want)
        xpath = f"//body//*[normalize-space(.)={lit}][not(.//*[normalize-space(.)={lit}])]"
        self._texts[xpath] = want
        return [("xpath", xpath)]

    def input(self, name: str) -> list[Locator]:
        return self.test_id(name) + [
            ("css selector", f"[placeholder={_css_string(name)}]"),
            ("css selector",
             f"input[aria-label={_css_string(name)}], textarea[aria-label={_css_string(name)}]"),
        ]

    def screen_text(self, driver: Any) -> str:
        return _normalize(self._reads(driver).screen_text())

    def element_text(self, element: Any) -> str:
        """What the probe that found it read: its rendered text, or an input's value."""
        return str(element.text)

    def enter_text(self, element: Any, text: str, *, clear: bool) -> None:
        """Type `text` into the focused input (the press before focused it), after selecting
        all of it and deleting it: key events sent to the tab, as chromedriver's send-keys
        sends them, without its page-side atoms."""
        self._reads(self._driver).type_text(text, clear=clear)

    def scroll_into_view(self, driver: Any, element: Any | None, text: str) -> None:
        if element is not None:
            self._reads(driver).scroll_to(element)

    def reveal(self, driver: Any, locators: list[Locator]) -> bool:
        """Scroll a match that only something on top of it keeps from being read (a list row
        under a fixed bar) to the middle of the screen, as a person would."""
        return bool(self._reads(driver).reveal(list(locators)))

    def dismiss_keyboard(self, driver: Any) -> None:
        """Nothing: a browser has no soft keyboard in the way of the next tap."""


IOS_TEXT_INPUTS = frozenset({
    "XCUIElementTypeTextField", "XCUIElementTypeSecureTextField", "XCUIElementTypeTextView",
    "XCUIElementTypeSearchField",
})
"""The element types whose `value` is what they show (everything else shows its `label`)."""
IOS_SCROLL_VIEWS = "XCUIElementTypeScrollView"
"""What a React Native ScrollView or FlatList is to XCUITest."""
ANDROID_TEXT_INPUT = "android.widget.EditText"


def _quietly(action: Any) -> bool:
    """Run a driver command that may fairly fail (nothing to scroll, no keyboard shown):
    False when the driver refused it, and the check that follows judges the screen."""
    from selenium.common.exceptions import WebDriverException

    try:
        action()
    except WebDriverException:
        return False
    return True


class IosLocators:
    """XCUITest: testID → accessibility id; texts through NSPredicate on label/value/name."""

    platform = "ios"
    reveals = True

    def take_judged(self) -> Judged:
        """Neither: a native probe returns no screen mark (the device has no fingerprint)."""
        return Judged(None, None)

    def visible(self, driver: Any, locators: list[Locator], *, covered_ok: bool = False) -> list[Any]:
        return find_visible(driver, locators)

    def count(self, driver: Any, locator: Locator) -> int:
        return len(driver.find_elements(*locator))

    def test_id(self, test_id: str) -> list[Locator]:
        return [("accessibility id", test_id)]

    def label(self, label: str) -> list[Locator]:
        return [("-ios predicate string", f"label == {_native_string(label)}")]

    def text(self, text: str) -> list[Locator]:
        lit = _native_string(_normalize(text))
        return [("-ios predicate string", f"label == {lit} OR value == {lit} OR name == {lit}")]

    def input(self, name: str) -> list[Locator]:
        lit = _native_string(name)
        return self.test_id(name) + [
            ("-ios predicate string",
             f"(type == 'XCUIElementTypeTextField' OR type == 'XCUIElementTypeSecureTextField') "
             f"AND (placeholderValue == {lit} OR label == {lit})"),
        ]

    def screen_text(self, driver: Any) -> str:
        return _page_source_text(driver.page_source, ("label", "value"))

    def element_text(self, element: Any) -> str:
        """A text input's value (empty while it shows only its placeholder); anything else's
        label, since WebDriverAgent's `value` of a selected button or tab is "1"."""
        if element.get_attribute("type") in IOS_TEXT_INPUTS:
            value = element.get_attribute("value") or ""
            return "" if value == (element.get_attribute("placeholderValue") or "") else _normalize(value)
        return _normalize(element.get_attribute("label") or element.get_attribute("value") or "")

    def enter_text(self, element: Any, text: str, *, clear: bool) -> None:
        if clear:
            element.clear()
        element.send_keys(text)

    def scroll_into_view(self, driver: Any, element: Any | None, text: str) -> None:
        if element is not None:
            _quietly(lambda: driver.execute_script(
                "mobile: scroll", {"elementId": element.id, "toVisible": True}))
        else:
            self.reveal(driver, self.text(text))

    def reveal(self, driver: Any, locators: list[Locator]) -> bool:
        """Scroll the first element `locators` find into view (`mobile: scroll` to it, with its
        own elementId: `toVisible` does nothing without one); one not in the tree yet is
        scrolled to inside the first scroll view, by predicate."""
        found = next((e for by, value in locators for e in driver.find_elements(by, value)), None)
        if found is not None:
            return _quietly(lambda: driver.execute_script(
                "mobile: scroll", {"elementId": found.id, "toVisible": True}))
        containers = driver.find_elements("class name", IOS_SCROLL_VIEWS)
        if not containers:
            return False
        by, value = locators[0]
        predicate = value if by == "-ios predicate string" else f"name == {_native_string(value)}"
        return _quietly(lambda: driver.execute_script(
            "mobile: scroll", {"elementId": containers[0].id, "predicateString": predicate}))

    def dismiss_keyboard(self, driver: Any) -> None:
        """A neutral tap just above the keyboard, at the screen's left edge: a decimal pad has
        no key that dismisses it, and a ScrollView would otherwise spend the next tap on it."""
        if not _keyboard_shown(driver):
            return
        keyboards = driver.find_elements("class name", "XCUIElementTypeKeyboard")
        if keyboards:
            top = float(keyboards[0].rect["y"])
        else:
            top = float(driver.get_window_size()["height"]) * 0.6
        _quietly(lambda: driver.execute_script(
            "mobile: tap", {"x": NEUTRAL_TAP_X, "y": max(top - NEUTRAL_TAP_ABOVE, 1.0)}))


NEUTRAL_TAP_X = 2.0
NEUTRAL_TAP_ABOVE = 12.0
"""Where iOS's neutral tap lands: 2 pt in from the left edge, 12 pt above the keyboard."""


def _keyboard_shown(driver: Any) -> bool:
    from selenium.common.exceptions import WebDriverException

    try:
        return bool(driver.is_keyboard_shown())
    except WebDriverException:
        return False


class AndroidLocators:
    """UiAutomator2: testID → resource-id, accessibilityLabel → content-desc."""

    platform = "android"
    reveals = True

    def take_judged(self) -> Judged:
        """Neither: a native probe returns no screen mark (the device has no fingerprint)."""
        return Judged(None, None)

    def visible(self, driver: Any, locators: list[Locator], *, covered_ok: bool = False) -> list[Any]:
        return find_visible(driver, locators)

    def count(self, driver: Any, locator: Locator) -> int:
        return len(driver.find_elements(*locator))

    def test_id(self, test_id: str) -> list[Locator]:
        return [
            ("-android uiautomator", f"new UiSelector().resourceId({_native_string(test_id)})"),
            ("accessibility id", test_id),
        ]

    def label(self, label: str) -> list[Locator]:
        return [("accessibility id", label)]

    def text(self, text: str) -> list[Locator]:
        return [("-android uiautomator",
                 f"new UiSelector().text({_native_string(_normalize(text))})")]

    def input(self, name: str) -> list[Locator]:
        return self.test_id(name) + [
            ("-android uiautomator",
             f"new UiSelector().className(\"{ANDROID_TEXT_INPUT}\").text({_native_string(name)})"),
        ]

    def screen_text(self, driver: Any) -> str:
        return _page_source_text(driver.page_source, ("text", "content-desc"))

    def element_text(self, element: Any) -> str:
        """What the node draws: an EditText's text; else the node's own text, else its
        descendants' texts (UiAutomator2 gives `text` for the node alone: a Pressable tab
        holding a <Text> has none of its own); its content-desc only when it draws no text
        (an icon). A label is what a screen reader says, which an app may set to anything: a
        read never takes it over the text on the screen."""
        own = element.text or ""
        if element.get_attribute("class") == ANDROID_TEXT_INPUT or own:
            return _normalize(own)
        inner = [e.text for e in element.find_elements("xpath", ".//*[@text!='']") if e.text]
        if inner:
            return _normalize(" ".join(inner))
        return _normalize(element.get_attribute("content-desc") or "")

    def enter_text(self, element: Any, text: str, *, clear: bool) -> None:
        if clear:
            element.clear()
        element.send_keys(text)

    def scroll_into_view(self, driver: Any, element: Any | None, text: str) -> None:
        self.reveal(driver, self.text(text))

    def reveal(self, driver: Any, locators: list[Locator]) -> bool:
        """UiScrollable.scrollIntoView on the first scrollable view, for the first locator's
        node (an accessibility id is its content-desc)."""
        by, value = locators[0]
        target = value if by == "-android uiautomator" else (
            f"new UiSelector().description({_native_string(value)})")
        selector = f"new UiScrollable(new UiSelector().scrollable(true)).scrollIntoView({target})"
        return _quietly(lambda: driver.find_elements("-android uiautomator", selector))

    def dismiss_keyboard(self, driver: Any) -> None:
        """`hide_keyboard` (Android's back action, which a soft keyboard consumes first)."""
        if _keyboard_shown(driver):
            _quietly(driver.hide_keyboard)


def _page_source_text(source: str, attributes: tuple[str, ...]) -> str:
    import xml.etree.ElementTree as ET

    seen: list[str] = []
    for node in ET.fromstring(source).iter():
        for attr in attributes:
            value = node.attrib.get(attr)
            if value and value not in seen[-1:]:
                seen.append(value)
    return _normalize(" | ".join(seen))


LOCATORS: dict[str, type[WebLocators] | type[IosLocators] | type[AndroidLocators]] = {
    "web": WebLocators, "ios": IosLocators, "android": AndroidLocators,
}
