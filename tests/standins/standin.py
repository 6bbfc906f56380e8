"""A recording stand-in for the macOS/Android host tools this Linux machine lacks.

Called as `standin.py TOOL ARGS...` (through a wrapper named TOOL on PATH). It appends
`{"tool", "argv", "cwd"}` to `$STANDIN_DIR/calls.jsonl`, then behaves like the real tool
as far as the grader relies on it, keeping device state in `$STANDIN_DIR`:

- `xcrun simctl`: create/boot/bootstatus/shutdown/erase/install/launch/terminate/list/delete,
  status_bar override, ui appearance/content_size, spawn defaults write, list runtimes,
  refusing what the real one refuses in the wrong state (boot when Booted, erase or delete
  when Booted, install/launch/status_bar/ui/spawn when Shutdown), with its exit status 149
  and message; the settings live in the simulator's state until `erase` (the status bar
  override until shutdown);
- `emulator` (stays up until SIGTERM, reports boot after `$STANDIN_BOOT_S` seconds, or never
  when that is `never`) and `adb -s emulator-PORT` (get-state, wait-for-device, getprop,
  install -r, pm clear, am, resolve-activity, emu kill, settings put/get, cmd uimode night,
  cmd alarm set-timezone, getprop persist.sys.timezone; the zone starts as the emulator's
  `-timezone` or, without it (or with `$STANDIN_IGNORE_TIMEZONE`), the "host's"
  America/Los_Angeles);
- `expo prebuild`, `pod install`, `xcodebuild`, `gradlew`: write the files the real tools
  write (the native folder, the workspace, the `.app` with its Info.plist, the APK with
  `output-metadata.json`), with the names real prebuild gave the budget app.

`$STANDIN_SCENARIO` (JSON: argv prefix → {"exit", "stdout", "stderr", "hang"}) overrides a
call: `{"xcrun simctl bootstatus": {"hang": true}}` makes boot never finish.
"""

from __future__ import annotations

import json
import os
import plistlib
import re
import shutil
import signal
import sys
import time
import uuid
import zipfile
from pathlib import Path
from typing import Any, NoReturn

STATE = Path(os.environ.get("STANDIN_DIR", "."))


def done(code: int = 0, out: str = "", err: str = "") -> NoReturn:
    if out:
        sys.stdout.write(out if out.endswith("\n") else out + "\n")
    if err:
        sys.stderr.write(err if err.endswith("\n") else err + "\n")
    sys.stdout.flush()
    sys.exit(code)


def hang() -> NoReturn:
    while True:
        time.sleep(3600)


def record(tool: str, args: list[str]) -> None:
    STATE.mkdir(parents=True, exist_ok=True)
    # simctl hands SIMCTL_CHILD_* variables to what it launches: part of the call.
    child = {k: v for k, v in sorted(os.environ.items()) if k.startswith("SIMCTL_CHILD_")}
    line = json.dumps({"tool": tool, "argv": [tool, *args], "cwd": os.getcwd(), "env": child})
    with (STATE / "calls.jsonl").open("a", encoding="utf-8") as out:
        out.write(line + "\n")


def scenario(tool: str, args: list[str]) -> None:
    rules: dict[str, dict[str, Any]] = json.loads(os.environ.get("STANDIN_SCENARIO") or "{}")
    joined = " ".join([tool, *args])
    for prefix, rule in rules.items():
        if joined.startswith(prefix):
            if rule.get("hang"):
                hang()
            done(int(rule.get("exit", 0)), rule.get("stdout", ""), rule.get("stderr", ""))


# -- xcrun simctl -------------------------------------------------------------------------

def _sim(udid: str) -> Path:
    return STATE / "sim" / f"{udid}.json"


def _load(udid: str) -> dict[str, Any]:
    path = _sim(udid)
    if not path.is_file():
        done(148, err=f"Invalid device: {udid}")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _save(udid: str, sim: dict[str, Any]) -> None:
    _sim(udid).parent.mkdir(parents=True, exist_ok=True)
    _sim(udid).write_text(json.dumps(sim))


