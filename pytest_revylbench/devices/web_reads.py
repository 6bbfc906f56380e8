"""Every read of the web device's screen, made where the app's code cannot reach.

The page's main world is the app's: anything defined there (a getter of `Node.prototype`,
`document.evaluate`, `getComputedStyle`, `Element.prototype.getBoundingClientRect`) it can
redefine, and chromedriver's element commands run there too. So the grader reads the screen
from an isolated world of its own (`Page.createIsolatedWorld`): a fresh JavaScript realm over
the same DOM, with its own built-ins and prototypes, which the page's redefinitions never
reach and whose globals the page cannot see. The world is made per document, on the grader's
own DevTools socket to the tab (or through the session where that socket cannot be used), and
made again when the document is replaced.

Elements found there stay there: the grader holds `ElementRef`s (a number in the world's own
table, with what the probe saw of the element), never a reference the page could hand back.

"Shown" (`READABLE_JS`) is what a person could read: Selenium's `isShown` (display, visibility,
overflow), run in the grader's world, and then at least `MIN_SIDE` CSS pixels each way, an
effective opacity of `MIN_OPACITY`, no clip-path, a font of `MIN_FONT_PX`, a text colour of
alpha `MIN_ALPHA` and contrast `MIN_CONTRAST` with its background, and, when its centre is in
the viewport, the element (or its own ancestor or descendant) on top there. A text check also
holds the element's rendered text (`innerText`, which leaves out hidden descendants) to the
expected text.
"""

from __future__ import annotations

import json
import pkgutil
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

MIN_SIDE = 4.0
MIN_OPACITY = 0.1
MIN_FONT_PX = 6.0
MIN_ALPHA = 0.2
MIN_CONTRAST = 1.3
CONTROL = 2
"""DevTools' modifier bit for the Control key."""
TREE_LIMIT = 256 * 1024
"""The largest UI tree a probe brings back (see `app.locators.PROBE_TREE_CHARS`)."""

Send = Callable[[str, dict[str, Any]], dict[str, Any]]
"""One DevTools command to the tab, answered (the grader's socket, or the session's)."""


class StaleElement(Exception):
    """The element is no longer in the document the grader's world reads."""


@dataclass(frozen=True)
class ElementRef:
    """An element of the grader's world, and what the probe that found it saw."""

    id: str
    """`<world>:<number>`: the world's own table entry (stale once the document is replaced)."""
    tag: str
    text: str
    """Its rendered text (`innerText`), or an input's value, whitespace collapsed."""
    rect: dict[str, float]
    """Its box in CSS pixels of the viewport at the probe: x, y, width, height."""
    viewport: tuple[float, float] = (0.0, 0.0)
    """The viewport's width and height in CSS pixels at the probe (what a screenshot covers)."""
    covered: bool = False
    """Found by a probe that let covered elements count, and something is on top of it: its
    box does not show its text (the pixel audit skips it)."""

    @property
    def location(self) -> dict[str, float]:
        return {"x": self.rect["x"], "y": self.rect["y"]}


@cache
def _is_shown_atom() -> str:
    data = pkgutil.get_data("selenium.webdriver.remote", "isDisplayed.js")
    if data is None:
        raise RuntimeError("selenium's isDisplayed.js atom is missing from its package")
    return data.decode("utf8")


# The world's own state, made once per world: its id, a counter of mutations and scrolls (the
# screen mark), the element table, and whether a relaunch is leaving this document.
_STATE = """
var g = globalThis;
if (!g.__s) {
  g.__s = {id: Math.random().toString(36).slice(2), n: 0, els: new Map(), next: 1, gen: 0,
           leaving: false};
  new MutationObserver(function () { g.__s.n++; }).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true});
  // A scroll view scrolled (by focus, by the app, by a smooth scroll still moving) changes the
  // screen without a mutation: it changes the mark too, so no check's evidence is a shot of an
  // earlier scroll position than the one its boxes were read at.
  document.addEventListener('scroll', function () { g.__s.n++; }, true);
}
var S = g.__s;
function mark() { return S.id + ':' + S.n + ':' + window.scrollY; }
function collapse(t) { return String(t || '').replace(/\\s+/g, ' ').trim(); }
function rgba(c) {
  var m = /rgba?\\(([^)]*)\\)/.exec(c || '');
  if (!m) return null;
  var p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(parseFloat);
  return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
}
function lum(c) {
  function ch(v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}
"""

