"""The leak guard: does a text the grader wrote for the agent show hidden text of the task?

`find_leak` looks for any 12-character window of the task's hidden files, everything under
`suites/<task>/` except `reference/`, `oracle/` and `mutants/` (for Python files also the
values of their string literals), that is not also public. A window the stability certificate
repeats is cited to the suite file it comes from. Mutant definitions are app code
and descriptions of what a buggy app does: the grader never writes from them, so their text
can only reach a grader field through what the agent's app did (a host it requested, a
package it added), which is the agent's own. Public text is:
- everything under `tasks/<task>/`, and the reference app `suites/<task>/reference/**`,
  whose UI strings follow from the specification;
- the paths of the public files (`tasks/<task>/design/lots@phone.png`): feedback may point
  to the design images the visual tier compares with (binary files add no text of their own);
- the names the bundle gives the stages, the journey and the built-in items, all made from
  the public task.toml by fixed rules (`Stage 1: Accounts`, `Contract: screen[categories]`);
- the suite's `criterion=` texts (the literal parts of f-strings too): criteria are shown by
  design, and default criteria are made of the two items below;
- the strings the suite asserts that the specification founds (see `specstrings`): the
  expected values of failed checks;
- the suite's test IDs that the public files name;
- the bench's own words (`bench_words`): what the builder, the checks and the feedback write.

The stability certificate is hidden for the suite's words it repeats (its subjects, the items
they pass or fail), each on its own, not for its JSON (`certificate_strings`).

Texts are compared **normalised**: whitespace runs folded to one space, and backticks,
asterisks and quotes (markdown and code punctuation) dropped, on both sides. A phrase the
specification states as `1 category over budget` or **over budget** is then public however
the suite's source or a criterion quotes it.

Each text is checked on its own: a window across two strings, or across a string and the
bundle's own quotes and labels, would match the quotes around public words in the suite's
source.

The guard is applied to what the grader authored only (see `feedback`): what the agent's app
produced is the agent's own and is never held against hidden text.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.outputs.bench_words import bench_words
from pytest_revylbench.records.vocabulary import Tier, Verdict
from pytest_revylbench.tasks.digests import CERTIFICATE_FILE
from pytest_revylbench.tasks.items import BUILTIN_TIERS, tier_item_names
from pytest_revylbench.tasks.loading import Task
from pytest_revylbench.tasks.specstrings import suite_strings, unfounded_strings

K = 12
"""Length of the windows the leak guard compares."""
_ID_ARGS = frozenset({"at", "test_id", "into"})
_PRUNE = frozenset({"node_modules", "__pycache__", ".expo", "dist", ".git"})
ITEM_LABELS = {Tier.BUILD: "Build", Tier.CONTRACT: "Contract", Tier.VISUAL: "Visual checkpoint"}
"""How the bundle names a built-in tier's item: `Contract: screen[categories]`."""
VERDICT_WORDS = frozenset(v.value for v in Verdict)
_MARKUP = str.maketrans("", "", "`*\"'\u2018\u2019\u201c\u201d")
"""Backticks, asterisks and quotes: punctuation around words, never part of a secret."""


class FeedbackLeak(Exception):
    """A text meant for the agent would show text of the hidden suite."""


@dataclass(frozen=True)
class Leak:
    """Hidden text found in a text meant for the agent."""

    shown: str
    """The (normalised) stretch of the text that is hidden."""
    hidden_file: str
    """The hidden file it comes from, relative to the folder above `suites/`."""

    def __str__(self) -> str:
        return f"the feedback would show {self.shown!r}, hidden text of {self.hidden_file}"


def normalise(text: str) -> str:
    """`text` with backticks, asterisks and quotes dropped and whitespace runs folded."""
    return re.sub(r"\s+", " ", text.translate(_MARKUP))


def _windows(text: str) -> Iterator[str]:
    folded = normalise(text)
    return (folded[i:i + K] for i in range(len(folded) - K + 1))


def _texts(root: Path, skip_top: tuple[str, ...] = ()) -> Iterator[tuple[Path, str]]:
    """(path, text) of the UTF-8 files under `root`, sorted, without caches and `skip_top`."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _PRUNE
                         and not (d in skip_top and folder == str(root)))
        for name in sorted(files):
            try:
                yield Path(folder, name), Path(folder, name).read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _id_shape(node: ast.expr) -> tuple[str, str | None] | None:
    """(regex, literal or None) of a test ID argument; None for a variable or a bare f"{key}"."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
        return re.escape(node.value), node.value
    if isinstance(node, ast.JoinedStr):
        literal = [v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else None
                   for v in node.values]
        if sum(len(v or "") for v in literal) >= 3:
            return "".join(r"[\w-]+" if v is None else re.escape(v) for v in literal), None
    return None


def _named_ids(public: list[str]) -> re.Pattern[str]:
    """The test IDs the public files name: their `backticked` tokens, `{id}` standing for any key."""
    tokens = {t for text in public for t in re.findall(r"`([\w{}-]+)`", text)}
    shapes = [re.sub(r"\\\{\w+\\\}", r"[\\w-]+", re.escape(t)) for t in sorted(tokens)
              if len(re.sub(r"\{\w+\}", "", t)) >= 3]  # a bare `{id}` names nothing
    return re.compile("|".join(shapes) or "(?!)")