def _refuse(what: str, sim: dict[str, Any]) -> NoReturn:
    done(149, err=f"An error was encountered processing the command (domain=com.apple.CoreSimulator."
                  f"SimError, code=405):\nUnable to {what} in current state: {sim['state']}")


def simctl(args: list[str]) -> NoReturn:
    verb, rest = args[0], args[1:]
    if verb == "list":
        rest = [a for a in rest if a not in ("-j", "--json")] + [a for a in rest if a in ("-j", "--json")]
    if verb == "create":
        name, device_type, runtime = rest
        udid = str(uuid.uuid5(uuid.NAMESPACE_URL, name)).upper()
        _save(udid, {"name": name, "type": device_type, "runtime": runtime, "state": "Shutdown",
                     "installed": [], "running": []})
        done(0, udid)
    if verb == "list" and rest[:1] == ["devicetypes"]:
        types = json.loads(os.environ.get("STANDIN_DEVICETYPES") or json.dumps([{
            "identifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-16", "name": "iPhone 16",
            "productFamily": "iPhone"}]))
        done(0, json.dumps({"devicetypes": types}, indent=2))
    if verb == "list" and rest[:1] == ["runtimes"]:
        runtimes = json.loads(os.environ.get("STANDIN_RUNTIMES") or json.dumps([{
            "identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-2", "name": "iOS 18.2",
            "version": "18.2", "platform": "iOS", "isAvailable": True}]))
        done(0, json.dumps({"runtimes": runtimes}, indent=2))
    if verb == "list":
        booted: dict[str, list[dict[str, str]]] = {}
        for path in sorted((STATE / "sim").glob("*.json")):
            sim = json.loads(path.read_text())
            if sim["state"] == "Booted" or "booted" not in rest:
                booted.setdefault(sim["runtime"], []).append(
                    {"udid": path.stem, "name": sim["name"], "state": sim["state"]})
        done(0, json.dumps({"devices": booted}, indent=2))
    udid = rest[0]
    sim = _load(udid)
    if verb == "boot" or (verb == "bootstatus" and "-b" in rest and sim["state"] != "Booted"):
        if verb == "boot" and sim["state"] == "Booted":
            _refuse("boot device", sim)
        sim["state"] = "Booted"
    elif verb == "bootstatus":
        if sim["state"] != "Booted":
            hang()  # without -b it waits for somebody else to boot the device
    elif verb == "shutdown":
        if sim["state"] != "Booted":
            _refuse("shutdown device", sim)
        sim["state"], sim["running"] = "Shutdown", []
        sim.pop("status_bar", None)
    elif verb == "erase":
        if sim["state"] == "Booted":
            _refuse("erase contents and settings", sim)
        sim["installed"] = []
        for kept in ("status_bar", "ui", "defaults"):
            sim.pop(kept, None)
    elif verb in ("status_bar", "ui", "spawn"):
        if sim["state"] != "Booted":
            _refuse("lookup" if verb == "spawn" else f"set {verb}", sim)
        if verb == "status_bar":
            if rest[1:2] != ["override"] or len(rest) % 2:
                done(64, err="standin: status_bar <device> override --flag value …")
            sim["status_bar"] = dict(zip(rest[2::2], rest[3::2], strict=True))
        elif verb == "ui":
            if rest[1] not in ("appearance", "content_size") or len(rest) != 3:
                done(64, err=f"standin: simctl ui {' '.join(rest[1:])} is not modelled")
            sim.setdefault("ui", {})[rest[1]] = rest[2]
        else:
            if rest[1:3] != ["defaults", "write"] or len(rest) != 6:
                done(64, err=f"standin: simctl spawn {' '.join(rest[1:])} is not modelled")
            sim.setdefault("defaults", {}).setdefault(rest[3], {})[rest[4]] = rest[5]
    elif verb == "delete":
        if sim["state"] == "Booted":
            _refuse("delete device", sim)
        _sim(udid).unlink()
        done(0)
    elif verb == "install":
        if sim["state"] != "Booted":
            _refuse("lookup", sim)
        info = plistlib.loads((Path(rest[1]) / "Info.plist").read_bytes())
        sim["installed"] = sorted({*sim["installed"], info["CFBundleIdentifier"]})
    elif verb in ("launch", "terminate"):
        bundle = rest[1]
        if sim["state"] != "Booted":
            _refuse("lookup", sim)
        if verb == "launch":
            if bundle not in sim["installed"]:
                done(4, err=f"An error was encountered processing the command (domain=FBSOpenApplication"
                            f"ServiceErrorDomain, code=4):\nThe request to open \"{bundle}\" failed.")
            sim["running"] = sorted({*sim["running"], bundle})
            _save(udid, sim)
            done(0, f"{bundle}: 4242")
        if bundle not in sim["running"]:
            done(3, err=f"found nothing to terminate for {bundle}")
        sim["running"].remove(bundle)
    else:
        done(64, err=f"standin: simctl {verb} is not modelled")
    _save(udid, sim)
    done(0)