READABLE_JS = """
var isShown = %ATOM%;
function readable(el, coveredOk) {
  if (!isShown(el, false)) return 'not displayed';
  var box = el.getBoundingClientRect();
  if (box.width < %MIN_SIDE% || box.height < %MIN_SIDE%) return 'too small';
  var opacity = 1, bg = null;
  for (var e = el; e && e.nodeType === 1; e = e.parentElement) {
    var cs = getComputedStyle(e);
    opacity *= parseFloat(cs.opacity);
    if (cs.clipPath && cs.clipPath !== 'none') return 'clipped';
    if (bg === null) {
      if (cs.backgroundImage && cs.backgroundImage !== 'none') bg = false;
      else { var b = rgba(cs.backgroundColor); if (b && b.a >= 0.5) bg = b; }
    }
  }
  if (opacity < %MIN_OPACITY%) return 'faint';
  if (collapse(el.innerText || el.value)) {
    var own = getComputedStyle(el);
    if (parseFloat(own.fontSize) < %MIN_FONT%) return 'tiny text';
    var color = rgba(own.color), fill = rgba(own.webkitTextFillColor) || color;
    if (!color || color.a < %MIN_ALPHA% || !fill || fill.a < %MIN_ALPHA%) return 'transparent text';
    if (bg === null) bg = {r: 255, g: 255, b: 255, a: 1};
    if (bg) {
      var hi = Math.max(lum(fill), lum(bg)), lo = Math.min(lum(fill), lum(bg));
      if ((hi + 0.05) / (lo + 0.05) < %MIN_CONTRAST%) return 'no contrast';
    }
  }
  var cx = box.left + box.width / 2, cy = box.top + box.height / 2;
  if (!coveredOk && cx >= 0 && cy >= 0 && cx < window.innerWidth && cy < window.innerHeight) {
    var hit = document.elementFromPoint(cx, cy);
    if (hit && !(hit === el || el.contains(hit) || hit.contains(el))) return 'covered';
  }
  return null;
}
"""

_PROBE = """
var locators = A.locators, found = [], kept = [];
S.gen++;
S.els.forEach(function (v, k) { if (v.gen < S.gen - 2) S.els.delete(k); });
var m = mark();
var tree = m === A.last ? null : document.documentElement.outerHTML;
if (tree !== null && tree.length > %TREE_LIMIT%) tree = null;
for (var i = 0; i < locators.length && !kept.length; i++) {
  var by = locators[i][0], value = locators[i][1], want = locators[i][2];
  if (by === 'css selector') {
    found = Array.prototype.slice.call(document.querySelectorAll(value));
  } else if (by === 'xpath') {
    var r = document.evaluate(value, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    found = [];
    for (var j = 0; j < r.snapshotLength; j++) found.push(r.snapshotItem(j));
  } else {
    throw new Error('no finder for locator strategy ' + by);
  }
  for (var j = 0; j < found.length; j++) {
    var el = found[j];
    if (el.nodeType !== 1 || readable(el, A.coveredOk) !== null) continue;
    var tag = el.tagName.toLowerCase();
    var text = (tag === 'input' || tag === 'textarea') ? collapse(el.value) : collapse(el.innerText);
    if (want !== null && text.replace(/ /g, '') !== want.replace(/ /g, '')) continue;
    var n = S.next++;
    S.els.set(n, {el: el, gen: S.gen});
    var b = el.getBoundingClientRect();
    kept.push({id: n, tag: tag, text: text, x: b.left, y: b.top, width: b.width, height: b.height,
               vw: window.innerWidth, vh: window.innerHeight,
               covered: !!A.coveredOk && readable(el, false) !== null});
  }
}
return {found: kept, mark: m, tree: tree};
"""

# A matching element a person would read once it is scrolled out from under what covers it
# (a fixed bar over a list row): scrolled to the middle of its scroll views and the window.
_REVEAL = """
for (var i = 0; i < A.locators.length; i++) {
  var by = A.locators[i][0], value = A.locators[i][1], found = [];
  if (by === 'css selector') found = Array.prototype.slice.call(document.querySelectorAll(value));
  else {
    var r = document.evaluate(value, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    for (var j = 0; j < r.snapshotLength; j++) found.push(r.snapshotItem(j));
  }
  for (var j = 0; j < found.length; j++) {
    var el = found[j];
    if (el.nodeType !== 1 || readable(el, true) !== null || readable(el, false) === null) continue;
    var before = mark();
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    return mark() !== before;
  }
}
return false;
"""

_COUNT = """
return document.querySelectorAll(A.css).length;
"""

_RENDERED = """
if (S.leaving) return false;
var r = document.getElementById('root');
return document.readyState === 'complete' && !!r && r.childElementCount > 0;
"""

