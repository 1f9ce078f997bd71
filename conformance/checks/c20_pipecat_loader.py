"""Pipecat Flows' own loader and schema derivation on what Callboard reads and writes.

For each example flow (src/runtimes/pipecat/format/fixtures/examples): Pipecat's verdict on the file equals
Callboard's (no error ⇔ it loads), Callboard's YAML and JSON exports load to the same FlowConfig,
every branch table holds the cases Pipecat holds, and for the handlers.py Callboard writes for the
flow, the schema Pipecat derives from each function equals the one Callboard reads, and
`Flow(config, handlers=…)` binds exactly when Callboard finds no reference problem. For each
deliberately broken flow: Pipecat's errors (location, type, message) equal Callboard's, in order. For every agent
of the repository's examples and offline corpus written as a Pipecat flow (a Pinecall or Block Agent
team's conversion), Pipecat loads the flow, binds it to the handlers.py written beside it, and
derives the schemas Callboard reads from it.
Last, the comparisons are fed a wrong answer on purpose and must fail.
"""
from __future__ import annotations

import copy
import importlib.util
import json
import sys
import tempfile
from pathlib import Path

from conformance.harness import Case, node_json, same

TITLE = "Pipecat Flows loads what Callboard writes, refuses what Callboard refuses, and derives the same tool schemas"
NEEDS = [
    "pipecat.flows:FlowConfig.from_yaml",
    "pipecat.flows:FlowConfig.from_json",
    "pipecat.flows:FlowConfig.model_dump",
    "pipecat.flows:Flow",
    "pipecat.flows.exceptions:FlowReferenceError",
    "pipecat.flows.types:FlowsDirectFunctionWrapper.to_function_schema",
    "pipecat.adapters.llm.schemas.function_schema:FunctionSchema.to_default_dict",
    "pydantic:ValidationError",
]


def pipecat_verdict(text: str, syntax: str = "yaml") -> dict:
    """What Pipecat's loader says of a text: loads, or the errors it raises (Pydantic's list, or the one ValueError)."""
    from pydantic import ValidationError

    from pipecat.flows import FlowConfig

    try:
        config = FlowConfig.from_yaml(text) if syntax == "yaml" else FlowConfig.from_json(text)
    except ValidationError as error:
        return {"loads": False, "errors": [{"loc": [str(part) for part in e["loc"]], "code": e["type"], "message": e["msg"]} for e in error.errors()]}
    except ValueError as error:
        return {"loads": False, "errors": [{"loc": [], "code": "value_error", "message": str(error)}]}
    branches = []
    for name, node in config.nodes.items():
        for index, function in enumerate(node.functions):
            target = function.transition_to
            if target is not None and not isinstance(target, str):
                branches.append({"node": name, "index": index, "cases": dict(target.cases), "default": target.default})
    return {"loads": True, "errors": [], "config": config, "branches": branches}


def callboard_errors_as_pipecat_reports(verdict: dict) -> list[dict]:
    """Callboard's errors as Pipecat raises them: every schema error, or else only the first graph error."""
    errors = verdict["errors"]
    schema = [e for e in errors if e["stage"] in ("read", "schema")]
    chosen = schema if schema else [e for e in errors if e["stage"] == "graph"][:1]
    return [{"loc": [] if e["stage"] == "graph" else [str(part) for part in e["loc"]], "code": e["code"], "message": e["message"]} for e in chosen]


def compare_verdict(subject: str, ours: dict, theirs: dict) -> Case:
    """Pipecat's verdict and errors against Callboard's."""
    mine = {"loads": ours["loads"], "errors": callboard_errors_as_pipecat_reports(ours)}
    return same(subject, mine, {"loads": theirs["loads"], "errors": theirs["errors"]}, "verdict")


def compare_schema(subject: str, ours: dict, function) -> Case:
    """The schema Pipecat derives from `function` against the one Callboard read from its source."""
    from pipecat.flows.types import FlowsDirectFunctionWrapper

    theirs = FlowsDirectFunctionWrapper(function).to_function_schema().to_default_dict()
    mine = {"name": ours["name"], "description": ours["description"], "parameters": {"type": "object", "properties": ours["properties"], "required": ours["required"]}}
    return same(subject, mine, theirs, "schema")