@dataclass(frozen=True)
class LeakIndex:
    """What the guard knows of one task, read once per task."""

    secrets: dict[str, str]
    """Hidden, non-public normalised windows of the suite -> the file each came from."""
    ids: re.Pattern[str] | None
    """The suite's test IDs (literal, or the shape of an f-string)."""
    named: re.Pattern[str]
    """The test IDs the public files name."""

    def scrub(self, text: str) -> str:
        """`text` with the suite's test IDs that the public files do not name replaced."""
        if self.ids is None:
            return text
        return self.ids.sub(lambda m: m[0] if self.named.fullmatch(m[0]) else "(a test ID)", text)

    def find(self, text: str) -> Leak | None:
        """The first hidden stretch of `text`, grown while its windows stay hidden; or None."""
        folded = normalise(text)
        for start in range(len(folded) - K + 1):
            hidden_file = self.secrets.get(folded[start:start + K])
            if hidden_file is not None:
                end = start + K
                while end < len(folded) and folded[end - K + 1:end + 1] in self.secrets:
                    end += 1
                return Leak(folded[start:end], hidden_file)
        return None


@functools.lru_cache(maxsize=32)
def _index(
    folder: Path, suite: Path, instruction_files: tuple[Path, ...], names: tuple[str, ...] = ()
) -> LeakIndex:
    public = [text for _, text in _texts(folder)] + list(names)
    named = _named_ids(public)
    # With the space before it: a path is cited within a sentence, and the suites' docstrings
    # name public files the same way (`follows from tasks/<id>/instruction.md`).
    public += [f" {folder.parent.name}/{folder.name}/{path.relative_to(folder).as_posix()}"
               for path in sorted(folder.rglob("*")) if path.is_file()]
    # The oracle holds the reference's screenshots and their digests: a candidate whose screen
    # matches it shows the same digest, which is no secret.
    hidden = list(_texts(suite, skip_top=("reference", "oracle", "mutants")))
    # The certificate repeats the suite's titles: a leak is cited to the file it was written in.
    hidden.sort(key=lambda item: item[0] == suite / CERTIFICATE_FILE)
    hidden = [(path, s) for path, text in hidden
              for s in (certificate_strings(text) if path == suite / CERTIFICATE_FILE else [text])]
    trees = []
    for path, text in hidden:
        try:
            trees += [(path, ast.parse(text))] if path.suffix == ".py" else []
        except SyntaxError:
            continue
    ids: dict[str, str | None] = {}
    for path, tree in trees:
        hidden += [(path, s) for s in _strings(tree)]
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            is_read = isinstance(call.func, ast.Attribute) and call.func.attr == "read"
            args = [k.value for k in call.keywords if k.arg in _ID_ARGS] + call.args[:int(is_read)]
            ids.update(shape for shape in map(_id_shape, args) if shape is not None)
            public += [s for k in call.keywords if k.arg == "criterion" for s in _strings(k.value)]
    public += [i for i in ids.values() if i is not None and named.fullmatch(i)]
    unfounded = {a.text for a in unfounded_strings(list(instruction_files), [p for p, _ in trees])}
    public += [a.text for p, _ in trees for a in suite_strings(p)[0] if a.text not in unfounded]
    public += [text for _, text in _texts(suite / "reference")]
    # What the bench writes (its diagnoses, reasons, fault explanations) is never the suite's.
    public += bench_words()

    secrets: dict[str, str] = {}
    for path, text in hidden:
        where = path.relative_to(suite.parent.parent).as_posix()
        for window in _windows(text):
            secrets.setdefault(window, where)
    for text in public:
        for window in _windows(text):
            secrets.pop(window, None)
    shapes = sorted(ids, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(shapes) + r")(?![\w-])") if shapes else None
    return LeakIndex(secrets, ids=pattern, named=named)


CERTIFICATE_OWN = frozenset({"version", "task", "platform", "runs", "mutant_runs", "made_at",
                             "machine", "digests", "environment"})
"""The certificate's fields about the grader and its machine, not the suite."""


def certificate_strings(text: str) -> list[str]:
    """What of the stability certificate is the suite's: its subjects' names, the items they
    are expected to pass or fail and the like, each on its own. Not its JSON: a window across
    a key, its quotes and its verdict (`"dependencies": "pass"` folds to `dependencies: pass`)
    would match the bench's own words (`install dependencies: package.json …`); nor the
    verdict words, nor digests, nor what it says of the grader (versions, machine)."""
    try:
        data = json.loads(text)
    except ValueError:
        return [text]
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                found.append(str(key))
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)
        elif isinstance(value, str) and value not in VERDICT_WORDS and not value.startswith("sha256:"):
            found.append(value)

    for key, value in (data.items() if isinstance(data, dict) else []):
        if key not in CERTIFICATE_OWN:
            walk(value)
    return found


def item_names(task: Task) -> list[str]:
    """The public names the bundle gives the task's items, made from task.toml by fixed rules."""
    spec = task.spec
    names = [f"Stage {n}: {stage.name}" for n, stage in enumerate(spec.stages, 1)]
    names.append(f"Journey: {spec.journey.name}")
    for tier in (t for t in BUILTIN_TIERS if t in spec.tiers):
        for name in tier_item_names(spec, tier):
            names += [name, f"{ITEM_LABELS[tier]}: {name}"]
    return names


def task_index(task: Task) -> LeakIndex:
    """The guard's index of `task` (cached per task folder and suite)."""
    instructions = tuple(p.resolve() for p in task.instruction_files)
    return _index(task.folder.resolve(), task.suite.resolve(), instructions, tuple(item_names(task)))


def find_leak(text: str, task: Task) -> Leak | None:
    """The hidden text of `task` that `text` would show, or None."""
    return task_index(task).find(text)


def check_leaks(text: str, task: Task) -> None:
    """Raise FeedbackLeak, naming the text and its hidden file, if `text` shows hidden text."""
    leak = find_leak(text, task)
    if leak is not None:
        raise FeedbackLeak(str(leak))
