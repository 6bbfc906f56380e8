from __future__ import annotations

from pytest_revylbench.app.locators import (
    AndroidLocators,
    IosLocators,
    WebLocators,
    _xpath_string,
)


def test_web_maps_test_ids_and_labels_to_css() -> None:
    web = WebLocators()
    assert web.test_id("net-worth") == [("css selector", '[data-testid="net-worth"]')]
    assert web.label('Say "hi"') == [("css selector", '[aria-label="Say \\"hi\\""]')]


def test_web_text_is_the_innermost_exact_match() -> None:
    (by, xpath), = WebLocators().text("Net  worth: $1.00")
    assert by == "xpath"
    assert xpath == ('//body//*[normalize-space(.)="Net worth: $1.00"]'
                     '[not(.//*[normalize-space(.)="Net worth: $1.00"])]')


def test_xpath_literals_with_both_quote_kinds() -> None:
    assert _xpath_string("it's") == '"it\'s"'
    assert _xpath_string('say "x"') == "'say \"x\"'"
    assert _xpath_string("""it's "x\"""") == """concat("it's ", '"', "x", '"', "")"""


def test_native_platforms_use_their_own_strategies() -> None:
    assert IosLocators().test_id("a") == [("accessibility id", "a")]
    assert IosLocators().text("Save")[0][0] == "-ios predicate string"
    assert AndroidLocators().label("Save") == [("accessibility id", "Save")]
    assert 'text("Save")' in AndroidLocators().text("Save")[0][1]
