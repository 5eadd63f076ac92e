#!/usr/bin/env python3
# test-data-flatpak.py - the Flatpak manifest parses and names the app
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-data-flatpak.py MANIFEST APP_ID COMMAND
#
# Checks that the manifest is JSON, that its id and command are the app's,
# that it builds on the GNOME runtime with meson, and that the sandbox
# holds what a GTK app needs (a display socket, IPC, GPU).

import json
import sys


def fail(message):
    print(f"test-data-flatpak: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 4:
        fail("usage: test-data-flatpak.py MANIFEST APP_ID COMMAND")
    path, app_id, command = sys.argv[1:]

    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(f"{path}: {e}")

    if not isinstance(manifest, dict):
        fail(f"{path}: the manifest is not a JSON object")

    found_id = manifest.get("id", manifest.get("app-id"))
    if found_id != app_id:
        fail(f"{path}: id is {found_id!r}, expected {app_id!r}")
    if manifest.get("command") != command:
        fail(f"{path}: command is {manifest.get('command')!r}, expected {command!r}")
    if manifest.get("runtime") != "org.gnome.Platform":
        fail(f"{path}: runtime is {manifest.get('runtime')!r}, expected 'org.gnome.Platform'")
    if manifest.get("sdk") != "org.gnome.Sdk":
        fail(f"{path}: sdk is {manifest.get('sdk')!r}, expected 'org.gnome.Sdk'")

    finish_args = manifest.get("finish-args")
    if not isinstance(finish_args, list) or not finish_args:
        fail(f"{path}: no finish-args")
    for needed in ("--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri"):
        if needed not in finish_args:
            fail(f"{path}: finish-args lack {needed}")

    modules = manifest.get("modules")
    if not isinstance(modules, list) or not modules:
        fail(f"{path}: no modules")
    app_module = modules[-1]
    if not isinstance(app_module, dict) or app_module.get("buildsystem") != "meson":
        fail(f"{path}: the last module does not build with meson")
    if not app_module.get("sources"):
        fail(f"{path}: the app module has no sources")

    # flatpak-builder refuses a downloaded file or archive without its
    # checksum, and a git source needs a tag or commit to be repeatable.
    for module in modules:
        if not isinstance(module, dict):
            fail(f"{path}: a module is not an object")
        for source in module.get("sources", []):
            kind = source.get("type") if isinstance(source, dict) else None
            where = f"{path}: module {module.get('name')!r}"
            if kind in ("file", "archive") and "url" in source:
                digest = source.get("sha256", "")
                if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
                    fail(f"{where}: {source['url']} has no sha256")
            elif kind == "git" and not (source.get("tag") or source.get("commit")):
                fail(f"{where}: git source {source.get('url')!r} has neither tag nor commit")

    print(f"test-data-flatpak: {path}: {app_id}, command {command}, "
          f"{len(finish_args)} finish-args")


if __name__ == "__main__":
    main()
