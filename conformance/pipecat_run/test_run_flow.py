"""End-to-end checks of the Pipecat Flows runner against real example flows.

Run from /work/main:
    conformance/.venv/bin/python -m conformance.pipecat_run.test_run_flow

Plain asserts, no pytest. Each scenario's full trace is written to
$PIPECAT_RUN_TRACES (default: a fresh temp dir) so the evidence can be read.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from loguru import logger

from .run_flow import run_flow

EXAMPLES = Path(__file__).resolve().parents[2] / "src/runtimes/pipecat/format/fixtures/examples"
OUT = Path(os.environ.get("PIPECAT_RUN_TRACES") or tempfile.mkdtemp(prefix="pipecat_run_"))


def example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def save(name: str, trace: dict) -> dict:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.json").write_text(json.dumps(trace, indent=2, ensure_ascii=False))
    return trace


def tools_by_call(trace: dict) -> list[tuple[str, list[str]]]:
    return [(s["node"], s["tools"]) for s in trace["steps"]]


# --------------------------------------------------------------------------- restaurant

RESTAURANT = "pipecat__restaurant_reservation.flow.yaml"
RESTAURANT_SCRIPT = [
    {"text": "Hi, welcome to Le Petit! How many people are in your party?"},
    {"tool_calls": [{"name": "collect_party_size", "arguments": {}}]},
    {"text": "What time would you like to dine?"},
    {"tool_calls": [{"name": "check_availability", "arguments": {}}]},
    {"text": "You're booked for 7pm. Anything else?"},
    {"tool_calls": [{"name": "end_conversation", "arguments": {}}]},
    {"text": "Thanks for booking, see you soon!"},
]
RESTAURANT_CALLER = ["Four people please", "7pm", "that's all"]


def restaurant_spec(status: str, state: dict) -> dict:
    return {
        "flow": example(RESTAURANT),
        "syntax": "yaml",
        "mocks": {"check_availability": {"status": status}},
        "state": state,
        "caller": RESTAURANT_CALLER,
        "model": RESTAURANT_SCRIPT,
    }


def test_restaurant_available() -> None:
    t = save("restaurant_available", run_flow(
        restaurant_spec("available", {"restaurant_name": "Le Petit", "party_size": 4})))
    assert t["errors"] == [], t["errors"]
    assert t["nodes"] == ["initial", "get_time", "confirm", "end"], t["nodes"]
    assert tools_by_call(t) == [
        ("initial", ["collect_party_size"]),  # greeting on entry
        ("initial", ["collect_party_size"]),  # caller 1 -> tool call
        ("get_time", ["check_availability"]),  # immediate run on entering get_time
        ("get_time", ["check_availability"]),  # caller 2 -> tool call
        ("confirm", ["end_conversation"]),
        ("confirm", ["end_conversation"]),
        ("end", []),
    ], tools_by_call(t)
    assert t["ended"] is True and t["end_reason"] == "end_conversation"
    assert t["final_node"] == "end"
    assert t["actions"] == [{"node": "end", "when": "post", "type": "end_conversation"}], t["actions"]
    # The end node's own LLM answer is still produced before the EndFrame lands.
    assert t["spoken"][-1] == "Thanks for booking, see you soon!", t["spoken"]
    assert not any(s.get("script_exhausted") for s in t["steps"])
    # Placeholders were filled from state.
    assert "Le Petit" in t["steps"][0]["system"]
    assert any("party of 4." in (m.get("content") or "") for m in t["steps"][2]["messages"])
    # transition_only result as the model sees it
    end_call = [c for c in t["function_calls"] if c["name"] == "end_conversation"][0]
    assert end_call["result"] == {"status": "acknowledged"}, end_call


def test_restaurant_missing_party_size() -> None:
    t = save("restaurant_missing_party_size", run_flow(
        restaurant_spec("available", {"restaurant_name": "Le Petit"})))
    # Entering get_time fails: Pipecat raises on the missing placeholder.
    assert t["nodes"] == ["initial"], t["nodes"]
    failed = [a for a in t["node_attempts"] if not a["ok"]]
    assert [a["node"] for a in failed] == ["get_time"], t["node_attempts"]
    assert "node 'get_time' uses '{{ party_size }}', which is not in state" in failed[0]["error"]
    assert t["final_node"] == "initial", t["final_node"]
    texts = " | ".join(e["error"] for e in t["errors"])
    assert "party_size" in texts, t["errors"]
    # The tool result was already in context ("COMPLETED", run_llm False): the bot
    # stays silent at `initial` until the caller speaks again.
    assert [s["node"] for s in t["steps"]][:3] == ["initial"] * 3


def test_restaurant_unavailable() -> None:
    script = RESTAURANT_SCRIPT[:4] + [{"text": "Sorry, 7pm is taken. Would 8pm work?"}]
    spec = restaurant_spec("unavailable", {"restaurant_name": "Le Petit", "party_size": 4})
    spec["model"] = script
    spec["caller"] = RESTAURANT_CALLER[:2]
    t = save("restaurant_unavailable", run_flow(spec))
    assert t["errors"] == [], t["errors"]
    assert t["nodes"] == ["initial", "get_time", "no_availability"], t["nodes"]
    assert t["steps"][-1]["node"] == "no_availability"
    assert t["steps"][-1]["tools"] == ["check_availability", "end_conversation"]
    assert t["ended"] is False and t["end_reason"] == "caller_exhausted"


def test_branch_field_missing() -> None:
    """A result without the branch field: what Pipecat tells the model."""
    spec = restaurant_spec("available", {"restaurant_name": "Le Petit", "party_size": 4})
    spec["mocks"] = {"check_availability": {"slots": ["8pm"]}}
    spec["model"] = RESTAURANT_SCRIPT[:4] + [{"text": "Let me check that again."}]
    spec["caller"] = RESTAURANT_CALLER[:2]
    t = save("restaurant_branch_field_missing", run_flow(spec))
    assert t["nodes"] == ["initial", "get_time"], t["nodes"]
    call = [c for c in t["function_calls"] if c["name"] == "check_availability"][0]
    assert call["result"]["status"] == "error", call
    assert "status" in call["result"]["error"], call
    # The error result runs the LLM again at the same node.
    assert t["steps"][-1]["node"] == "get_time" and len(t["steps"]) == 5


def test_stand_in_with_arguments() -> None:
    """A scripted argument makes the stand-in take a keyword parameter."""
    spec = restaurant_spec("available", {"restaurant_name": "Le Petit", "party_size": 4})
    spec["model"] = [RESTAURANT_SCRIPT[0],
                     {"tool_calls": [{"name": "collect_party_size", "arguments": {"size": 4}}]},
                     RESTAURANT_SCRIPT[2]]
    spec["caller"] = RESTAURANT_CALLER[:1]
    t = save("restaurant_stand_in_args", run_flow(spec))
    tool = t["steps"][0]["request"]["tools"][0]["function"]
    assert tool["parameters"]["properties"] == {"size": {}}, tool
    assert tool["parameters"]["required"] == [], tool
    call = t["function_calls"][0]
    assert call["arguments"] == {"size": 4} and call["result"] == {"size": 4}, call


# --------------------------------------------------------------------------- lead qualification

def test_lead_qualification_respond_immediately_false() -> None:
    spec = {
        "flow": example("editor__lead_qualification.yaml"),
        "syntax": "yaml",
        "state": {"company_name": "Acme"},
        "mocks": {"score_lead": {"fit": "medium"}, "send_resources": {"sent": True}},
        "caller": [
            "We need help with support tickets, team of 20",
            "Next quarter, budget is flexible",
            "Sure, it's jo@example.com",
        ],
        "model": [
            {"text": "Hi, thanks for calling Acme! What brought you to us?"},
            {"tool_calls": [{"name": "record_need",
                             "arguments": {"problem": "support tickets", "team_size": 20}}]},
            {"text": "Great. What's your timeline and budget?"},
            {"tool_calls": [{"name": "score_lead", "arguments": {}}]},
            # send_resources has respond_immediately: false -> no call here.
            {"tool_calls": [{"name": "send_resources", "arguments": {"email": "jo@example.com"}}]},
            {"text": "Thanks so much for your time today."},
        ],
    }
    t = save("lead_qualification", run_flow(spec))
    assert t["errors"] == [], t["errors"]
    assert t["nodes"] == ["discover", "qualify", "send_resources", "end"], t["nodes"]
    nodes_per_call = [s["node"] for s in t["steps"]]
    # No LLM call on entering send_resources: the next call is the caller's turn.
    assert nodes_per_call == ["discover", "discover", "qualify", "qualify",
                              "send_resources", "end"], nodes_per_call
    last_user = [m for m in t["steps"][4]["messages"] if m["role"] == "user"][-1]
    assert last_user["content"] == "Sure, it's jo@example.com", last_user
    assert t["ended"] is True
    assert [a["type"] for a in t["actions"]] == ["tts_say", "end_conversation"], t["actions"]
    assert t["actions"][0]["text"] == "Thanks again for calling. Have a great day."
    assert t["spoken"][-2:] == ["Thanks so much for your time today.",
                                "Thanks again for calling. Have a great day."], t["spoken"]


# --------------------------------------------------------------------------- patient intake (reset)

PATIENT_HANDLERS = '''
from pipecat.flows import TRANSITION_IN_YAML, FlowManager


async def verify_birthday(flow_manager: FlowManager, birthday: str):
    """Verify the caller's date of birth.

    Args:
        birthday: Date of birth as YYYY-MM-DD.
    """
    verified = birthday == "1980-01-01"
    flow_manager.state["verified"] = verified
    return {"verified": verified}, TRANSITION_IN_YAML


async def record_prescriptions(flow_manager: FlowManager, prescriptions: list[str]):
    """Record the caller's prescriptions.

    Args:
        prescriptions: Medication and dosage, one per entry.
    """
    flow_manager.state["prescriptions"] = prescriptions
    return {"count": len(prescriptions)}, TRANSITION_IN_YAML


async def record_allergies(flow_manager: FlowManager, allergies: list[str]):
    """Record allergies."""
    return None, TRANSITION_IN_YAML


async def record_conditions(flow_manager: FlowManager):
    """Record conditions."""
    return None, TRANSITION_IN_YAML


async def record_visit_reasons(flow_manager: FlowManager):
    """Record visit reasons."""
    return None, TRANSITION_IN_YAML


async def revise_information(flow_manager: FlowManager):
    """Go back and revise."""
    return None, TRANSITION_IN_YAML


async def confirm_information(flow_manager: FlowManager):
    """Confirm."""
    return None, TRANSITION_IN_YAML


async def complete_intake(flow_manager: FlowManager):
    """Complete."""
    return None, TRANSITION_IN_YAML
'''


def test_patient_intake_context_reset() -> None:
    spec = {
        "flow": example("editor__patient_intake.yaml"),
        "syntax": "yaml",
        "handlers": PATIENT_HANDLERS,
        # Mock overrides a real handler; its signature (and schema) is kept.
        "mocks": {"record_allergies": {"recorded": True}},
        "state": {"practice_name": "Tri-County Health", "patient_name": "Chad"},
        "caller": ["January 1st 1990", "Sorry, January 1st 1980", "Lisinopril 10mg",
                   "Penicillin"],
        "model": [
            {"text": "Hi Chad, I'm Jessica. What's your date of birth?"},
            {"tool_calls": [{"name": "verify_birthday", "arguments": {"birthday": "1990-01-01"}}]},
            {"text": "That doesn't match. Could you try again?"},
            {"tool_calls": [{"name": "verify_birthday", "arguments": {"birthday": "1980-01-01"}}]},
            {"text": "Thanks for confirming that. What prescriptions are you taking?"},
            {"tool_calls": [{"name": "record_prescriptions",
                             "arguments": {"prescriptions": ["Lisinopril 10mg"]}}]},
            {"text": "Any allergies?"},
            {"tool_calls": [{"name": "record_allergies", "arguments": {"allergies": ["Penicillin"]}}]},
            {"text": "Any medical conditions?"},
        ],
    }
    t = save("patient_intake", run_flow(spec))
    assert t["errors"] == [], t["errors"]
    assert t["nodes"] == ["start", "get_prescriptions", "get_allergies", "get_conditions"], t["nodes"]
    steps = t["steps"]
    # Wrong birthday: no case matches and there is no default -> stay, LLM runs again.
    assert [s["node"] for s in steps[:4]] == ["start"] * 4
    assert t["function_calls"][0]["result"] == {"verified": False}
    # Schema derived from the real handler's signature and docstring.
    vb = steps[0]["request"]["tools"][0]["function"]
    assert vb["parameters"]["properties"]["birthday"]["type"] == "string", vb
    assert vb["parameters"]["required"] == ["birthday"], vb
    # Entering get_prescriptions (context_strategy: reset): only its task message remains.
    reset_step = steps[4]
    assert reset_step["node"] == "get_prescriptions"
    assert [m["role"] for m in reset_step["messages"]] == ["developer"], reset_step["messages"]
    # The role message from `start` persists as the system instruction.
    assert reset_step["system"].startswith("You are Jessica, an agent for Tri-County Health.")
    # get_allergies appends again (default strategy) onto the reset context.
    allergies_step = steps[6]
    assert allergies_step["node"] == "get_allergies"
    assert allergies_step["messages"][0] == reset_step["messages"][0]
    rec = [c for c in t["function_calls"] if c["name"] == "record_allergies"][0]
    assert rec["result"] == {"recorded": True}, rec
    assert t["state"]["prescriptions"] == ["Lisinopril 10mg"]


# --------------------------------------------------------------------------- action ordering

# A synthetic flow (no example has pre_actions or deferred post_actions):
# tts_say before and after the LLM, a respond_immediately: false node with a
# deferred post-action, a role_message change with a context reset, and an
# end_conversation carrying goodbye text.
ACTIONS_FLOW = """
initial_node: a
nodes:
  a:
    role_message: Role A for {{ who }}.
    task_messages:
      - role: developer
        content: Task A.
    pre_actions:
      - type: tts_say
        text: Pre A.
    post_actions:
      - type: tts_say
        text: Post A.
    functions:
      - name: go
        transition_only: true
        description: Go to b.
        transition_to: b
  b:
    task_messages:
      - role: system
        content: Task B.
    respond_immediately: false
    pre_actions:
      - type: tts_say
        text: Pre B.
    post_actions:
      - type: tts_say
        text: Post B.
    functions:
      - name: finish
        transition_only: true
        description: Finish.
        transition_to: c
  c:
    role_message: Role C.
    context_strategy: reset
    task_messages:
      - role: user
        content: Task C.
    post_actions:
      - type: end_conversation
        text: Bye from C.
