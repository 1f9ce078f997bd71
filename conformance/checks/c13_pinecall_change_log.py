"""Pinecall in Python: a scripted conversation writes the same change log in the SDK as in Callboard.

For every Pinecall agent of the corpus with tools (conformance/node/pinecall-change-log.ts), the
scripted "model" of Callboard's simulator calls one new tool a step, its required arguments filled
from its schema; the same calls, by the names the Python export gives the methods, are made through
the SDK's own in-process gateway (`pinecall.testing.Gateway`: the class mounted as `pinecall start`
mounts it, a phone call started, each tool called as the model calls it). Then the change logs are
compared write by write — field, value after, author (the tool that wrote it):
- the stage's writes always (the export writes each tool's moves from the document's edges);
- every other write of a tool both sides run alike: one with no code of its own. A body in
  TypeScript is not ported to the Python export (the export's loss list says so), and a body in
  Python is answered by its mock in the simulator (the README says so): their other writes are
  not compared, and the stage moves that hang on them show as a difference declared by that loss.
"""
from __future__ import annotations

import copy
import tempfile
from pathlib import Path

from conformance.harness import Case, diff_values, node_json

TITLE = "Pinecall SDK (Python): a scripted call through the SDK's test gateway writes Callboard's change log"
NEEDS = [
    "pinecall.testing:Gateway",
    "pinecall.testing:Gateway.mount",
    "pinecall.testing:Gateway.call_started",
    "pinecall.testing:Fake.tool",
    "pinecall.bridge:Mounted.instance_of",
    "pinecall.agent:Agent.changes",
]


def compared(changes: list[dict], ported: dict[str, bool]) -> list[dict]:
    """The writes both sides make alike: the stage's, and those of a tool with no code of its own."""
    return [c for c in changes if c["field"] == "stage" or ported.get(c["author"], False)]


def comparable(agent: dict) -> tuple[list[dict], list[dict], str]:
    """The calls and Callboard's writes up to the first call of a tool whose TypeScript body the
    export does not port (what the SDK runs from there on is another body), and why it stops."""
    calls = agent["calls"]
    cut = next((i for i, c in enumerate(calls) if not agent["ported"].get(c["name"], False) and agent["language"] != "python"), None)
    if cut is None:
        return calls, agent["changes"], ""
    return calls[:cut], agent["changes"][: calls[cut]["from"]], f"from call {cut + 1} ({calls[cut]['name']}: its TypeScript body is not ported, a declared loss) on, not compared"


def sdk_changes(agent: dict, calls: list[dict], folder: Path) -> tuple[list[dict], list[str], tuple[int, str] | None]:
    """The change log the SDK writes for the agent's calls, and what it answered that was no result."""
    from pinecall.testing import Gateway, load

    for file in agent["files"]:
        path = folder / file["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(file["text"], encoding="utf-8")
    cls = load(folder / agent["files"][0]["path"])
    refused: list[str] = []
    stopped = None
    with Gateway() as gateway:
        held = gateway.mount(cls)
        call = gateway.call_started(channel="phone")
        for index, made in enumerate(calls):
            if made["name"] not in call.tools:
                refused.append(f"{made['name']}: not offered by the SDK at that point (it offers {call.tools})")
                continue
            answer = call.tool(made["name"], **made["arguments"])
            if answer.get("error") and agent["language"] == "python":
                # The class's own Python refused the scripted arguments; the simulator answers that
                # body with its mock (declared: the README's "bodies answered by mocks").
                stopped = (index, f"from call {index + 1} ({made['name']}: its Python body refused the scripted arguments — {answer['error']} — where the simulator answers with its mock, as declared) on, not compared")
                break
            if answer.get("error"):
                refused.append(f"{made['name']}: {answer['error']}")
        instance = held.instance_of(call.id)
        changes = [] if instance is None else [{"field": c.field, "after": c.after, "author": c.author} for c in instance.changes()]
    return changes, refused, stopped


def check_agent(agent: dict, folder: Path) -> Case:
    if agent["failure"]:
        return Case(f"{agent['name']}: scripted calls", False, f"Callboard's run failed: {agent['failure']}")
    calls, ours, stopped = comparable(agent)
    subject = f"{agent['name']}: {len(calls)} of {len(agent['calls'])} scripted call(s)"
    try:
        theirs, refused, refusal = sdk_changes(agent, calls, folder)
    except Exception as error:  # the export must load and run; anything else is a difference
        return Case(subject, False, f"{type(error).__name__}: {error}"[:300])
    if refusal is not None:
        cut, stopped = refusal
        ours = ours[: calls[cut]["from"]]
        subject = f"{agent['name']}: {cut} of {len(agent['calls'])} scripted call(s)"
    ours = compared(ours, agent["ported"])
    theirs = compared(theirs, agent["ported"])
    differences = [*refused, *diff_values(ours, theirs, "changes")]
    if len(ours) != len(theirs):
        differences.append(f"Callboard wrote {len(ours)} compared change(s): {[(c['field'], c['author']) for c in ours]}; "
                           f"the SDK {len(theirs)}: {[(c['field'], c['author']) for c in theirs]}")
    # The writes one side has and the other not, by author: each author's export losses may explain them.
    key = lambda c: (c["field"], repr(c["after"]), c["author"])  # noqa: E731
    apart = {c["author"] for c in ours if key(c) not in {key(t) for t in theirs}} | {c["author"] for c in theirs if key(c) not in {key(o) for o in ours}}
    explained = [f"{author}: {', '.join(agent['declared'].get(author, []))}" for author in sorted(apart) if agent["declared"].get(author)]
    if differences and not refused and apart and len(explained) == len(apart):
        detail = f"declared difference(s) only ({'; '.join(explained)})"
        return Case(subject, True, f"{detail}; {stopped}" if stopped else detail, [f"{d} (declared)" for d in differences])
    detail = f"{len(ours)} write(s) alike" if not differences else f"{len(differences)} difference(s)"
    return Case(subject, not differences, f"{detail}; {stopped}" if stopped else detail, differences)


_agents: list[dict] | None = None


def corpus() -> list[dict]:
    """Callboard's side of every scripted call, asked of its core once per run (c11 reuses it)."""
    global _agents
    if _agents is None:
        _agents = node_json("pinecall-change-log.ts", timeout=300)
    return copy.deepcopy(_agents)


def run(agents: list[dict] | None = None) -> list[Case]:
    agents = agents if agents is not None else corpus()
    cases = []
    with tempfile.TemporaryDirectory(prefix="callboard-changes-") as tmp:
        for index, agent in enumerate(agents):
            if agent["refused"]:
                continue  # c10 checks the refusal itself
            cases.append(check_agent(agent, Path(tmp) / f"a{index}"))
    return cases