# -- emulator and adb ---------------------------------------------------------------------

def _emu(port: str, kind: str) -> Path:
    return STATE / "emu" / f"{port}.{kind}"


def _alive(port: str) -> int | None:
    try:
        pid = int(_emu(port, "pid").read_text())
        os.kill(pid, 0)
        return pid
    except (OSError, ValueError):
        return None


def emulator(args: list[str]) -> NoReturn:
    if args == ["-list-avds"]:
        done(0, "\n".join(os.environ.get("STANDIN_AVDS", "Pixel_8_API_35").split()))
    avd, port = args[args.index("-avd") + 1], args[args.index("-port") + 1]
    if avd.startswith("Missing"):
        done(1, err=f"PANIC: Unknown AVD name [{avd}], use -list-avds to see valid list.")
    _emu(port, "pid").parent.mkdir(parents=True, exist_ok=True)
    _emu(port, "pid").write_text(str(os.getpid()))
    told = "-timezone" in args and not os.environ.get("STANDIN_IGNORE_TIMEZONE")
    zone = args[args.index("-timezone") + 1] if told else "America/Los_Angeles"
    _save_settings(port, {**_settings(port), "timezone": zone})

    def leave(*_: object) -> NoReturn:
        for kind in ("pid", "booted"):  # installed apps stay, as on the AVD's userdata
            _emu(port, kind).unlink(missing_ok=True)
        done(0, "emulator: Saving state on exit is disabled; bye")

    signal.signal(signal.SIGTERM, leave)
    print(f"INFO    | Booting AVD {avd} on port {port}", flush=True)
    boot_s = os.environ.get("STANDIN_BOOT_S", "0.3")
    if boot_s != "never":
        time.sleep(float(boot_s))
        _emu(port, "booted").write_text("1")
        print("INFO    | Boot completed", flush=True)
    hang()


def _settings(port: str) -> dict[str, Any]:
    """What the AVD's userdata keeps: settings tables, night mode, time zone."""
    path = _emu(port, "settings")
    data: dict[str, Any] = json.loads(path.read_text()) if path.is_file() else {}
    return data


def _save_settings(port: str, data: dict[str, Any]) -> None:
    _emu(port, "settings").write_text(json.dumps(data, sort_keys=True))


def _adb_setting(port: str, args: list[str]) -> NoReturn:
    data = _settings(port)
    if args[:2] == ["settings", "put"] or args[:2] == ["settings", "get"]:
        if args[2] not in ("system", "secure", "global"):
            done(255, err=f"Invalid namespace '{args[2]}'")
        table = data.setdefault(args[2], {})
        if args[1] == "get":
            done(0, str(table.get(args[3], "null")))
        table[args[3]] = args[4]
    elif args[:3] == ["cmd", "uimode", "night"]:
        if args[3] not in ("yes", "no", "auto"):
            done(255, err="Error: mode must be 'yes', 'no', or 'auto'")
        data["night"] = args[3]
        _save_settings(port, data)
        done(0, f"Night mode: {args[3]}")
    elif args[:3] == ["cmd", "alarm", "set-timezone"]:
        data["timezone"] = args[3]
    elif args == ["getprop", "persist.sys.timezone"]:
        done(0, data.get("timezone", ""))
    else:
        done(64, err=f"standin: adb shell {' '.join(args)} is not modelled")
    _save_settings(port, data)
    done(0)


