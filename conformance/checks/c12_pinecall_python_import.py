"""Pinecall in Python, the other way in: a class its team wrote by hand reads in Callboard as the SDK reads it.

For each hand-written class (the tuned part of test/fixtures/pinecall/python-corpus, written blind
and loaded by the SDK as written, and the e2e's python-folder; conformance/node/pinecall-python-import.ts
imports them), loaded as the SDK's CLI loads it (`pinecall.testing.load`):
- a class Callboard refuses, the SDK refuses with the same message; one it imports, the SDK loads;
- the stages, the opening stage and the tool specs the SDK builds equal what Callboard reads and sends;
- each scripted call (nothing, an unknown argument, then each argument wrong in a dozen ways) is
  refused by the SDK's argument check (pydantic's) with Callboard's message, or passes with the
  values converted as Callboard converts them.
The corpus's held-out part is not checked here: scripts/python-corpus.ts measures it.
"""
from __future__ import annotations

from pathlib import Path

from conformance.harness import Case, node_json, same

TITLE = "Pinecall SDK (Python): hand-written classes read in Callboard as the SDK reads them, arguments checked alike"
NEEDS = [
    "pinecall.testing:load",
    "pinecall.agent:Agent.tools",
    "pinecall._spec:validated",
    "pinecall.errors:DeclarationRefused",
    "pinecall.errors:ToolFailed",
]


def check_agent(agent: dict) -> list[Case]:
    from pinecall._spec import validated
    from pinecall.errors import DeclarationRefused, ToolFailed
    from pinecall.testing import load

    name = agent["name"]
    try:
        cls = load(Path(agent["path"]))
    except DeclarationRefused as refused:
        ours = [e.split(" ", 1)[1] for e in agent["errors"]]
        return [Case(f"{name}: refused", str(refused) in ours, "", [] if str(refused) in ours else [f"the SDK says: {refused}", f"Callboard says: {ours}"])]
    if agent["errors"]:
        return [Case(f"{name}: loads", False, "Callboard refuses a class the SDK loads", agent["errors"])]
    stages = list(cls._pinecall_fields.stages or [])
    opening = cls._pinecall_fields.declared["stage"].default if stages else None
    cases = [
        Case(f"{name}: loads", True),
        same(f"{name}: stages and opening", {"stages": agent["stages"], "opening": agent["opening"]}, {"stages": stages, "opening": opening}),
        same(f"{name}: tool specs", agent["predicted"], [spec.model_dump(exclude_none=True) for spec in cls().tools()], "tools"),
    ]
    differences = []
    for call in agent["calls"]:
        declared = cls._pinecall_tools[call["tool"]]
        try:
            converted = validated(call["tool"], declared.arguments, call["arguments"])
            theirs = {"message": None, "converted": converted}
        except ToolFailed as failed:
            theirs = {"message": str(failed), "converted": None}
        ours = {"message": call["message"], "converted": call["converted"]}
        if ours != theirs:
            differences.append(f"{call['tool']}({call['arguments']}): Callboard {ours}, SDK {theirs}")
    cases.append(Case(f"{name}: {len(agent['calls'])} scripted calls checked alike", not differences,
                      "" if not differences else f"{len(differences)} difference(s)", differences[:20]))
    return cases


def run() -> list[Case]:
    cases: list[Case] = []
    for agent in node_json("pinecall-python-import.ts", timeout=300):
        cases.extend(check_agent(agent))
    return cases
