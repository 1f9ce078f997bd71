"""Drive Pipecat's own Flows code through a FlowConfig conversation, text only.

Usage:
    from conformance.pipecat_run.run_flow import run_flow
    trace = run_flow(spec)                       # spec: dict (see below)

    .venv/bin/python -m conformance.pipecat_run.run_flow spec.json   # trace JSON on stdout

Spec:
    flow      FlowConfig text;  syntax: "yaml" | "json"
    handlers  optional Python source of a handlers module (direct functions)
    mocks     {function name: JSON result}
    state     initial flow_manager.state
    caller    user text turns, in order
    model     scripted LLM answers, one per LLM request: {"text"?, "tool_calls"?: [{name, arguments}]}
    limits    optional {"max_llm_calls": 50, "timeout_secs": 30, "quiet_secs": 0.25}

What is real and what is stubbed:
    Real Pipecat: FlowConfig, Flow, FlowManager, ActionManager, Pipeline,
    PipelineWorker, WorkerRunner, LLMContext, LLMContextAggregatorPair (user and
    assistant aggregators, with the user-turn controller), OpenAILLMService
    (adapter, request building, SSE parsing, function calling), the OpenAI SDK.
    Stubbed: the model (MockLLMServer, real HTTP on 127.0.0.1), STT (caller text
    is fed as a turn, see _send_caller_turn), TTS + output transport
    (speaker.TextSpeaker), and the tools (stand_ins.py).
"""

from __future__ import annotations

import os

# Before pipecat / httpx / huggingface are imported: nothing may reach the
# network except the mock on 127.0.0.1.
for _key, _value in {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "PIPECAT_DISABLE_TELEMETRY": "1",
    "NO_PROXY": "*",
}.items():
    os.environ.setdefault(_key, _value)

import asyncio  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import traceback  # noqa: E402
from datetime import datetime, timezone  # noqa: E402
from typing import Any  # noqa: E402

from loguru import logger  # noqa: E402

from pipecat.flows import Flow, FlowConfig, FlowManager  # noqa: E402
from pipecat.frames.frames import (  # noqa: E402
    BotSpeakingFrame,
    EndFrame,
    ErrorFrame,
    FunctionCallInProgressFrame,
    FunctionCallResultFrame,
    HeartbeatFrame,
    MetricsFrame,
    ProposedUserStartedSpeakingFrame,
    ProposedUserStoppedSpeakingFrame,
    TranscriptionFrame,
)
from pipecat.observers.base_observer import BaseObserver, FramePushed  # noqa: E402
from pipecat.pipeline.pipeline import Pipeline  # noqa: E402
from pipecat.pipeline.worker import PipelineWorker  # noqa: E402
from pipecat.processors.aggregators.llm_context import LLMContext  # noqa: E402
from pipecat.processors.aggregators.llm_response_universal import (  # noqa: E402
    LLMContextAggregatorPair,
    LLMUserAggregatorParams,
)
from pipecat.services.openai.llm import OpenAILLMService  # noqa: E402
from pipecat.turns.user_turn_strategies import ExternalUserTurnStrategies  # noqa: E402
from pipecat.workers.runner import WorkerRunner  # noqa: E402

from .mock_llm import MockLLMServer  # noqa: E402
from .speaker import TextSpeaker  # noqa: E402
from .stand_ins import CallLog, build_handlers  # noqa: E402

DEFAULT_LIMITS = {"max_llm_calls": 50, "timeout_secs": 30.0, "quiet_secs": 0.25}

# Frames that say nothing about conversation progress; they must not keep the
# idle detector from settling.
_NOISE_FRAMES = (MetricsFrame, HeartbeatFrame, BotSpeakingFrame)


def _jsonable(value: Any) -> Any:
    """Round-trip through JSON, stringifying what JSON cannot hold."""
    return json.loads(json.dumps(value, default=str))