def adb(args: list[str]) -> NoReturn:
    serial, args = args[1], args[2:]
    port = serial.removeprefix("emulator-")
    pid = _alive(port)
    installed = _emu(port, "installed")
    packages = set(installed.read_text().split()) if installed.is_file() else set()
    if args[0] == "wait-for-device":
        while _alive(port) is None:
            time.sleep(0.05)
        done(0)
    if pid is None:
        done(1, err=f"error: device '{serial}' not found")
    booted = _emu(port, "booted").is_file()
    if args == ["get-state"]:
        done(0, "device")
    if args == ["emu", "kill"]:
        os.kill(pid, signal.SIGTERM)
        done(0, "OK: killing emulator, bye bye")
    if args[:3] == ["shell", "getprop", "sys.boot_completed"]:
        done(0, "1" if booted else "\n")
    if not booted:
        done(1, err="adb: device offline")
    if args[:2] in (["shell", "settings"], ["shell", "getprop"]) or args[1:3] in (
            ["cmd", "uimode"], ["cmd", "alarm"]):
        _adb_setting(port, args[1:])
    if args[:2] == ["install", "-r"]:
        meta = json.loads((Path(args[-1]).parent / "output-metadata.json").read_text())
        installed.write_text(" ".join(sorted({*packages, meta["applicationId"]})))
        done(0, "Performing Streamed Install\nSuccess")
    package = args[-1]
    if args[:3] == ["shell", "cmd", "package"]:
        if package not in packages:
            done(0, "No activity found")
        done(0, f"priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n"
                f"{package}/.MainActivity")
    if args[:3] in (["shell", "pm", "clear"], ["shell", "am", "force-stop"]):
        if package not in packages:
            done(1, "Failed")
        done(0, "Success" if args[1] == "pm" else "")
    if args[:4] == ["shell", "am", "start", "-W"]:
        done(0, f"Starting: Intent {{ cmp={package} }}\nStatus: ok\nLaunchState: COLD\nComplete")
    done(64, err=f"standin: adb {' '.join(args)} is not modelled")


# -- builders -----------------------------------------------------------------------------

def _wrapper(path: Path, tool: str) -> None:
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{Path(__file__).resolve()}" {tool} "$@"\n')
    path.chmod(0o755)


def expo(args: list[str]) -> NoReturn:
    if args[0] != "prebuild":
        done(64, err=f"standin: expo {args[0]} is not modelled")
    platform = args[args.index("--platform") + 1]
    config = json.loads(Path("app.json").read_text())["expo"]
    name = re.sub(r"[^A-Za-z0-9]", "", config["name"])  # how prebuild names the project
    ident = (config.get("ios", {}).get("bundleIdentifier") if platform == "ios"
             else config.get("android", {}).get("package")) or f"com.anonymous.{config['slug']}"
    native = Path(platform)
    if "--clean" in args:
        shutil.rmtree(native, ignore_errors=True)
    if platform == "ios":
        (native / f"{name}.xcodeproj").mkdir(parents=True, exist_ok=True)
        (native / f"{name}.xcodeproj/project.pbxproj").write_text(
            f'PRODUCT_BUNDLE_IDENTIFIER = "{ident}";\nPRODUCT_NAME = "{name}";\n')
        (native / "Podfile").write_text(f"target '{name}' do\nend\n")
    else:
        (native / "app").mkdir(parents=True, exist_ok=True)
        (native / "app/build.gradle").write_text(
            f"android {{\n    namespace '{ident}'\n    defaultConfig {{\n"
            f"        applicationId '{ident}'\n    }}\n}}\n")
        _wrapper(native / "gradlew", "gradlew")
    done(0, f"\u203a {'Apple bundle identifier' if platform == 'ios' else 'Android package name'}: "
            f"{ident}\n✔ Created native directory\n✔ Finished prebuild")