def import_module(directory: Path, name: str, text: str):
    path = directory / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def run() -> list[Case]:
    from pipecat.flows import Flow, FlowConfig
    from pipecat.flows.exceptions import FlowReferenceError

    data = node_json("pipecat-export.ts")
    cases: list[Case] = []
    import pipecat.flows

    installed = json.loads((Path(pipecat.flows.__file__).parent / "flow_config.schema.json").read_text(encoding="utf-8"))
    fixture = json.loads((Path(__file__).resolve().parents[2] / "src/runtimes/pipecat/format/fixtures/flow_config.schema.json").read_text(encoding="utf-8"))
    cases.append(same("the schema Callboard holds to (fixtures/flow_config.schema.json) is the installed one", fixture, installed, "schema"))
    first_schema: tuple[dict, object] | None = None
    with tempfile.TemporaryDirectory(prefix="callboard-pipecat-") as tmp:
        directory = Path(tmp)
        for index, example in enumerate(data["examples"]):
            name = example["name"]
            theirs = pipecat_verdict(example["text"])
            cases.append(compare_verdict(f"{name}: Pipecat's verdict = Callboard's", example["verdict"], theirs))
            if not theirs["loads"]:
                continue
            dump = theirs["config"].model_dump()
            cases.append(same(f"{name}: branch tables as Pipecat holds them", example["verdict"]["branches"], theirs["branches"], "branches"))
            for syntax in ("yaml", "json"):
                exported = pipecat_verdict(example[syntax], syntax)
                if not exported["loads"]:
                    cases.append(Case(f"{name}: Callboard's {syntax.upper()} export loads", False, "Pipecat refuses it", [f"{e['loc']}: {e['message']}" for e in exported["errors"]]))
                    continue
                cases.append(same(f"{name}: Callboard's {syntax.upper()} export loads to the same FlowConfig", exported["config"].model_dump(), dump, "config"))
            module = import_module(directory, f"callboard_handlers_{index}", example["handlers"]["text"])
            for schema in example["handlers"]["schemas"]:
                cases.append(compare_schema(f"{name}: handlers.py {schema['name']}", schema, getattr(module, schema["name"])))
                first_schema = first_schema or (schema, getattr(module, schema["name"]))
            try:
                Flow(FlowConfig.from_yaml(example["text"]), handlers=module)
                bound: list[str] = []
            except FlowReferenceError as error:
                bound = [problem.message for problem in error.problems]
            cases.append(same(f"{name}: Flow(config, handlers=…) problems = Callboard's", example["bindErrors"], bound, "binding"))
        for index, agent in enumerate(data["converted"]):
            name = agent["name"]
            if agent["lintErrors"]:
                # Lint under Pipecat refuses it first (a name Python does not take, two stages of one name): said, not loaded.
                cases.append(Case(f"{name} as a flow: Callboard's lint refuses it before Pipecat would", True, "; ".join(agent["lintErrors"])[:200]))
                continue
            theirs = pipecat_verdict(agent["flow"])
            if not theirs["loads"]:
                cases.append(Case(f"{name} as a flow: loads in Pipecat", False, "Pipecat refuses it", [f"{e['loc']}: {e['message']}" for e in theirs["errors"]]))
                continue
            module = import_module(directory, f"callboard_converted_{index}", agent["handlers"]["text"])
            try:
                Flow(theirs["config"], handlers=module)
                problems: list[str] = []
            except FlowReferenceError as error:
                problems = [problem.message for problem in error.problems]
            cases.append(same(f"{name} as a flow: loads and binds to the handlers.py written beside it", [], problems, "binding"))
            for schema in agent["handlers"]["schemas"]:
                cases.append(compare_schema(f"{name} as a flow: handlers.py {schema['name']}", schema, getattr(module, schema["name"])))
        for fixture in data["handlerFixtures"]:
            module = import_module(directory, f"callboard_fixture_{fixture['name'][:-3]}", fixture["text"])
            for schema in fixture["schemas"]:
                cases.append(compare_schema(f"fixtures/handlers/{fixture['name']} {schema['name']}", schema, getattr(module, schema["name"])))
        for broken in data["broken"]:
            cases.append(compare_verdict(f"broken: {broken['name']}", broken["verdict"], pipecat_verdict(broken["text"])))
            theirs = pipecat_verdict(broken["text"])
            if theirs["loads"]:
                cases.append(same(f"broken: {broken['name']}: branch tables as Pipecat holds them", broken["verdict"]["branches"], theirs["branches"], "branches"))

        # The comparisons must fail when Callboard's side is wrong: fed a wrong answer, each must say so.
        if first_schema:
            schema, function = first_schema
            wrong = copy.deepcopy(schema)
            first = next(iter(wrong["properties"]))
            wrong["properties"][first] = {"type": "boolean"}
            caught = compare_schema("wrong schema", wrong, function)
            cases.append(Case("self-test: a wrong tool schema fails the schema comparison", not caught.passed, "" if not caught.passed else "the comparison passed a wrong schema"))
        example = data["examples"][0]
        flipped = {**example["verdict"], "loads": not example["verdict"]["loads"]}
        caught = compare_verdict("flipped verdict", flipped, pipecat_verdict(example["text"]))
        cases.append(Case("self-test: a wrong verdict fails the verdict comparison", not caught.passed, "" if not caught.passed else "the comparison passed a wrong verdict"))
        broken = data["broken"][0]
        reworded = copy.deepcopy(broken["verdict"])
        reworded["errors"][0]["message"] += " (reworded)"
        caught = compare_verdict("reworded error", reworded, pipecat_verdict(broken["text"]))
        cases.append(Case("self-test: a reworded error fails the verdict comparison", not caught.passed, "" if not caught.passed else "the comparison passed a reworded message"))
    return cases