class _Recorder(BaseObserver):
    """Watches every frame push: progress (for idle detection), function calls, errors."""

    def __init__(self, run: "_FlowRun"):
        super().__init__()
        self._run = run
        self._seen: set[int] = set()
        self.activity = asyncio.Event()

    async def on_push_frame(self, data: FramePushed):
        frame = data.frame
        if not isinstance(frame, _NOISE_FRAMES):
            self.activity.set()
        # A frame is pushed once per hop; record it once.
        if frame.id in self._seen:
            return
        if isinstance(frame, FunctionCallInProgressFrame):
            self._seen.add(frame.id)
            # The LLM service broadcasts it (one frame each direction): key on the call id.
            if any(c["tool_call_id"] == frame.tool_call_id for c in self._run.function_calls):
                return
            self._run.function_calls.append(
                {
                    "name": frame.function_name,
                    "tool_call_id": frame.tool_call_id,
                    "arguments": _jsonable(frame.arguments),
                    "node": self._run.current_node(),
                }
            )
        elif isinstance(frame, FunctionCallResultFrame):
            self._seen.add(frame.id)
            for call in self._run.function_calls:
                if call["tool_call_id"] == frame.tool_call_id and "result" not in call:
                    call["result"] = _jsonable(frame.result)
                    props = frame.properties
                    call["run_llm"] = props.run_llm if props else frame.run_llm
                    # on_context_updated is how Flows schedules a transition.
                    call["transition_scheduled"] = bool(props and props.on_context_updated)
                    break
        elif isinstance(frame, ErrorFrame):
            self._seen.add(frame.id)
            self._run.errors.append({"source": "ErrorFrame", "error": frame.error})


