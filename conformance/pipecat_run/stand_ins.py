"""Handlers for a flow: generated stand-ins, or a user-supplied module wrapped with mocks.

Pipecat derives each tool's JSON schema from the direct function's signature
and docstring (FlowsDirectFunctionWrapper), and calls it as
``function(flow_manager=..., **arguments)``. Direct functions may not take
``**kwargs`` (the schema would be meaningless), so a stand-in must spell out
its parameters.

Stand-in signature choice (documented, deliberate):
    async def <name>(flow_manager, <p1>=_UNSET, <p2>=_UNSET, ...)
The parameters are the union, in first-seen order, of the argument names the
scripted model passes to <name> anywhere in the script. They carry no
annotation and a default, so Pipecat advertises each as ``{}`` (any type) and
none as required. The default is a private sentinel, so the stand-in's result
contains exactly the arguments the model passed. With no scripted arguments
the stand-in takes only ``flow_manager`` and Pipecat advertises an empty
``properties`` object. A stand-in has no docstring, so its description is "".

Result: ``(mocks[name] if name in mocks else <arguments as dict>, TRANSITION_IN_YAML)``;
the flow config then decides the transition, as for any configured-flow tool.
"""

from __future__ import annotations

import copy
import functools
import inspect
import keyword
import types
from collections.abc import Callable
from typing import Any

from pipecat.flows import TRANSITION_IN_YAML, FlowConfig

_UNSET = object()


class CallLog:
    """Records every tool invocation the handlers see, with the node it ran at."""

    def __init__(self, current_node: Callable[[], str | None]):
        self.calls: list[dict[str, Any]] = []
        self._current_node = current_node

    def record(self, name: str, arguments: dict[str, Any], result: Any, source: str) -> None:
        self.calls.append(
            {
                "name": name,
                "arguments": arguments,
                "result": result,
                "node": self._current_node(),
                "handler": source,
            }
        )


def referenced_tools(config: FlowConfig) -> list[str]:
    """Names of the non-transition_only functions the config refers to, in order."""
    names: list[str] = []
    refs = list(config.global_functions)
    for node in config.nodes.values():
        refs.extend(node.functions)
    for ref in refs:
        if not ref.transition_only and ref.name not in names:
            names.append(ref.name)
    return names


def referenced_action_handlers(config: FlowConfig) -> list[str]:
    """Names of the action handlers (``handler:`` on pre/post actions) the config uses."""
    names: list[str] = []
    for node in config.nodes.values():
        for action in [*node.pre_actions, *node.post_actions]:
            if action.handler and action.handler not in names:
                names.append(action.handler)
    return names


def scripted_argument_names(script: list[dict[str, Any]], name: str) -> list[str]:
    """Argument names the scripted model passes to ``name``, first-seen order."""
    seen: list[str] = []
    for entry in script:
        for call in entry.get("tool_calls") or []:
            if call.get("name") != name:
                continue
            args = call.get("arguments") or {}
            if isinstance(args, dict):
                for key in args:
                    if key not in seen:
                        seen.append(key)
    return seen


def make_stand_in(name: str, params: list[str], mocks: dict[str, Any], log: CallLog) -> Callable:
    """Build ``async def <name>(flow_manager, p=_UNSET, ...)`` returning the mock."""
    if not name.isidentifier() or keyword.iskeyword(name):
        raise ValueError(f"tool name {name!r} is not a Python identifier; cannot make a stand-in")
    for p in params:
        if not p.isidentifier() or keyword.iskeyword(p) or p == "flow_manager":
            raise ValueError(f"argument {p!r} of {name!r} cannot be a Python parameter")

    async def body(flow_manager, passed: dict[str, Any]):
        arguments = {k: v for k, v in passed.items() if v is not _UNSET}
        result = copy.deepcopy(mocks[name]) if name in mocks else dict(arguments)
        log.record(name, arguments, result, "stand-in")
        return result, TRANSITION_IN_YAML

    # exec is the only way to give a function a signature with named keyword
    # parameters that inspect.signature() (and so Pipecat's schema) will see.
    param_src = "".join(f", {p}=_UNSET" for p in params)
    passed_src = "{" + ", ".join(f"{p!r}: {p}" for p in params) + "}"
    src = (
        f"async def {name}(flow_manager{param_src}):\n"
        f"    return await _body(flow_manager, {passed_src})\n"
    )
    namespace: dict[str, Any] = {"_UNSET": _UNSET, "_body": body}
    exec(src, namespace)  # noqa: S102 - source is built from validated identifiers only
    return namespace[name]


def make_action_stand_in(name: str, log: list[dict[str, Any]]) -> Callable:
    """A stand-in for an action handler named by the config (``function`` or custom type)."""

    async def handler(action: dict, flow_manager) -> None:
        log.append({"handler": name, "action": {k: v for k, v in action.items() if k != "handler"}})

    handler.__name__ = name
    return handler


def load_handlers_module(source: str) -> types.ModuleType:
    """Execute user-supplied handler source as a fresh module."""
    module = types.ModuleType("callboard_flow_handlers")
    module.__dict__["__builtins__"] = __builtins__
    exec(compile(source, "<handlers>", "exec"), module.__dict__)  # noqa: S102
    return module


def wrap_with_mock(name: str, function: Callable, mocks: dict[str, Any], log: CallLog) -> Callable:
    """Wrap a user direct function so it returns the mock when one is given.

    functools.wraps keeps ``__wrapped__``, ``__doc__`` and ``__annotations__``,
    and inspect.signature / typing.get_type_hints follow ``__wrapped__``, so
    Pipecat derives exactly the same schema as for the original function.
    When a mock is given the original is not called (it stands for the real
    side effect); otherwise the original runs and its result is recorded.
    """

    @functools.wraps(function)
    async def wrapper(flow_manager, **arguments):
        if name in mocks:
            result = copy.deepcopy(mocks[name])
            log.record(name, dict(arguments), result, "mock")
            return result, TRANSITION_IN_YAML
        response = await function(flow_manager, **arguments)
        result = response[0] if isinstance(response, tuple) and len(response) == 2 else response
        log.record(name, dict(arguments), result, "handlers")
        return response

    if not inspect.iscoroutinefunction(function):
        # Leave validation to Pipecat: pass the original so its error is Pipecat's.
        return function
    return wrapper


def build_handlers(
    config: FlowConfig,
    *,
    handlers_source: str | None,
    mocks: dict[str, Any],
    script: list[dict[str, Any]],
    log: CallLog,
    action_log: list[dict[str, Any]],
) -> dict[str, Callable]:
    """The name → callable mapping to hand to ``Flow(config, handlers=...)``."""
    result: dict[str, Callable] = {}
    if handlers_source is None:
        for name in referenced_tools(config):
            result[name] = make_stand_in(name, scripted_argument_names(script, name), mocks, log)
        for name in referenced_action_handlers(config):
            result[name] = make_action_stand_in(name, action_log)
        return result

    module = load_handlers_module(handlers_source)
    for name in referenced_tools(config):
        function = getattr(module, name, None)
        if function is not None and callable(function):
            result[name] = wrap_with_mock(name, function, mocks, log)
        # A missing name is left out so Pipecat's Flow reports it (FlowReferenceError).
    for name in referenced_action_handlers(config):
        function = getattr(module, name, None)
        if function is not None:
            result[name] = function
    return result