# Where a press lands, found as chromedriver's element click finds it (see `web.press_point`'s
# history): the element's first box is scrolled into the client area of each ancestor in turn,
# then of the window, by the least that shows it whole; the press is at the centre of that box,
# and lands when the element (or one of its descendants) is what the page has at that point.
# A box larger than one of those areas is pressed at the centre of what the viewport shows of
# it, after scrolling its top into view.
_PRESS = """
var entry = S.els.get(A.id);
if (!entry || !entry.el.isConnected) return {stale: true};
var el = entry.el;
function first() { var r = el.getClientRects(); return r.length ? r[0] : null; }
function shift(pos, size, view) {
  if (pos + size > view) return pos + size - view;
  return pos < 0 ? pos : 0;
}
function tag(e) { return e ? e.outerHTML.slice(0, e.outerHTML.indexOf('>') + 1).slice(0, 200) : 'nothing'; }
var box = first();
if (!box) return {x: null};
var areas = [];
for (var c = el.parentElement; c && c !== document.body && c !== document.documentElement;
     c = c.parentElement) areas.push(c);
var oversize = box.width > window.innerWidth || box.height > window.innerHeight;
for (var i = 0; i < areas.length && !oversize; i++) {
  var a = areas[i];
  if ((box.height > a.clientHeight && a.scrollHeight > a.clientHeight) ||
      (box.width > a.clientWidth && a.scrollWidth > a.clientWidth)) oversize = true;
}
if (oversize) {
  el.scrollIntoView({block: 'start', inline: 'start'});
  box = first();
  var l = Math.max(box.left, 0), t = Math.max(box.top, 0);
  var r = Math.min(box.right, window.innerWidth), b = Math.min(box.bottom, window.innerHeight);
  if (r <= l || b <= t) return {x: null};
  var x = Math.floor((l + r) / 2), y = Math.floor((t + b) / 2);
} else {
  for (var i = 0; i < areas.length; i++) {
    var a = areas[i], at = a.getBoundingClientRect();
    a.scrollTop += shift(box.top - at.top - a.clientTop, box.height, a.clientHeight);
    a.scrollLeft += shift(box.left - at.left - a.clientLeft, box.width, a.clientWidth);
    box = first();
  }
  window.scrollBy(shift(box.left, box.width, window.innerWidth),
                  shift(box.top, box.height, window.innerHeight));
  box = first();
  var x = Math.floor(box.left + box.width / 2), y = Math.floor(box.top + box.height / 2);
}
var hit = document.elementFromPoint(x, y);
return {x: x, y: y, ok: !!hit && (hit === el || el.contains(hit)), el: tag(el), hit: tag(hit)};
"""

_SCROLL = """
var entry = S.els.get(A.id);
if (!entry || !entry.el.isConnected) return false;
entry.el.scrollIntoView({block: 'center'});
return true;
"""


def _script(body: str) -> str:
    readable = (READABLE_JS.replace("%ATOM%", _is_shown_atom())
                .replace("%MIN_SIDE%", repr(MIN_SIDE)).replace("%MIN_OPACITY%", repr(MIN_OPACITY))
                .replace("%MIN_FONT%", repr(MIN_FONT_PX)).replace("%MIN_ALPHA%", repr(MIN_ALPHA))
                .replace("%MIN_CONTRAST%", repr(MIN_CONTRAST)))
    return ("(function (A) {" + _STATE + readable + body.replace("%TREE_LIMIT%", str(TREE_LIMIT))
            + "})")


@cache
def _scripts() -> dict[str, str]:
    bodies = {
        "probe": _PROBE, "reveal": _REVEAL, "count": _COUNT, "rendered": _RENDERED, "press": _PRESS,
        "scroll": _SCROLL, "mark": "return mark();",
        "text": "return collapse(document.body ? document.body.innerText : '');",
        "tree": "return document.documentElement.outerHTML;",
        "leave": "S.leaving = true; return true;", "alive": "return 1;",
    }
    return {name: _script(body) for name, body in bodies.items()}


_GONE = ("Cannot find context with specified id", "Execution context was destroyed",
         "Cannot find default execution context", "Inspected target navigated or closed")