def pod(args: list[str]) -> NoReturn:
    if args != ["install"] or not Path("Podfile").is_file():
        done(1, err="[!] No `Podfile' found in the project directory.")
    project = next(Path(".").glob("*.xcodeproj"))
    workspace = Path(f"{project.stem}.xcworkspace")
    workspace.mkdir(exist_ok=True)
    (workspace / "contents.xcworkspacedata").write_text("<Workspace/>\n")
    done(0, "Pod installation complete! There are 87 dependencies from the Podfile.")


def xcodebuild(args: list[str]) -> NoReturn:
    if args == ["-version"]:
        done(0, "Xcode 16.2\nBuild version 16C5032a")
    opt = {args[i]: args[i + 1] for i in range(len(args) - 1) if args[i].startswith("-")}
    workspace = Path(opt["-workspace"])
    if not workspace.is_dir():
        done(66, err=f"xcodebuild: error: '{workspace}' does not exist.")
    project = next(workspace.parent.glob("*.xcodeproj"))
    if opt["-scheme"] != project.stem:
        done(65, err=f'xcodebuild: error: The workspace named "{workspace.stem}" does not contain '
                     f'a scheme named "{opt["-scheme"]}".')
    ident = re.search(r'PRODUCT_BUNDLE_IDENTIFIER = "([^"]+)"',
                      (project / "project.pbxproj").read_text())
    assert ident is not None
    app = (Path(opt["-derivedDataPath"]) / "Build/Products"
           / f"{opt['-configuration']}-{opt['-sdk']}" / f"{project.stem}.app")
    app.mkdir(parents=True, exist_ok=True)
    (app / "Info.plist").write_bytes(plistlib.dumps(
        {"CFBundleIdentifier": ident[1], "CFBundleName": project.stem}, fmt=plistlib.FMT_BINARY))
    (app / project.stem).write_bytes(b"\xcf\xfa\xed\xfe")
    done(0, "** BUILD SUCCEEDED **")


def gradlew(args: list[str]) -> NoReturn:
    if "assembleRelease" not in args:
        done(1, err="FAILURE: Task not found")
    ident = re.search(r"applicationId '([^']+)'", Path("app/build.gradle").read_text())
    assert ident is not None
    outputs = Path("app/build/outputs/apk/release")
    outputs.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(outputs / "app-release.apk", "w") as apk:
        apk.writestr("AndroidManifest.xml", b"\x03\x00\x08\x00")
    (outputs / "output-metadata.json").write_text(json.dumps({
        "version": 3, "artifactType": {"type": "APK", "kind": "Directory"},
        "applicationId": ident[1], "variantName": "release",
        "elements": [{"type": "SINGLE", "filters": [], "attributes": [], "versionCode": 1,
                      "versionName": "1.0.0", "outputFile": "app-release.apk"}],
        "elementType": "File",
    }, indent=2))
    done(0, "BUILD SUCCESSFUL in 3m 12s")


def node(args: list[str]) -> NoReturn:
    if args == ["--version"]:
        done(0, os.environ.get("STANDIN_NODE_VERSION", "v22.12.0"))
    done(64, err=f"standin: node {' '.join(args)} is not modelled")


TOOLS = {"emulator": emulator, "adb": adb, "expo": expo, "pod": pod,
         "xcodebuild": xcodebuild, "gradlew": gradlew, "node": node}


def main() -> NoReturn:
    tool, args = sys.argv[1], sys.argv[2:]
    record(tool, args)
    scenario(tool, args)
    if tool == "xcrun":
        if args[:1] != ["simctl"]:
            done(64, err=f"standin: xcrun {args[:1]} is not modelled")
        simctl(args[1:])
    TOOLS[tool](args)


if __name__ == "__main__":
    main()
