"""The installed runtime packages still have every function the other checks call."""
from __future__ import annotations

import importlib
import pkgutil
from importlib.metadata import version

from conformance.harness import Case

TITLE = "The pinned packages still have what the harness calls"
NEEDS: list[str] = []

PINNED = {"pinecall": "0.11.24", "pipecat-ai": "1.14.0"}


def resolve(need: str) -> object:
    module_name, _, attribute = need.partition(":")
    target: object = importlib.import_module(module_name)
    for part in filter(None, attribute.split(".")):
        target = getattr(target, part)
    return target


def other_checks():
    import conformance.checks as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name != "c00_packages":
            yield info.name, importlib.import_module(f"conformance.checks.{info.name}")


def run() -> list[Case]:
    cases = []
    for distribution, pinned in PINNED.items():
        installed = version(distribution)
        cases.append(Case(f"{distribution} {installed}", installed == pinned,
                          "" if installed == pinned else f"requirements.txt pins {pinned}; the venv has {installed}: run conformance/setup.sh"))
    for name, module in other_checks():
        for need in getattr(module, "NEEDS", []):
            try:
                resolve(need)
                cases.append(Case(f"{name}: {need}", True))
            except (ImportError, AttributeError) as error:
                cases.append(Case(f"{name}: {need}", False,
                                  f"the installed package no longer has it ({error}); an upgrade moved it — read the new source and update {name}.py"))
    return cases
