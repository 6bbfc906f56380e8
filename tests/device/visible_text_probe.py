"""A plugin for a grade of a reference (`-p tests.device.visible_text_probe`): after each visual
checkpoint item, write what the page shows to `$RVB_VISIBLE_TEXT_OUT/<checkpoint@viewport>.json`.

The texts are the page's `innerText`, one line each, plus each visible input's value or
placeholder (drawn in the picture, absent from innerText).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

OUT_ENV = "RVB_VISIBLE_TEXT_OUT"
VISIBLE_TEXTS = """
const texts = (document.body.innerText || '').split('\\n');
for (const field of document.querySelectorAll('input, textarea')) {
  if (field.offsetParent !== null) texts.push(field.value || field.placeholder || '');
}
return texts;
"""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    yield
    marker = item.get_closest_marker("tier")
    app = getattr(item, "funcargs", {}).get("app")
    if marker is None or marker.args[:1] != ("visual",) or app is None:
        return
    # The suite API hides the driver on purpose; this probe is the grader's own test tooling.
    texts = app._driver.execute_script(VISIBLE_TEXTS)
    out = Path(os.environ[OUT_ENV])
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{item.name}.json").write_text(json.dumps(texts, indent=1), encoding="utf-8")
