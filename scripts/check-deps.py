#!/usr/bin/env python3
"""Checks that every target of Package.swift declares exactly the package modules its
sources import (`make lint`). Reads the manifest through `swift package dump-package`.

Usage: scripts/check-deps.py [PACKAGE_DIR]
Exit 0 when they match; 1 with one line per mismatch otherwise. A module reached only
through another target must still be declared where it is imported, and a declared
dependency that nothing imports is reported too."""
import json
import os
import re
import subprocess
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
manifest = json.loads(subprocess.run(["swift", "package", "--package-path", root, "dump-package"],
                                     check=True, capture_output=True, text=True).stdout)
own = {t["name"] for t in manifest["targets"]}
import_line = re.compile(
    r"^\s*(?:@testable\s+|@preconcurrency\s+|@_implementationOnly\s+)*import\s+"
    r"(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?([A-Za-z0-9_]+)", re.M)


def folder(target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    return os.path.join(root, "Tests" if target["type"] == "test" else "Sources", target["name"])


def declared(target):
    names = set()
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.add(dep[kind][0])
    return names & own


problems = []
for target in manifest["targets"]:
    if target["type"] == "system":
        continue
    imported = set()
    for directory, _, files in os.walk(folder(target)):
        if "Fixtures" in directory.split(os.sep):
            continue
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(directory, name), encoding="utf-8") as f:
                    imported |= set(import_line.findall(f.read()))
    imported = (imported & own) - {target["name"]}
    deps = declared(target)
    problems += [f"{target['name']}: imports {n} but does not declare it" for n in sorted(imported - deps)]
    problems += [f"{target['name']}: declares {n} but never imports it" for n in sorted(deps - imported)]

for line in problems:
    print(f"check-deps: {line}", file=sys.stderr)
sys.exit(1 if problems else 0)
