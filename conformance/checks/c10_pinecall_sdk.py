"""Pinecall in Python: Callboard's export loads in the real SDK, and its tools are the ones Callboard simulates.

For every Pinecall agent of the corpus (conformance/node/pinecall-python.ts lists them), the Python
class Callboard exports is loaded the way `pinecall start` loads one (`pinecall.testing.load`: its
folder a package, its view `views/<slug>.jinja` beside it), then:
- it loads, or the SDK refuses it with the very message Callboard predicts;
- the tool specs the SDK builds equal the ones Callboard predicts for the export, field by field;
- the tool specs the SDK builds equal the ones Callboard's simulator sends, except where the export's
  loss list names the difference for that tool (a difference nobody declared fails);
- the prompt the SDK renders at the opening state and in each stage (`blocks.render`: the identity
  block with the framework's rules, protocols and channel, the tools block, the view) equals
  Callboard's system prompt there, block by block — for a class that keeps its Jinja view whole
  (the hand-written Python classes), the view as Callboard renders it; where the SDK's render
  raises, Callboard's must raise the same error; a view that needs a property's value (Python
  Callboard cannot run) is shown, not failed;
- such a kept view renders alike in the states of test/fixtures/pinecall/jinja-views/states.json,
  with the properties' values as mock answers (each checked against the SDK's property there);
- the templates of test/fixtures/pinecall/jinja-views/cases.json, and 1000 built from a fixed seed,
  render alike (`_view.rendered`), and those Callboard says it does not render it says so, with no
  other text;
- a scripted call with its required arguments missing is refused with Callboard's message.
"""
from __future__ import annotations

import copy
import json
import re
import tempfile
from pathlib import Path

from conformance.harness import ROOT, Case, diff_values, node_json, same, short

TITLE = "Pinecall SDK (Python): the exported class loads, and builds the tools and prompt Callboard simulates"
NEEDS = [
    "pinecall.testing:load",
    "pinecall._view:rendered",
    "pinecall.blocks:identity",
    "pinecall.blocks:tools",
    "pinecall.call:Line",
    "pinecall.agent:Agent.tools",
    "pinecall.agent:Agent.run_tool",
    "pinecall.blocks:render",
    "pinecall.errors:DeclarationRefused",
    "pinecall.errors:ToolFailed",
]

# Which loss, named for a tool by the Python export, accounts for a difference in which field of its spec.
DECLARES = {
    "parameters": ("parameter schema as pydantic builds it", "parameter that is no Python identifier"),
    "description": ("description as Python reads it",),
    "pii": ("pii of a parameter the signature lacks",),
    "name": ("tool name",),
}


def sdk_spec(spec) -> dict:
    return spec.model_dump(exclude_none=True)