class _FlowRun:
    """One conversation: builds the pipeline, drives turns, collects the trace."""

    def __init__(self, spec: dict[str, Any]):
        self.spec = spec
        self.limits = {**DEFAULT_LIMITS, **(spec.get("limits") or {})}
        self.errors: list[dict[str, Any]] = []
        self.nodes: list[str] = []
        self.node_attempts: list[dict[str, Any]] = []
        self.actions: list[dict[str, Any]] = []
        self.function_calls: list[dict[str, Any]] = []
        self.action_handler_calls: list[dict[str, Any]] = []
        self.fm: FlowManager | None = None
        self.finished = asyncio.Event()
        self.end_reason: str | None = None
        self._we_sent_end = False
        self._entering_node: str | None = None
        self._action_phase: str | None = None
        self.caller_sent = 0

    def current_node(self) -> str | None:
        return self.fm.current_node if self.fm else None

    # ------------------------------------------------------------ LLM requests

    def on_llm_request(self, call_no: int, body: dict[str, Any]) -> dict[str, Any]:
        """Summarise a request Pipecat sent (runs on our loop, inside the mock)."""
        messages = body.get("messages") or []
        system = None
        rest = messages
        # The OpenAI adapter prepends the LLM's system_instruction as a system
        # message; report it separately from the context messages.
        if messages and messages[0].get("role") == "system":
            system = messages[0].get("content")
            rest = messages[1:]
        return {
            "node": self.current_node(),
            "tools": [t.get("function", {}).get("name") for t in body.get("tools") or []],
            "system": system,
            "messages": rest,
        }

    # ------------------------------------------------------------ instrumentation

    def _instrument(self, fm: FlowManager) -> None:
        """Observe node entries and actions without changing what Pipecat does.

        Instance attributes shadow the methods, and Pipecat calls them through
        ``self.``, so these wrappers sit on Pipecat's own call paths.
        """
        run = self
        orig_set_node = fm._set_node

        async def set_node(node_id, node_config):
            # `nodes` lists entries that completed; `node_attempts` also keeps
            # failed ones (e.g. a {{ key }} missing from state), with Pipecat's error.
            run._entering_node = node_id
            attempt: dict[str, Any] = {"node": node_id, "ok": False}
            run.node_attempts.append(attempt)
            try:
                result = await orig_set_node(node_id, node_config)
            except Exception as e:
                attempt["error"] = f"{type(e).__name__}: {e}"
                raise
            attempt["ok"] = True
            run.nodes.append(node_id)
            return result

        fm._set_node = set_node  # type: ignore[method-assign]

        orig_execute = fm._execute_actions

        async def execute_actions(pre_actions=None, post_actions=None):
            # FlowManager calls this with exactly one of the two lists.
            run._action_phase = "pre" if pre_actions else "post"
            try:
                return await orig_execute(pre_actions=pre_actions, post_actions=post_actions)
            finally:
                run._action_phase = None

        fm._execute_actions = execute_actions  # type: ignore[method-assign]

        am = fm._action_manager
        orig_deferred = am._execute_deferred_post_actions

        async def execute_deferred():
            run._action_phase = "post_deferred"
            try:
                return await orig_deferred()
            finally:
                run._action_phase = None

        am._execute_deferred_post_actions = execute_deferred  # type: ignore[method-assign]

        # ActionManager.execute_actions looks handlers up with .get(); a dict
        # whose get() returns a recording wrapper sees every action that
        # actually runs (an end_conversation stops the list, and we see that).
        class RecordingHandlers(dict):
            def get(self, key, default=None):
                handler = super().get(key, default)
                return run._recording_action_handler(key, handler) if handler else handler

        am._action_handlers = RecordingHandlers(am._action_handlers)

    def _recording_action_handler(self, action_type: str, handler):
        run = self

        def record(action: dict) -> None:
            entry: dict[str, Any] = {
                "node": run._entering_node,
                "when": run._action_phase or "unknown",
                "type": action_type,
            }
            if "text" in action:
                entry["text"] = action["text"]
            extras = {k: v for k, v in action.items() if k not in ("type", "text", "handler")}
            if extras:
                entry["extras"] = _jsonable(extras)
            run.actions.append(entry)

        async def call(*args):
            record(args[0])
            try:
                result = handler(*args)
                if asyncio.iscoroutine(result):
                    await result
            except Exception as e:
                run.actions[-1]["error"] = f"{type(e).__name__}: {e}"
                raise

        # ActionManager passes flow_manager only to handlers with more than one
        # parameter; keep the original arity so it decides the same way.
        try:
            two_params = len(inspect.signature(handler).parameters) > 1
        except (TypeError, ValueError):
            two_params = False
        if two_params:

            async def wrapper2(action, flow_manager):
                await call(action, flow_manager)

            return wrapper2

        async def wrapper1(action):
            await call(action)

        return wrapper1

    # ------------------------------------------------------------ idle detection

    def _busy(self) -> bool:
        fm = self.fm
        assert fm is not None
        return bool(
            self.mock.in_flight
            or self.speaker.in_llm_response
            or self.pair.assistant().has_function_calls_in_progress
            or fm._pending_transition is not None
            or fm._action_manager._ongoing_actions_count > 0
        )

    async def _wait_idle(self, deadline: float) -> bool:
        """Wait until the bot has finished answering, or the pipeline ended.

        Idle means: no LLM request in flight, no LLM response streaming, no
        function call in progress, no pending transition, no ongoing action,
        and no frame pushed for ``quiet_secs`` (frames queued inside Pipecat,
        e.g. an LLMRunFrame from a node entry, are otherwise invisible). The
        waits are on the recorder's activity event, bounded by the deadline.

        Returns False on timeout.
        """
        loop = asyncio.get_running_loop()
        quiet = float(self.limits["quiet_secs"])
        activity = self.recorder.activity
        while not self.finished.is_set():
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            if self.mock.over_limit:
                return True
            activity.clear()
            if self._busy():
                # Re-check soon: some busy flags clear without a frame push.
                try:
                    await asyncio.wait_for(activity.wait(), timeout=min(0.05, remaining))
                except TimeoutError:
                    pass
                continue
            try:
                await asyncio.wait_for(activity.wait(), timeout=min(quiet, remaining))
            except TimeoutError:
                if not self._busy():
                    return True
        return True

    # ------------------------------------------------------------ caller turns

    async def _send_caller_turn(self, text: str) -> None:
        """Feed one caller line the way a turn-detecting STT service would.

        With ExternalUserTurnStrategies the user aggregator resolves
        ProposedUserStarted/StoppedSpeakingFrame itself: it emits
        UserStartedSpeakingFrame (and an interruption), aggregates the
        TranscriptionFrame, and on the stop commits {"role": "user"} to the
        context and runs the LLM. That is the real user-turn path, unlike an
        LLMMessagesAppendFrame(run_llm=True), which bypasses turn handling (no
        user-turn events, no UserStopped/Started frames) and, in the assistant
        aggregator, is treated like a function result.
        """
        now = datetime.now(timezone.utc).isoformat()
        await self.worker.queue_frames(
            [
                ProposedUserStartedSpeakingFrame(),
                TranscriptionFrame(text=text, user_id="caller", timestamp=now, finalized=True),
                ProposedUserStoppedSpeakingFrame(),
            ]
        )

    # ------------------------------------------------------------ main

    async def run(self) -> dict[str, Any]:
        spec = self.spec
        loop = asyncio.get_running_loop()
        deadline = loop.time() + float(self.limits["timeout_secs"])

        # Loguru errors and warnings from Pipecat are evidence; keep them.
        def sink(message):
            record = message.record
            if record["level"].no >= 40:  # ERROR and above
                self.errors.append({"source": "log", "level": record["level"].name,
                                    "error": record["message"]})
            elif record["level"].no >= 30:
                self.warnings.append(record["message"])

        self.warnings: list[str] = []
        sink_id = logger.add(sink, level="WARNING")
        self.mock = MockLLMServer(
            spec.get("model") or [],
            on_request=self.on_llm_request,
            max_calls=int(self.limits["max_llm_calls"]),
        )
        runner_task: asyncio.Task | None = None
        self.context = None
        try:
            text = spec["flow"]
            syntax = spec.get("syntax", "yaml")
            self.call_log = CallLog(self.current_node)
            try:
                # Pipecat's own validation: FlowConfig (pydantic) and Flow
                # (FlowReferenceError listing every missing/invalid tool).
                config = (FlowConfig.from_json(text) if syntax == "json"
                          else FlowConfig.from_yaml(text))
                handlers = build_handlers(
                    config,
                    handlers_source=spec.get("handlers"),
                    mocks=spec.get("mocks") or {},
                    script=spec.get("model") or [],
                    log=self.call_log,
                    action_log=self.action_handler_calls,
                )
                flow = Flow(config, handlers=handlers)
            except Exception as e:
                self.errors.append({"source": "flow_config", "type": type(e).__name__,
                                    "error": str(e)})
                self.end_reason = "flow_invalid"
                return self._trace()

            await self.mock.start()
            llm = OpenAILLMService(api_key="mock-key", base_url=self.mock.base_url)
            self.context = LLMContext()
            self.pair = LLMContextAggregatorPair(
                self.context,
                user_params=LLMUserAggregatorParams(
                    # No VAD / smart-turn model: the turn is driven by the
                    # frames _send_caller_turn pushes (and no model download).
                    user_turn_strategies=ExternalUserTurnStrategies()
                ),
            )
            self.speaker = TextSpeaker(current_node=self.current_node)
            pipeline = Pipeline([self.pair.user(), llm, self.speaker, self.pair.assistant()])
            self.recorder = _Recorder(self)
            self.worker = PipelineWorker(
                pipeline,
                cancel_on_idle_timeout=False,
                enable_rtvi=False,
                observers=[self.recorder],
            )
            fm = FlowManager(
                llm=llm,
                context_aggregator=self.pair,
                worker=self.worker,
                global_functions=flow.global_functions,
            )
            self.fm = fm
            fm.state.update(spec.get("state") or {})
            self._instrument(fm)

            started = asyncio.Event()

            @self.worker.event_handler("on_pipeline_started")
            async def _started(worker, frame):
                started.set()

            runner = WorkerRunner(handle_sigint=False)
            await runner.add_workers(self.worker)

            async def run_runner():
                try:
                    await runner.run()
                finally:
                    self.finished.set()

            runner_task = asyncio.create_task(run_runner())
            await asyncio.wait_for(started.wait(), timeout=max(0.1, deadline - loop.time()))

            # The flow starts here, as a bot would in on_client_connected.
            try:
                await fm.initialize(flow.initial_node)
            except Exception as e:  # FlowInitializationError, e.g. a missing {{ key }}
                self.errors.append({"source": "initialize", "type": type(e).__name__,
                                    "error": str(e)})
                self.end_reason = "initialize_failed"
            caller = list(spec.get("caller") or [])
            if self.end_reason is None:
                if not await self._wait_idle(deadline):
                    self.end_reason = "timeout"
                for line in caller:
                    if self.end_reason or self.finished.is_set() or self.mock.over_limit:
                        break
                    await self._send_caller_turn(line)
                    self.caller_sent += 1
                    if not await self._wait_idle(deadline):
                        self.end_reason = "timeout"
            if self.finished.is_set():
                self.end_reason = self.end_reason or "pipeline_ended"
            elif self.mock.over_limit:
                self.end_reason = "llm_call_limit"
            self.end_reason = self.end_reason or "caller_exhausted"

            if not self.finished.is_set():
                self._we_sent_end = True
                if self.end_reason in ("timeout", "llm_call_limit"):
                    await self.worker.cancel(reason=self.end_reason)
                else:
                    await self.worker.queue_frame(EndFrame())
            try:
                await asyncio.wait_for(asyncio.shield(runner_task), timeout=5.0)
            except TimeoutError:
                self.errors.append({"source": "runner", "error": "pipeline did not stop in 5s"})
                await self.worker.cancel(reason="runner did not stop")
                await asyncio.wait_for(runner_task, timeout=5.0)
        except Exception as e:
            self.errors.append({"source": "runner", "type": type(e).__name__, "error": str(e),
                                "traceback": traceback.format_exc()})
            self.end_reason = self.end_reason or "exception"
            if runner_task and not runner_task.done():
                runner_task.cancel()
        finally:
            await self.mock.stop()
            logger.remove(sink_id)
        return self._trace()

    def _trace(self) -> dict[str, Any]:
        ended_by_flow = self.finished.is_set() and not self._we_sent_end and any(
            a["type"] == "end_conversation" for a in self.actions
        )
        steps = self.mock.steps if hasattr(self, "mock") else []
        final_context = []
        if self.context is not None:
            final_context = [m for m in self.context.get_messages() if isinstance(m, dict)]
        trace = {
            "steps": steps,
            "nodes": self.nodes,
            "node_attempts": self.node_attempts,
            "function_calls": self.function_calls,
            "handler_calls": self.call_log.calls if hasattr(self, "call_log") else [],
            "action_handler_calls": self.action_handler_calls,
            "actions": self.actions,
            "spoken": [s["text"] for s in self.speaker.spoken] if hasattr(self, "speaker") else [],
            "spoken_detail": self.speaker.spoken if hasattr(self, "speaker") else [],
            "ended": ended_by_flow,
            "end_reason": "end_conversation" if ended_by_flow else self.end_reason,
            "caller_sent": self.caller_sent,
            "caller_unused": (self.spec.get("caller") or [])[self.caller_sent:],
            "final_node": self.current_node(),
            "state": self.fm.state if self.fm else (self.spec.get("state") or {}),
            "final_context": final_context,
            "errors": self.errors,
            "warnings": getattr(self, "warnings", []),
        }
        return _jsonable(trace)


async def run_flow_async(spec: dict[str, Any]) -> dict[str, Any]:
    """Run one spec on the current event loop and return the trace."""
    return await _FlowRun(spec).run()


def run_flow(spec: dict[str, Any] | str) -> dict[str, Any]:
    """Run one spec (a dict, or a path to a JSON file) and return the trace."""
    if isinstance(spec, str):
        with open(spec, encoding="utf-8") as f:
            spec = json.load(f)
    return asyncio.run(run_flow_async(spec))


def _configure_logging() -> None:
    """Pipecat logs at DEBUG to stderr by default; keep stdout for the trace."""
    logger.remove()
    level = os.environ.get("PIPECAT_RUN_LOG_LEVEL", "WARNING")
    logger.add(sys.stderr, level=level)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m conformance.pipecat_run.run_flow <spec.json | ->", file=sys.stderr)
        return 2
    _configure_logging()
    spec = json.load(sys.stdin) if argv[0] == "-" else json.load(open(argv[0], encoding="utf-8"))
    trace = run_flow(spec)
    json.dump(trace, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
