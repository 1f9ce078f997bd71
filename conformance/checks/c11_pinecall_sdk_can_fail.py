"""The Pinecall check can fail: a deliberately wrong Callboard rule makes c10 fail, naming the difference.

Each wrong rule here rewrites Callboard's side of the corpus as that rule would have written it —
an `int` parameter's schema sent as `number`; a tool with `confirm` declared `read`; the simulator
leaving a tool's `announce` out, or the framework's `<protocols>` out of the prompt; a kept Jinja
view rendered with None printed as nothing (as a JavaScript Jinja prints it); a change log
crediting a stage move to the edge rather than the tool (run through c13) — and runs the
c10 check on it against the real SDK. This check passes only when c10 then fails on the rows that
rule touches, with a difference that names the field, Callboard's value and the runtime's.
"""
from __future__ import annotations

from collections.abc import Callable

from conformance.checks import c10_pinecall_sdk as c10
from conformance.checks import c13_pinecall_change_log as c13
from conformance.harness import Case

TITLE = "A wrong Callboard rule makes the Pinecall SDK check fail"
NEEDS: list[str] = []


def rewrite(value: object, change: Callable[[dict], None]) -> None:
    """Applies `change` to every JSON object inside `value`, depth first."""
    if isinstance(value, dict):
        for inner in value.values():
            rewrite(inner, change)
        change(value)
    elif isinstance(value, list):
        for inner in value:
            rewrite(inner, change)


def int_as_number(schema: dict) -> None:
    if schema.get("type") == "integer":
        schema["type"] = "number"


def confirm_is_read(spec: dict) -> None:
    if "confirm" in spec and spec.get("side_effect") == "irreversible":
        spec["side_effect"] = "read"


def announce_dropped(spec: dict) -> None:
    spec.pop("announce", None)


def protocols_dropped(prompt: dict) -> None:
    """The prompt as a simulator that left the framework's <protocols> block out would send it."""
    if "identity" in prompt and "<protocols>" in prompt["identity"]:
        parts = [p for p in prompt["identity"].split("\n\n") if not p.startswith("<protocols>")]
        prompt["identity"] = "\n\n".join(parts)
        prompt["system"] = "\n\n".join(p for p in (prompt["identity"], prompt.get("knowledge", ""), prompt["tools"]) if p)


def wrong_rule(name: str, change: Callable[[dict], None], wanted: str, sides=("predicted", "simulated")) -> Case:
    """Runs c10 on the corpus as the wrong rule writes it; passes when c10 fails naming `wanted`."""
    agents = c10.corpus()
    touched = 0
    for agent in agents:
        for side in sides:
            before = repr(agent[side])
            rewrite(agent[side], change)
            touched += repr(agent[side]) != before
    if touched == 0:
        return Case(name, False, "the corpus has nothing this rule changes: the check cannot show it fails")
    failed = [case for case in c10.run(agents) if not case.passed]
    named = [f"{case.subject}: {d}" for case in failed for d in case.differences if wanted in d]
    ok = bool(named)
    return Case(name, ok, f"c10 fails {len(failed)} row(s)" if ok else "c10 did not fail on it", named[:3] if ok else [])


def none_as_nothing(text: str) -> str:
    return text.replace("None", "")


def kept_views_print_none_as_nothing() -> Case:
    """A simulator that rendered a Python class's kept Jinja view printing None as nothing (where the
    SDK prints `None`): c10 must fail on the views it changes, in the prompts, the fixture's states
    and the fixture's templates."""
    name = "a kept Jinja view printed with None as nothing"
    agents, views = c10.corpus(), c10.templates()
    touched = 0
    for agent in agents:
        for prompt in agent["prompts"]:
            if prompt.get("keptView") and "None" in prompt["view"]:
                wrong = none_as_nothing(prompt["view"])
                prompt["view"] = wrong
                touched += 1
        for entry in agent.get("views", []):
            if "None" in entry["ours"].get("text", ""):
                entry["ours"]["text"] = none_as_nothing(entry["ours"]["text"])
                touched += 1
    for case in views:
        if "None" in case["ours"].get("text", ""):
            case["ours"]["text"] = none_as_nothing(case["ours"]["text"])
            touched += 1
    if touched == 0:
        return Case(name, False, "no kept view prints None: the check cannot show it fails")
    failed = [case for case in c10.run(agents, views) if not case.passed]
    named = [f"{case.subject}: {d}" for case in failed for d in case.differences if "view: Callboard" in d]
    return Case(name, bool(named), f"c10 fails {len(failed)} row(s) ({touched} views changed)" if named else "c10 did not fail on it", named[:3])


def stage_moves_credited_to_the_edge() -> Case:
    """A simulator that wrote a stage move as the edge's, not the tool's: c13 must fail on it."""
    name = "the change log credits a stage move to the edge, not to the tool"
    agents = c13.corpus()
    touched = 0
    for agent in agents:
        for change in agent["changes"]:
            if change["field"] == "stage":
                change["author"] = "edge"
                touched += 1
    if touched == 0:
        return Case(name, False, "the corpus writes no stage move: the check cannot show it fails")
    failed = [case for case in c13.run(agents) if not case.passed]
    named = [f"{case.subject}: {d}" for case in failed for d in case.differences if '"author": "edge"' in d]
    return Case(name, bool(named), f"c13 fails {len(failed)} row(s)" if named else "c13 did not fail on it", named[:3])


def run() -> list[Case]:
    return [
        wrong_rule("an int parameter sent as number", int_as_number, 'Callboard "number" ≠ runtime "integer"'),
        wrong_rule("a tool with confirm declared read", confirm_is_read, 'side_effect: Callboard "read" ≠ runtime "irreversible"'),
        wrong_rule("the simulator leaves a tool's announce out", announce_dropped, "announce: Callboard null ≠ runtime", sides=("simulated",)),
        wrong_rule("the simulator's prompt leaves the framework's protocols out", protocols_dropped, "identity: Callboard", sides=("prompts",)),
        kept_views_print_none_as_nothing(),
        stage_moves_credited_to_the_edge(),
    ]