def load_class(agent: dict, folder: Path):
    """Writes the export's files under `folder` and loads the class as the SDK's CLI does."""
    from pinecall.testing import load

    for file in agent["files"]:
        path = folder / file["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(file["text"], encoding="utf-8")
    return load(folder / agent["files"][0]["path"])


def undeclared(simulated: dict, built: dict, declared: dict) -> list[str]:
    """The differences between the simulator's spec and the SDK's that no declared loss accounts for.

    A parameter's difference is declared only for the parameters the loss names (and then what
    stands around them: `$defs`, `required`, `additionalProperties`); another field's by the loss
    named in DECLARES.
    """
    found = []
    name = built.get("name", simulated.get("name"))
    for key in sorted(set(simulated) | set(built)):
        if key == "parameters":
            found.extend(undeclared_parameters(simulated.get(key) or {}, built.get(key) or {}, declared, name))
            continue
        differences = list(diff_values(simulated.get(key), built.get(key), f"{name}.{key}"))
        if differences and not any(feature in declared["features"] for feature in DECLARES.get(key, ())):
            found.extend(differences)
    return found


def undeclared_parameters(ours: dict, theirs: dict, declared: dict, name: str) -> list[str]:
    named = any(feature in declared["features"] for feature in DECLARES["parameters"])
    found = []
    for key in sorted(set(ours) | set(theirs)):
        if key == "properties":
            properties_ours, properties_theirs = ours.get(key) or {}, theirs.get(key) or {}
            for parameter in sorted(set(properties_ours) | set(properties_theirs)):
                if named and parameter in declared["parameters"]:
                    continue
                found.extend(diff_values(properties_ours.get(parameter), properties_theirs.get(parameter), f"{name}.parameters.properties.{parameter}"))
        elif not named:
            # Around the properties ($defs, required, additionalProperties…), the loss speaks for the whole object.
            found.extend(diff_values(ours.get(key), theirs.get(key), f"{name}.parameters.{key}"))
    return found


def loads(agent: dict, folder: Path):
    """The class, or None; and the case saying whether the SDK did what Callboard predicts."""
    from pinecall.errors import DeclarationRefused

    subject = f"{agent['name']}: loads"
    try:
        cls = load_class(agent, folder)
    except DeclarationRefused as refused:
        ok = str(refused) == agent["refusal"]
        return None, Case(subject, ok, "refused as Callboard predicts" if ok else "refused otherwise",
                          [] if ok else [f"the SDK says: {refused}", f"Callboard predicts: {agent['refusal']}"])
    except Exception as error:  # a file Python cannot run is the export's fault, whatever it is
        return None, Case(subject, False, f"{type(error).__name__}: {error}"[:300])
    if agent["refusal"] is not None:
        return cls, Case(subject, False, "the SDK accepts it", [f"Callboard predicts it refuses: {agent['refusal']}"])
    return cls, Case(subject, True)


# Which loss, named for the agent by the Python export, accounts for a difference in which part of the prompt.
PROMPT_DECLARES = {
    "identity": ("persona as Python reads it",),
    "view": ("placeholder of a value that is not text", "placeholder of no state field", "view whitespace", "view kept as code"),
}
# Which loss, named for a tool, accounts for its line in the tools block differing.
TOOL_LINE_DECLARES = ("tool name", "description as Python reads it")


# A whole-number float inside a list or a dict prints `39.0` in Python; JSON (all Callboard's state
# is) keeps no such float, so Callboard prints `39`. Declared where it is the only difference.
WHOLE_FLOAT = re.compile(r"(?<![\w.])(-?\d+)\.0(?![\d])")


def view_difference(ours: dict, theirs: str | dict) -> tuple[list[str], list[str]]:
    """A kept view's answer against the SDK's: (failing, declared). `ours` is {text} or what stood
    in its way ({needs}, {raises}, {unsupported}, {unreadable}, {failed}); `theirs` the SDK's text or {error}."""
    if "needs" in ours:
        return [], [f"the view needs {', '.join(ours['needs'])}, which Callboard cannot compute without a mock answer (declared: a property is Python)"]
    if "unsupported" in ours or "unreadable" in ours:
        return [], [f"Callboard says it does not render this view: {ours.get('unsupported') or ours.get('unreadable')} (declared)"]
    mine = ours["text"] if "text" in ours else {"error": ours.get("raises", ours.get("error"))}
    if mine == theirs:
        return [], []
    said = f"view: Callboard {short(mine)} ≠ runtime {short(theirs)}"
    if isinstance(mine, str) and isinstance(theirs, str) and WHOLE_FLOAT.sub(r"\1", theirs) == mine:
        return [], [f"{said} (declared: a whole-number float inside a list or dict, which JSON cannot keep)"]
    return [said], []


def sdk_view(instance) -> str | dict:
    """The view block the SDK renders for the instance, or the error its render raises."""
    from pinecall import _view
    from pinecall.call import Line

    try:
        return _view.rendered(type(instance), instance.snapshot(), Line(), resumed=False, remembered=())
    except Exception as error:  # the view's own failure, as the SDK words it
        return {"error": f"{type(error).__name__}: {error}"}


def tool_lines(block: str) -> list[str]:
    """The `- name: description` lines of a tools block."""
    return [line for line in block.splitlines() if line.startswith("- ")]


def prompt_case(agent: dict, cls) -> Case:
    """Callboard's system prompt at the opening state and in each stage with the opening's values,
    block by block against the prompt the SDK renders (`blocks.render`): the identity block (the
    docstring's line, `<rules>`, `<protocols>`, `<channel>`), the tools block (every tool the class
    declares, by name and description), and the view. A difference the export's loss list names
    for that part (or, in the tools block, for that tool) is declared, not failed."""
    from pinecall.blocks import identity, render, tools
    from pinecall.call import Line

    failing, declared = [], []
    names = list(agent["declared"])
    for ours in agent["prompts"]:
        instance = cls()
        if ours["stage"] is not None:
            instance.start_in({"stage": ours["stage"]})
        try:
            rendered = render(instance)
            rendered = {"identity": rendered["identity"], "tools": rendered["tools"], "view": rendered["view"]}
        except Exception:  # the view raised: blocks.render's other blocks, each on its own, and the view's error
            rendered = {"identity": identity(instance, Line()), "tools": tools(instance), "view": sdk_view(instance)}
        theirs = {"identity": rendered["identity"], "view": rendered["view"]}
        # The platform sends the static blocks (identity, the class's knowledge, tools) as the system
        # text and the view after the history (pinecall/runtime session/_prompt.py): Callboard's
        # request carries them so.
        joined = "\n\n".join(part for part in (ours["identity"], ours.get("knowledge", ""), ours["tools"]) if part)
        if joined != ours["system"]:
            failing.append(f"at {ours['stage']}: Callboard's system text {ours['system']!r} is not its static blocks {joined!r}")
        if ours.get("keptView"):
            # A kept Jinja view: Callboard renders it; where it does not, it says why.
            bad, said = view_difference(ours.get("viewAnswer") or {"text": ours["view"]}, rendered["view"])
            failing.extend(f"at {ours['stage']}: {d}" for d in bad)
            declared.extend(f"at {ours['stage']}: {d}" for d in said)
            theirs["view"] = ours["view"]
        elif isinstance(rendered["view"], dict):
            failing.append(f"at {ours['stage']}: the SDK's view raises {rendered['view']['error']}")
            theirs["view"] = ours["view"]
        for part, features in PROMPT_DECLARES.items():
            differences = [f"at {ours['stage']}: {d}" for d in diff_values(ours[part], theirs[part], part)]
            named = [feature for feature in features if feature in agent["declaredAgent"]]
            if named:
                declared.extend(f"{d} (declared: {named[0]})" for d in differences)
            else:
                failing.extend(differences)
        mine, sdk = tool_lines(ours["tools"]), tool_lines(rendered["tools"])
        if len(mine) != len(sdk):
            failing.append(f"at {ours['stage']}: the tools block lists {len(mine)} tool(s), the SDK's {len(sdk)}")
        for index, (a, b) in enumerate(zip(mine, sdk)):
            if a == b:
                continue
            tool = names[index] if index < len(names) else None
            named = [f for f in TOOL_LINE_DECLARES if tool is not None and f in agent["declared"].get(tool, {}).get("features", [])]
            said = f"at {ours['stage']}: tools block line {index + 1}: Callboard {a!r} ≠ runtime {b!r}"
            (declared if named else failing).append(f"{said} (declared: {named[0]})" if named else said)
    stages = [p["stage"] for p in agent["prompts"] if p["stage"] is not None]
    subject = f"{agent['name']}: prompt in {len(stages)} stage(s)" if stages else f"{agent['name']}: prompt"
    detail = f"{len(failing)} difference(s)" if failing else ("declared difference(s) only" if declared else "")
    return Case(subject, not failing, detail, failing + declared)


# Which loss, named for a tool, accounts for the SDK offering it where Callboard does not, or the reverse.
VISIBILITY_DECLARES = ("when predicate", "tool scope without stages", "tool name", "Python when")


def visible_case(agent: dict, cls) -> Case:
    """The tools the model sees in each stage (opening values): the SDK's `visible_tools()` against
    the simulator's, `when` run in its sandbox. A tool whose loss says why it shows otherwise is declared."""
    failing, declared = [], []
    for ours in agent["prompts"]:
        instance = cls()
        if ours["stage"] is not None:
            instance.start_in({"stage": ours["stage"]})
        theirs = [spec.name for spec in instance.visible_tools()]
        for name in sorted(set(ours["visible"]) ^ set(theirs)):
            said = f"at {ours['stage']}: {name} " + ("offered by Callboard only" if name in ours["visible"] else "offered by the SDK only")
            named = [f for f in VISIBILITY_DECLARES if f in agent["declared"].get(name, {}).get("features", [])]
            (declared if named else failing).append(f"{said} (declared: {named[0]})" if named else said)
        if not failing and set(ours["visible"]) == set(theirs) and ours["visible"] != theirs:
            failing.append(f"at {ours['stage']}: the order differs: Callboard {ours['visible']}, the SDK {theirs}")
    detail = f"{len(failing)} difference(s)" if failing else ("declared difference(s) only" if declared else "")
    return Case(f"{agent['name']}: tools offered in each stage", not failing, detail, failing + declared)


def bad_call_cases(agent: dict, cls) -> list[Case]:
    from pinecall.errors import ToolFailed

    cases = []
    for call in agent["badCalls"]:
        missing = not call["arguments"]
        if not missing:
            continue  # wrong JSON types: pydantic coerces and words them otherwise (see the README's list)
        try:
            cls().run_tool(call["tool"], call["arguments"])
            theirs = None
        except ToolFailed as failed:
            theirs = str(failed)
        case = same(f"{agent['name']}: {call['tool']}({{}}) refused", call["message"], theirs, "message")
        # A parameter the method cannot take is no required argument of the class: its loss says so.
        dropped = "parameter that is no Python identifier" in agent["declared"].get(call["tool"], {}).get("features", [])
        if not case.passed and dropped:
            case = Case(case.subject, True, "declared difference(s) only", [f"{d} (declared: parameter that is no Python identifier)" for d in case.differences])
        cases.append(case)
    return cases


STATES = ROOT / "test" / "fixtures" / "pinecall" / "jinja-views" / "states.json"


def views_case(agent: dict, cls) -> Case:
    """A kept Jinja view in the fixture's states: the SDK's `_view.rendered` against Callboard's, each
    mock answer (a property's value as Callboard is told it) against the SDK's property there. The
    states are read here from the fixture, as Python reads them (a `39.0` stays a float)."""
    folder = Path(agent["source"]).parent.name
    written = {entry["name"]: entry for entry in json.loads(STATES.read_text(encoding="utf-8"))["agents"].get(folder, [])}
    failing, declared = [], []
    for entry in agent["views"]:
        state = written[entry["name"]]
        instance = cls()
        instance.start_in(state["state"])
        for name, value in state.get("mocks", {}).items():
            computed = getattr(instance, name)
            if computed != value:
                failing.append(f"{entry['name']}: the mock answer of {name} is {short(value)}, the SDK's property gives {short(computed)}")
        bad, said = view_difference(entry["ours"], sdk_view(instance))
        failing.extend(f"{entry['name']}: {d}" for d in bad)
        declared.extend(f"{entry['name']}: {d}" for d in said)
    detail = f"{len(failing)} difference(s)" if failing else ("declared difference(s) only" if declared else "")
    return Case(f"{agent['name']}: kept Jinja view in {len(agent['views'])} state(s)", not failing, detail, failing + declared)


def check_agent(agent: dict, folder: Path) -> list[Case]:
    cls, loaded = loads(agent, folder)
    cases = [loaded]
    if cls is None:
        return cases
    built = [sdk_spec(spec) for spec in cls().tools()]
    cases.append(same(f"{agent['name']}: tool specs as Callboard predicts", agent["predicted"], built, "tools"))
    by_name = {spec["name"]: spec for spec in built}
    left = []
    for simulated in agent["simulated"]:
        theirs = by_name.get(simulated["name"])
        if theirs is None:
            left.append(f"{simulated['name']}: simulated, and the SDK builds no such tool")
            continue
        left.extend(undeclared(simulated, theirs, agent["declared"].get(simulated["name"], {"features": [], "parameters": []})))
    cases.append(Case(f"{agent['name']}: tool specs as simulated (declared losses aside)", not left,
                      "" if not left else f"{len(left)} undeclared difference(s)", left))
    cases.append(prompt_case(agent, cls))
    if agent.get("views"):
        cases.append(views_case(agent, cls))
    cases.append(visible_case(agent, cls))
    cases.extend(bad_call_cases(agent, cls))
    return cases


# Beside the files, this many documents of the property tests' generator (a fixed seed): the shapes
# nobody wrote a fixture for.
RANDOM_AGENTS = 60

_corpus: list[dict] | None = None


def corpus() -> list[dict]:
    """Callboard's side of every agent, asked of its pure core once per run (c11 reuses it)."""
    global _corpus
    if _corpus is None:
        _corpus = node_json("pinecall-python.ts", "--random", str(RANDOM_AGENTS), timeout=300)
    return copy.deepcopy(_corpus)


# Beside the fixture's templates, this many built from a fixed seed (conformance/node/pinecall-jinja-views.ts).
RANDOM_TEMPLATES = 1000

_templates: list[dict] | None = None


def templates() -> list[dict]:
    """The Jinja templates of test/fixtures/pinecall/jinja-views/cases.json, as Callboard renders them."""
    global _templates
    if _templates is None:
        _templates = node_json("pinecall-jinja-views.ts", "--random", str(RANDOM_TEMPLATES), timeout=300)
    return copy.deepcopy(_templates)


def templates_case(rendered: list[dict]) -> Case:
    """Each template rendered by the SDK (`_view.rendered`, on a class whose view_template it is)
    against Callboard's rendering; one Callboard says it does not render must say only that."""
    from pinecall._view import rendered as sdk_rendered
    from pinecall.call import Line

    failing, declared = [], []
    for case in rendered:
        state = dict(case["fields"])
        for name in case.get("floats", []):
            state[name] = float(state[name])
        cls = type("View", (), {"view_template": case["template"], "__module__": __name__})
        try:
            theirs = sdk_rendered(cls, state, Line(), resumed=False, remembered=case.get("remembered", []))
        except Exception as error:  # the SDK's own error, as it words it
            theirs = {"error": f"{type(error).__name__}: {error}"}
        if case.get("callboard") == "refuses":
            if "unsupported" in case["ours"] or "unreadable" in case["ours"]:
                declared.append(f"{case['name']}: Callboard says it does not render it (declared)")
            else:
                failing.append(f"{case['name']}: Callboard renders {short(case['ours'])} where it says it does not, the SDK {short(theirs)}")
            continue
        bad, said = view_difference(case["ours"], theirs)
        failing.extend(f"{case['name']}: {d}" for d in bad)
        declared.extend(f"{case['name']}: {d}" for d in said)
    detail = f"{len(failing)} difference(s)" if failing else ("declared difference(s) only" if declared else "")
    return Case(f"Jinja views: {len(rendered)} templates render as the SDK renders them", not failing, detail, failing + declared)


def run(agents: list[dict] | None = None, views: list[dict] | None = None) -> list[Case]:
    agents = agents if agents is not None else corpus()
    cases: list[Case] = [templates_case(views if views is not None else templates())]
    with tempfile.TemporaryDirectory(prefix="callboard-pinecall-") as tmp:
        for index, agent in enumerate(agents):
            # Each agent in a folder of its own: two agents of one slug never meet in sys.modules.
            cases.extend(check_agent(agent, Path(tmp) / f"a{index}"))
    return cases
