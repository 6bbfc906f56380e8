"""What of a submission runs as code in `expo export`, besides its modules being transformed.

The lists are the loaders' own, read from the pinned tools (expo 56, @babel/core 7.29,
metro-config 0.84); `tests/device/test_export_code.py` reads those loaders in the scaffold's
dependencies and fails when one names a file missing here. A JSON config counts too: it
names plugins, presets or transformer modules by path, which then run.

- Babel (`@babel/core/lib/config/files/configuration.js`): the root configs, the relative
  `.babelrc*` and a `babel` key in package.json; Expo's transformer extends the first root
  or relative config it finds in the project (`@expo/metro-config/build/loadBabelConfig.js`).
- Metro (`metro-config/src/loadConfig.js`): `metro.config.*` and `.config/metro.*`, and a
  `metro` key in package.json.
- Expo (`@expo/config/build/Config.js`): `app.config.*` runs; `app.config.json` or
  `app.json` names config plugins, which run, and a static or server web output renders the
  app at export.
- PostCSS (`@expo/metro-config/build/transform-worker/postcss.js`): `postcss.config.*`,
  loaded when a CSS file is bundled.
"""

from __future__ import annotations

import json
from pathlib import Path

from pytest_revylbench.builder.intake import SubmissionRefused, read_regular

_SCRIPT = (".js", ".cjs", ".mjs", ".ts", ".cts", ".mts")
BABEL_CONFIGS = (
    "babel.config.js", "babel.config.cjs", "babel.config.mjs", "babel.config.json",
    "babel.config.cts", "babel.config.ts", "babel.config.mts",
    ".babelrc", ".babelrc.js", ".babelrc.cjs", ".babelrc.mjs", ".babelrc.json", ".babelrc.cts",
)
METRO_CONFIGS = tuple(f"{stem}{ext}" for stem in ("metro.config", ".config/metro")
                      for ext in (".js", ".cjs", ".mjs", ".json", ".ts", ".cts", ".mts"))
APP_CONFIGS = tuple(f"app.config{ext}" for ext in _SCRIPT)
POSTCSS_CONFIGS = ("postcss.config.mjs", "postcss.config.js", "postcss.config.json")
CONFIG_FILES = (*BABEL_CONFIGS, *METRO_CONFIGS, *APP_CONFIGS, *POSTCSS_CONFIGS)
"""Files of a submission that run as code (or name code that runs) when the export starts."""
PACKAGE_KEYS = ("babel", "metro")
"""Keys of package.json read as a Babel or Metro config."""
EXPO_CONFIGS = ("app.config.json", "app.json")
"""Where Expo reads the static config (the first found), whose plugins run at export."""


def code_run_by_export(work: Path) -> list[str]:
    """What of the submission in `work` runs as code inside the export: its configs, config
    plugins of its own, a statically rendered web output. Such code prints, hangs and exits
    as it likes, so the tools' crash or stall cannot be told from its own doing."""
    found = [name for name in CONFIG_FILES if (work / name).is_file()]
    package = _object(_read_json(work / "package.json"))
    found += [f"package.json {key!r} key" for key in PACKAGE_KEYS if key in package]
    static = next((name for name in EXPO_CONFIGS if (work / name).is_file()), "app.json")
    expo = _object(_object(_read_json(work / static)).get("expo"))
    plugins = expo.get("plugins")
    for plugin in plugins if isinstance(plugins, list) else []:
        name = plugin[0] if isinstance(plugin, list) and plugin else plugin
        if isinstance(name, str) and name.startswith((".", "/")):
            found.append(f"{static} plugin {name}")
    output = _object(expo.get("web")).get("output")
    if output in ("static", "server"):
        found.append(f"{static} web.output {output!r} (renders the app at export)")
    return sorted(found)


def _read_json(path: Path) -> object:
    # Read after the export ran the submission's code, which may have left a FIFO or a link
    # in the file's place: never followed, never waited on.
    try:
        return json.loads(read_regular(path).decode("utf-8"))
    except (OSError, ValueError, SubmissionRefused):
        return None


def _object(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {}
