"""Pipecat Flows: a text-only run through Pipecat's own FlowManager follows Callboard's engine.

For each of Pipecat's example flows, Callboard's engine walks its happy path on the offline model
(conformance/node/pipecat-run.ts: the caller lines, mocks and state written for it without reading
the simulator). The very same model answers are then given, in order, to Pipecat 1.14.0 itself —
FlowConfig, Flow, FlowManager, the OpenAI LLM service and its context aggregators, driven text-only
by conformance/pipecat_run with a mock OpenAI-compatible server on 127.0.0.1 — with the same caller
lines, mocks and state. Compared: every model call's node and the functions offered there, in
order; the nodes entered; whether the call ended. Last, Pipecat is given a wrong answer on purpose
and the comparison must fail.
"""
from __future__ import annotations

import copy

from conformance.harness import Case, diff_values, node_json

TITLE = "Pipecat Flows: Pipecat's own FlowManager, given Callboard's model answers, goes where Callboard's engine went"
NEEDS = [
    "pipecat.flows:FlowConfig.from_yaml",
    "pipecat.flows:Flow",
    "pipecat.flows:FlowManager",
    "pipecat.flows.manager:FlowManager._set_node",
    "pipecat.services.openai.llm:OpenAILLMService",
    "pipecat.processors.aggregators.llm_response_universal:LLMContextAggregatorPair",
    "pipecat.pipeline.pipeline:Pipeline",
]


def pipecat_side(flow: dict, model: list[dict] | None = None) -> dict:
    """What Pipecat does with the flow, the caller lines and the model answers Callboard's run had."""
    from conformance.pipecat_run.run_flow import run_flow

    spec = {
        "flow": flow["text"], "syntax": "yaml", "mocks": flow["mocks"], "state": flow["state"],
        "caller": flow["caller"],
        "model": model if model is not None else [{k: v for k, v in c["answer"].items() if v} for c in flow["calls"]],
    }
    trace = run_flow(spec)
    return {
        "calls": [{"node": s.get("node"), "tools": s.get("tools", [])} for s in trace["steps"]],
        "nodes": trace["nodes"],
        "ended": trace["ended"],
        "errors": trace.get("errors", []),
    }


def callboard_side(flow: dict) -> dict:
    return {"calls": [{"node": c["node"], "tools": c["tools"]} for c in flow["calls"]], "nodes": flow["nodes"], "ended": flow["ended"]}


def compare(flow: dict, theirs: dict) -> list[str]:
    ours = callboard_side(flow)
    differences = list(diff_values(ours["calls"], theirs["calls"], "model calls"))
    if len(ours["calls"]) != len(theirs["calls"]):
        differences.append(f"Callboard made {len(ours['calls'])} model call(s) {[(c['node'], c['tools']) for c in ours['calls']]}; "
                           f"Pipecat {len(theirs['calls'])}: {[(c['node'], c['tools']) for c in theirs['calls']]}")
    differences += list(diff_values(ours["nodes"], theirs["nodes"], "nodes entered"))
    if ours["nodes"] != theirs["nodes"] and len(ours["nodes"]) != len(theirs["nodes"]):
        differences.append(f"nodes entered: Callboard {ours['nodes']}, Pipecat {theirs['nodes']}")
    if ours["ended"] != theirs["ended"]:
        differences.append(f"ended: Callboard {ours['ended']}, Pipecat {theirs['ended']}")
    return differences


_flows: list[dict] | None = None


def flows() -> list[dict]:
    global _flows
    if _flows is None:
        _flows = node_json("pipecat-run.ts", timeout=300)
    return copy.deepcopy(_flows)


def run() -> list[Case]:
    cases = []
    all_flows = flows()
    for flow in all_flows:
        subject = f"{flow['flow']}: {len(flow['calls'])} model call(s) through {' → '.join(flow['nodes'])}"
        try:
            theirs = pipecat_side(flow)
        except Exception as error:  # Pipecat must run the flow; anything else is a difference
            cases.append(Case(subject, False, f"{type(error).__name__}: {error}"[:300]))
            continue
        differences = compare(flow, theirs)
        cases.append(Case(subject, not differences, "the same nodes and functions at every call" if not differences else f"{len(differences)} difference(s)", differences))
    # Self-test: the first tool call of a flow taken out of Pipecat's answers must show as a difference.
    victim = next((f for f in all_flows if any(c["answer"]["tool_calls"] for c in f["calls"])), None)
    if victim is not None:
        wrong = [{k: v for k, v in c["answer"].items() if v} for c in victim["calls"]]
        first = next(i for i, c in enumerate(victim["calls"]) if c["answer"]["tool_calls"])
        wrong[first] = {"text": "Sorry, could you say that again?"}
        differences = compare(victim, pipecat_side(victim, wrong))
        cases.append(Case(f"self-test: {victim['flow']} with its first function call taken out fails the comparison", bool(differences), f"{len(differences)} difference(s) found"))
    return cases
