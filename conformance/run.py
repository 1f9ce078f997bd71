"""Runs every check of conformance/checks/ in order, prints a table per check and a total.

Exit status 1 when any case fails, or when the package check fails (then nothing else runs: the
other checks would only fail on the missing names it already reported).
Usage: conformance/run.sh [name-filter]
"""
from __future__ import annotations

import importlib
import pkgutil
import sys
import time
import traceback

import conformance.checks as package
from conformance.harness import Case


def table(title: str, cases: list[Case]) -> str:
    width = min(72, max([len(c.subject) for c in cases] + [7]))
    lines = [f"\n{title}", f"  {'result':6}  {'subject':{width}}  detail", f"  {'-' * 6}  {'-' * width}  {'-' * 20}"]
    for case in cases:
        lines.append(f"  {'pass' if case.passed else 'FAIL':6}  {case.subject:{width}}  {case.detail}")
        lines.extend(f"          {'':{width}}  - {d}" for d in case.differences[:20])
        if len(case.differences) > 20:
            lines.append(f"          {'':{width}}  … and {len(case.differences) - 20} more")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    wanted = argv[1] if len(argv) > 1 else ""
    modules = sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name)
    totals = {"pass": 0, "fail": 0}
    for info in modules:
        if wanted and info.name != "c00_packages" and wanted not in info.name:
            continue
        started = time.monotonic()
        module = importlib.import_module(f"conformance.checks.{info.name}")
        try:
            cases = module.run()
        except Exception:  # a check that crashes is a failed check, shown with its traceback
            cases = [Case(info.name, False, "the check crashed", traceback.format_exc().splitlines()[-12:])]
        print(table(f"{module.TITLE}  ({info.name}, {time.monotonic() - started:.1f} s)", cases))
        totals["pass"] += sum(c.passed for c in cases)
        totals["fail"] += sum(not c.passed for c in cases)
        if info.name == "c00_packages" and any(not c.passed for c in cases):
            print("\nconformance: the packages do not have what the checks call; stopping here.")
            return 1
    print(f"\nconformance: {totals['pass']} passed, {totals['fail']} failed")
    return 1 if totals["fail"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