"""


def test_action_ordering() -> None:
    spec = {
        "flow": ACTIONS_FLOW,
        "syntax": "yaml",
        "state": {"who": "Sam"},
        "caller": ["go please", "what now", "finish it", "never sent"],
        "model": [
            {"text": "Hello from A."},
            {"text": "Sure, going.", "tool_calls": [{"name": "go", "arguments": {}}]},
            {"text": "B answer."},
            {"tool_calls": [{"name": "finish", "arguments": {}}]},
            {"text": "C answer."},
        ],
    }
    t = save("action_ordering", run_flow(spec))
    assert t["errors"] == [], t["errors"]
    assert t["nodes"] == ["a", "b", "c"], t["nodes"]
    assert [(a["node"], a["when"], a["type"]) for a in t["actions"]] == [
        ("a", "pre", "tts_say"), ("a", "post", "tts_say"),
        ("b", "pre", "tts_say"), ("b", "post_deferred", "tts_say"),
        ("c", "post", "end_conversation"),
    ], t["actions"]
    assert t["spoken"] == ["Pre A.", "Hello from A.", "Post A.", "Sure, going.", "Pre B.",
                           "B answer.", "Post B.", "C answer.", "Bye from C."], t["spoken"]
    steps = t["steps"]
    # Pre-action speech is in context (as assistant) before the node's task messages.
    assert steps[0]["messages"] == [{"role": "assistant", "content": "Pre A."},
                                    {"role": "developer", "content": "Task A."}]
    # Entering b (respond_immediately: false): no LLM call until the caller speaks.
    assert [s["node"] for s in steps] == ["a", "a", "b", "b", "c"]
    assert steps[2]["messages"][-3:] == [{"role": "assistant", "content": "Pre B."},
                                         {"role": "system", "content": "Task B."},
                                         {"role": "user", "content": "what now"}]
    # b has no role_message: a's persists. c sets its own and resets the context.
    assert steps[2]["system"].startswith("Role A for Sam.")
    assert steps[4]["system"] == "Role C."
    assert steps[4]["messages"] == [{"role": "user", "content": "Task C."}]
    assert t["ended"] is True and t["caller_unused"] == ["never sent"]


def test_cli_json_syntax() -> None:
    """The CLI prints the trace JSON on stdout; the flow may be given as JSON."""
    import subprocess

    import yaml

    spec = restaurant_spec("available", {"restaurant_name": "Le Petit", "party_size": 4})
    spec["flow"] = json.dumps(yaml.safe_load(spec["flow"]))
    spec["syntax"] = "json"
    spec["caller"] = RESTAURANT_CALLER[:1]
    spec["model"] = RESTAURANT_SCRIPT[:3]
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "cli_spec.json"
    path.write_text(json.dumps(spec))
    proc = subprocess.run(
        [sys.executable, "-m", "conformance.pipecat_run.run_flow", str(path)],
        cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    t = save("cli_json", json.loads(proc.stdout))
    assert t["nodes"] == ["initial", "get_time"], t["nodes"]
    assert t["end_reason"] == "caller_exhausted" and t["ended"] is False


TESTS = [
    test_restaurant_available,
    test_restaurant_missing_party_size,
    test_restaurant_unavailable,
    test_branch_field_missing,
    test_stand_in_with_arguments,
    test_lead_qualification_respond_immediately_false,
    test_patient_intake_context_reset,
    test_action_ordering,
    test_cli_json_syntax,
]


def main() -> int:
    logger.remove()
    logger.add(sys.stderr, level=os.environ.get("PIPECAT_RUN_LOG_LEVEL", "ERROR"))
    failed = 0
    for test in TESTS:
        try:
            test()
            print(f"PASS {test.__name__}")
        except AssertionError as e:
            failed += 1
            print(f"FAIL {test.__name__}: {e}")
    print(f"traces in {OUT}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
