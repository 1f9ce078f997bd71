"""What every conformance check is made of: named cases, each passing or failing with a reason.

A check module in conformance/checks/ defines:

    NEEDS: list[str]       # "package.module:attribute" the check calls in the real runtime
    TITLE: str             # one line, shown above its table
    def run() -> list[Case]

The first check (checks/c00_packages.py) resolves every module's NEEDS before anything runs, so an
upgrade that moved a function fails with that function's name, not with a traceback mid-check.
"""
from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Case:
    """One compared thing: an agent's tool spec, a flow's load, a scripted run."""

    subject: str
    passed: bool
    detail: str = ""
    differences: list[str] = field(default_factory=list)


def same(subject: str, ours: object, theirs: object, what: str = "value") -> Case:
    """A case that passes when Callboard's value equals the runtime's, naming each difference."""
    differences = list(diff_values(ours, theirs, what))
    return Case(subject, not differences, "" if not differences else f"{len(differences)} difference(s)", differences)


def diff_values(ours: object, theirs: object, path: str):
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in sorted(set(ours) | set(theirs), key=str):
            if key not in theirs:
                yield f"{path}.{key}: Callboard has {short(ours[key])}, the runtime has nothing"
            elif key not in ours:
                yield f"{path}.{key}: the runtime has {short(theirs[key])}, Callboard has nothing"
            else:
                yield from diff_values(ours[key], theirs[key], f"{path}.{key}")
    elif isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        for index, (a, b) in enumerate(zip(ours, theirs)):
            yield from diff_values(a, b, f"{path}[{index}]")
    elif ours != theirs:
        yield f"{path}: Callboard {short(ours)} ≠ runtime {short(theirs)}"


def short(value: object, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def callboard(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Runs Callboard's own CLI (bin/callboard.mjs), the same code the app runs, on this checkout."""
    return subprocess.run(
        ["node", str(ROOT / "bin" / "callboard.mjs"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1"},
    )


def node_json(script: str, *args: str, timeout: float = 120) -> object:
    """Runs a TypeScript script of conformance/node/ with tsx and reads the JSON it prints: how a
    check asks Callboard's pure core for what it would send (tool specs, prompts, exports)."""
    result = subprocess.run(
        ["npx", "tsx", str(ROOT / "conformance" / "node" / script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    if result.returncode != 0:
        raise RuntimeError(f"{script} failed ({result.returncode}):\n{result.stderr[-4000:]}")
    return json.loads(result.stdout)
