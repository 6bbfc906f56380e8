"""How each platform's driver finds what a suite names: a test ID, a label, a visible text.

A suite speaks in the app's words; this module is the only place that knows how those words
become locator strategies, so every suite runs unchanged on every platform.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

Locator = tuple[str, str]
"""A (strategy, value) pair as the W3C/Appium `find elements` command takes it."""


def _css_string(value: str) -> str:
    return json.dumps(value)


def _xpath_string(value: str) -> str:
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    parts = value.split('"')
    return "concat(" + ", '\"', ".join(f'"{p}"' for p in parts) + ")"


class Locators(Protocol):
    platform: str

    def test_id(self, test_id: str) -> list[Locator]: ...
    def label(self, label: str) -> list[Locator]: ...
    def text(self, text: str) -> list[Locator]: ...
    def input(self, name: str) -> list[Locator]: ...
    def screen_text(self, driver: Any) -> str: ...
    def element_text(self, element: Any) -> str: ...
    def clear_input(self, element: Any) -> None: ...
    def scroll_into_view(self, driver: Any, element: Any | None, text: str) -> None: ...


def _normalize(text: str) -> str:
    return " ".join(text.split())


class WebLocators:
    """React Native Web: testID → data-testid, accessibilityLabel → aria-label."""

    platform = "web"

    def test_id(self, test_id: str) -> list[Locator]:
        return [("css selector", f"[data-testid={_css_string(test_id)}]")]

    def label(self, label: str) -> list[Locator]:
        return [("css selector", f"[aria-label={_css_string(label)}]")]

    def text(self, text: str) -> list[Locator]:
        # The innermost element whose whole visible text is `text`: a <Text> built from
        # several JSX pieces is one element with several text nodes.
        lit = _xpath_string(_normalize(text))
        return [("xpath", f"//body//*[normalize-space(.)={lit}][not(.//*[normalize-space(.)={lit}])]")]

    def input(self, name: str) -> list[Locator]:
        return self.test_id(name) + [
            ("css selector", f"[placeholder={_css_string(name)}]"),
            ("css selector",
             f"input[aria-label={_css_string(name)}], textarea[aria-label={_css_string(name)}]"),
        ]

    def screen_text(self, driver: Any) -> str:
        return _normalize(str(driver.execute_script("return document.body.innerText || ''")))

    def element_text(self, element: Any) -> str:
        if element.tag_name in ("input", "textarea"):
            return _normalize(str(element.get_property("value") or ""))
        return _normalize(element.text or "")

    def clear_input(self, element: Any) -> None:
        # element.clear() bypasses React's onChange: select everything and delete instead.
        from selenium.webdriver.common.keys import Keys

        element.send_keys(Keys.CONTROL, "a")
        element.send_keys(Keys.BACKSPACE)

    def scroll_into_view(self, driver: Any, element: Any | None, text: str) -> None:
        if element is not None:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)


class IosLocators:
    """XCUITest: testID → accessibility id; texts through NSPredicate on label/value/name."""

    platform = "ios"

    def test_id(self, test_id: str) -> list[Locator]:
        return [("accessibility id", test_id)]

    def label(self, label: str) -> list[Locator]:
        return [("-ios predicate string", f"label == {json.dumps(label)}")]

    def text(self, text: str) -> list[Locator]:
        lit = json.dumps(_normalize(text))
        return [("-ios predicate string", f"label == {lit} OR value == {lit} OR name == {lit}")]

    def input(self, name: str) -> list[Locator]:
        lit = json.dumps(name)
        return self.test_id(name) + [
            ("-ios predicate string",
             f"(type == 'XCUIElementTypeTextField' OR type == 'XCUIElementTypeSecureTextField') "
             f"AND (placeholderValue == {lit} OR label == {lit})"),
        ]

    def screen_text(self, driver: Any) -> str:
        return _page_source_text(driver.page_source, ("label", "value"))

    def element_text(self, element: Any) -> str:
        return _normalize(element.get_attribute("value") or element.get_attribute("label") or "")

    def clear_input(self, element: Any) -> None:
        element.clear()

    def scroll_into_view(self, driver: Any, element: Any | None, text: str) -> None:
        driver.execute_script(
            "mobile: scroll", {"predicateString": f"label == {json.dumps(text)}", "toVisible": True}
        )


class AndroidLocators:
    """UiAutomator2: testID → resource-id, accessibilityLabel → content-desc."""

    platform = "android"

    def test_id(self, test_id: str) -> list[Locator]:
        return [
            ("-android uiautomator", f"new UiSelector().resourceId({json.dumps(test_id)})"),
            ("accessibility id", test_id),
        ]

    def label(self, label: str) -> list[Locator]:
        return [("accessibility id", label)]

    def text(self, text: str) -> list[Locator]:
        return [("-android uiautomator", f"new UiSelector().text({json.dumps(_normalize(text))})")]

    def input(self, name: str) -> list[Locator]:
        return self.test_id(name) + [
            ("-android uiautomator",
             f"new UiSelector().className(\"android.widget.EditText\").text({json.dumps(name)})"),
        ]

    def screen_text(self, driver: Any) -> str:
        return _page_source_text(driver.page_source, ("text", "content-desc"))

    def element_text(self, element: Any) -> str:
        return _normalize(element.text or "")

    def clear_input(self, element: Any) -> None:
        element.clear()

    def scroll_into_view(self, driver: Any, element: Any | None, text: str) -> None:
        selector = (
            "new UiScrollable(new UiSelector().scrollable(true))"
            f".scrollIntoView(new UiSelector().text({json.dumps(text)}))"
        )
        driver.find_elements("-android uiautomator", selector)


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