class PageReader:
    """The grader's world on one tab: made when first needed, made again for a new document."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self._context: int | None = None
        self._world = "w" + secrets.token_hex(4)
        self._generation = 0
        """Worlds made so far: an `ElementRef` of an earlier one is stale."""

    def _make_world(self) -> int:
        frame = self._send("Page.getFrameTree", {})["frameTree"]["frame"]["id"]
        made = self._send("Page.createIsolatedWorld",
                          {"frameId": frame, "worldName": self._world, "grantUniveralAccess": False})
        self._generation += 1
        self._context = int(made["executionContextId"])
        return self._context

    def run(self, name: str, **args: Any) -> Any:
        """Run the world's script `name` with `args`; a world whose document is gone is made
        again (once) for the document the tab shows now."""
        expression = f"{_scripts()[name]}({json.dumps(args)})"
        for attempt in (1, 2):
            context = self._context if self._context is not None else self._make_world()
            try:
                answer = self._send("Runtime.evaluate", {
                    "expression": expression, "contextId": context, "returnByValue": True,
                    "awaitPromise": False, "silent": True})
            except Exception as exc:
                if attempt == 1 and any(g in str(exc) for g in _GONE):
                    self._context = None
                    continue
                raise
            if "exceptionDetails" in answer:
                details = answer["exceptionDetails"]
                text = (details.get("exception") or {}).get("description") or details.get("text")
                raise RuntimeError(f"the grader's read {name!r} failed: {text}")
            return (answer.get("result") or {}).get("value")
        raise AssertionError("unreachable")

    def forget(self) -> None:
        """The tab shows a new document (a navigation the grader made): make a new world."""
        self._context = None

    def _ref(self, seen: dict[str, Any]) -> ElementRef:
        return ElementRef(id=f"{self._generation}:{seen['id']}", tag=str(seen["tag"]),
                          text=str(seen["text"]),
                          rect={k: float(seen[k]) for k in ("x", "y", "width", "height")},
                          viewport=(float(seen.get("vw") or 0.0), float(seen.get("vh") or 0.0)),
                          covered=bool(seen.get("covered")))

    def _number(self, ref: ElementRef) -> int:
        generation, number = ref.id.split(":")
        if int(generation) != self._generation:
            raise StaleElement("the element's document is gone")
        return int(number)

    def probe(self, locators: list[tuple[str, str, str | None]], last_mark: str | None, *,
              covered_ok: bool = False) -> tuple[list[ElementRef], str, str | None]:
        """The readable elements of the first fruitful locator (strategy, value, the rendered
        text it must have or None), the screen mark, and the UI tree unless `last_mark` is its
        mark. `covered_ok`: an element under another at its centre counts (a person would
        scroll to it): what a check that something is absent must count."""
        answer = self.run("probe", locators=[list(x) for x in locators], last=last_mark,
                          coveredOk=covered_ok)
        return [self._ref(s) for s in answer["found"]], str(answer["mark"]), answer["tree"]

    def reveal(self, locators: list[tuple[str, str]]) -> bool:
        """Scroll the first matching element that is readable but for what covers it to the
        middle of the screen; whether anything moved."""
        return bool(self.run("reveal", locators=[list(x) for x in locators]))

    def count(self, css: str) -> int:
        return int(self.run("count", css=css))

    def press_point(self, ref: ElementRef) -> dict[str, Any]:
        answer = self.run("press", id=self._number(ref))
        if answer.get("stale"):
            raise StaleElement("the element left the document before it was pressed")
        return dict(answer)

    def scroll_to(self, ref: ElementRef) -> bool:
        try:
            return bool(self.run("scroll", id=self._number(ref)))
        except StaleElement:
            return False

    def mark(self) -> str:
        return str(self.run("mark"))

    def screen_text(self) -> str:
        return str(self.run("text") or "")

    def tree(self) -> str:
        return str(self.run("tree"))

    def rendered(self) -> bool:
        return bool(self.run("rendered"))

    def leave(self) -> None:
        self.run("leave")

    def alive(self) -> bool:
        return bool(self.run("alive") == 1)

    def type_text(self, text: str, *, clear: bool) -> None:
        """Key events to the focused element, as chromedriver's send-keys sends them: select
        all and delete first when `clear`, then each character (a newline as Enter)."""
        if clear:
            select = {"modifiers": CONTROL, "key": "a", "code": "KeyA", "windowsVirtualKeyCode": 65}
            delete = {"key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8}
            control = {"key": "Control", "code": "ControlLeft", "windowsVirtualKeyCode": 17}
            self._send("Input.dispatchKeyEvent", {"type": "rawKeyDown", **control,
                                                  "modifiers": CONTROL})
            self._send("Input.dispatchKeyEvent", {"type": "rawKeyDown", **select,
                                                  "commands": ["selectAll"]})
            self._send("Input.dispatchKeyEvent", {"type": "keyUp", **select})
            self._send("Input.dispatchKeyEvent", {"type": "keyUp", **control})
            self._send("Input.dispatchKeyEvent", {"type": "rawKeyDown", **delete})
            self._send("Input.dispatchKeyEvent", {"type": "keyUp", **delete})
        for char in text:
            if char == "\n":
                down = {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"}
            else:
                down = {"key": char, "text": char, "unmodifiedText": char}
            self._send("Input.dispatchKeyEvent", {"type": "keyDown", **down})
            self._send("Input.dispatchKeyEvent", {"type": "keyUp", "key": down["key"]})
