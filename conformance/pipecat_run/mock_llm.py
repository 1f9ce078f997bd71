"""A scripted, OpenAI-compatible chat-completions server on 127.0.0.1.

Why a real HTTP server instead of patching the OpenAI client: Pipecat's
OpenAILLMService builds its request with its own adapter (system instruction,
developer messages, tools, tool_choice) and parses the streamed answer with its
own chunk loop. Serving real SSE over HTTP keeps all of that code in the loop,
so what we record is exactly what Pipecat would send to OpenAI.

The server runs on the caller's asyncio loop (aiohttp ships with pipecat), so a
request handler can read the FlowManager's current node without any locking.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from aiohttp import web


class MockLLMServer:
    """Answers each POST /v1/chat/completions with the next scripted entry."""

    def __init__(
        self,
        script: list[dict[str, Any]],
        *,
        on_request: Callable[[int, dict[str, Any]], dict[str, Any]] | None = None,
        max_calls: int = 50,
    ):
        """Create the server.

        Args:
            script: Scripted answers, consumed in order, one per request. Each is
                ``{"text"?: str, "tool_calls"?: [{"name", "arguments"}]}``.
            on_request: Called with (call number, request body) before answering;
                returns extra fields to store in the step (e.g. the current node).
            max_calls: Safety bound; requests beyond it get an empty answer and
                are flagged ``over_limit``.
        """
        self._script = list(script)
        self._next = 0
        self._on_request = on_request
        self._max_calls = max_calls
        self.steps: list[dict[str, Any]] = []
        self.in_flight = 0
        self.over_limit = False
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/chat/completions", self._handle)
        # Anything else the SDK might try is an error we want to see in the trace.
        app.router.add_route("*", "/{tail:.*}", self._unexpected)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)  # port 0: pick a free one
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._runner:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ handlers

    async def _unexpected(self, request: web.Request) -> web.Response:
        self.steps.append({"unexpected_request": f"{request.method} {request.path}"})
        return web.json_response({"error": {"message": "not mocked"}}, status=404)

    def _take_answer(self) -> tuple[dict[str, Any], bool]:
        """Next scripted entry, or an empty answer once the script runs out."""
        if self._next < len(self._script):
            entry = self._script[self._next]
            self._next += 1
            return entry, False
        return {"text": ""}, True

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        self.in_flight += 1
        try:
            body = await request.json()
            call_no = len([s for s in self.steps if "llm_call" in s]) + 1
            step: dict[str, Any] = {"llm_call": call_no}
            if self._on_request:
                step.update(self._on_request(call_no, body))
            if call_no > self._max_calls:
                self.over_limit = True
                answer, exhausted = {"text": ""}, True
                step["over_limit"] = True
            else:
                answer, exhausted = self._take_answer()
            step["answer"] = answer
            if exhausted:
                step["script_exhausted"] = True
            step["request"] = body
            self.steps.append(step)

            if body.get("stream"):
                return await self._stream(request, call_no, answer, body)
            return web.json_response(self._non_stream(call_no, answer, body))
        finally:
            self.in_flight -= 1

    # ------------------------------------------------------------------ encoders

    @staticmethod
    def _tool_calls(call_no: int, answer: dict[str, Any]) -> list[dict[str, Any]]:
        calls = []
        for i, call in enumerate(answer.get("tool_calls") or []):
            args = call.get("arguments", {})
            calls.append(
                {
                    "id": call.get("id") or f"call_{call_no}_{i}",
                    "name": call["name"],
                    # Arguments travel as a JSON string, as OpenAI sends them.
                    "arguments": args if isinstance(args, str) else json.dumps(args),
                }
            )
        return calls

    def _non_stream(self, call_no: int, answer: dict[str, Any], body: dict) -> dict[str, Any]:
        calls = self._tool_calls(call_no, answer)
        message: dict[str, Any] = {"role": "assistant", "content": answer.get("text") or None}
        if calls:
            message["tool_calls"] = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["arguments"]},
                }
                for c in calls
            ]
        return {
            "id": f"chatcmpl-mock-{call_no}",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", "mock"),
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if calls else "stop",
                }
            ],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }

    async def _stream(
        self, request: web.Request, call_no: int, answer: dict[str, Any], body: dict
    ) -> web.StreamResponse:
        resp = web.StreamResponse(
            status=200,
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"},
        )
        await resp.prepare(request)
        model = body.get("model", "mock")

        def chunk(delta: dict[str, Any] | None, finish: str | None = None, **extra) -> dict:
            c: dict[str, Any] = {
                "id": f"chatcmpl-mock-{call_no}",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": model,
                "choices": [] if delta is None else [
                    {"index": 0, "delta": delta, "finish_reason": finish}
                ],
            }
            c.update(extra)
            return c

        async def send(obj: Any) -> None:
            data = obj if isinstance(obj, str) else json.dumps(obj)
            await resp.write(f"data: {data}\n\n".encode())

        await send(chunk({"role": "assistant", "content": ""}))
        text = answer.get("text") or ""
        if text:
            # Two content deltas, split on a space, so Pipecat's streaming text
            # path (several LLMTextFrames per answer) is exercised.
            cut = text.find(" ", len(text) // 2)
            parts = [text] if cut <= 0 else [text[:cut], text[cut:]]
            for part in parts:
                await send(chunk({"content": part}))
        calls = self._tool_calls(call_no, answer)
        for i, c in enumerate(calls):
            # OpenAI's shape: the first delta of a call carries id, type and name;
            # argument fragments follow. Pipecat reads tool_calls[0] of each chunk,
            # so one call per chunk, as OpenAI does.
            await send(chunk({"tool_calls": [{"index": i, "id": c["id"], "type": "function",
                                                "function": {"name": c["name"], "arguments": ""}}]}))
            await send(chunk({"tool_calls": [{"index": i, "function": {"arguments": c["arguments"]}}]}))
        await send(chunk({}, "tool_calls" if calls else "stop"))
        if (body.get("stream_options") or {}).get("include_usage"):
            await send(chunk(None, usage={"prompt_tokens": 0, "completion_tokens": 0,
                                          "total_tokens": 0}))
        await send("[DONE]")
        await resp.write_eof()
        return resp
