"""A text-only stand-in for the TTS service and output transport.

Why it exists: with no TTS and no transport, two things a Flows conversation
depends on would silently never happen:

* ``tts_say`` (and ``end_conversation`` with ``text``) queue a ``TTSSpeakFrame``.
  In a real pipeline the TTS service turns it into ``TTSStartedFrame`` /
  ``TTSTextFrame`` / ``TTSStoppedFrame`` and, outside an LLM turn, an
  ``LLMAssistantPushAggregationFrame``, which is how the spoken text reaches
  the LLM context as an assistant message (``append_to_context``, default True).
* The output transport emits ``BotStartedSpeakingFrame`` /
  ``BotStoppedSpeakingFrame``. Flows runs a node's *deferred* post-actions
  (``respond_immediately: false``) when ``BotStoppedSpeakingFrame`` reaches the
  end of the pipeline, and the assistant aggregator defers a context push while
  the bot is speaking.

This processor sits where the TTS would (after the LLM, before the assistant
aggregator) and reproduces those frames for text, without audio. It mirrors
tts_service.TTSService._handle_tts_speak / _finish_tts_context in what frames
it emits; it does not model audio timing (the "speech" ends as soon as the
text has passed). LLM text frames pass through unchanged, as in Pipecat's own
text-only pipelines, so the assistant aggregator builds the assistant message
from them.
"""

from __future__ import annotations

import uuid
from typing import Any

from pipecat.frames.frames import (
    BotStartedSpeakingFrame,
    BotStoppedSpeakingFrame,
    EndFrame,
    Frame,
    LLMAssistantPushAggregationFrame,
    LLMFullResponseEndFrame,
    LLMFullResponseStartFrame,
    LLMTextFrame,
    TTSSpeakFrame,
    TTSStartedFrame,
    TTSStoppedFrame,
    TTSTextFrame,
)
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor
from pipecat.utils.text.base_text_aggregator import TextType


class TextSpeaker(FrameProcessor):
    """Emulates TTS + output transport for text; records what the bot "said"."""

    def __init__(self, *, current_node, **kwargs):
        super().__init__(**kwargs)
        self._current_node = current_node
        self.spoken: list[dict[str, Any]] = []  # {"text", "source", "node"}
        self.in_llm_response = False
        self._response_text: list[str] = []
        self._bot_speaking = False

    async def _bot_started(self) -> None:
        if not self._bot_speaking:
            self._bot_speaking = True
            # The output transport announces speech in both directions.
            await self.push_frame(BotStartedSpeakingFrame())
            await self.push_frame(BotStartedSpeakingFrame(), FrameDirection.UPSTREAM)

    async def _bot_stopped(self) -> None:
        if self._bot_speaking:
            self._bot_speaking = False
            await self.push_frame(BotStoppedSpeakingFrame())
            await self.push_frame(BotStoppedSpeakingFrame(), FrameDirection.UPSTREAM)

    async def process_frame(self, frame: Frame, direction: FrameDirection):
        await super().process_frame(frame, direction)

        if direction != FrameDirection.DOWNSTREAM:
            await self.push_frame(frame, direction)
            return

        if isinstance(frame, LLMFullResponseStartFrame):
            self.in_llm_response = True
            self._response_text = []
            await self.push_frame(frame, direction)
        elif isinstance(frame, LLMTextFrame):
            if frame.text and not frame.skip_tts:
                await self._bot_started()
            self._response_text.append(frame.text)
            await self.push_frame(frame, direction)
        elif isinstance(frame, LLMFullResponseEndFrame):
            self.in_llm_response = False
            text = "".join(self._response_text)
            if text.strip():
                self.spoken.append({"text": text, "source": "llm", "node": self._current_node()})
            await self.push_frame(frame, direction)
            # Speech ends after the text has been delivered, as the transport
            # reports it after the last audio of the turn.
            await self._bot_stopped()
        elif isinstance(frame, TTSSpeakFrame):
            await self._speak(frame)
        elif isinstance(frame, EndFrame):
            await self._bot_stopped()
            await self.push_frame(frame, direction)
        else:
            await self.push_frame(frame, direction)

    async def _speak(self, frame: TTSSpeakFrame) -> None:
        """What TTSService does with a TTSSpeakFrame, minus the audio."""
        self.spoken.append({"text": frame.text, "source": "tts_say", "node": self._current_node()})
        context_id = str(uuid.uuid4())
        await self._bot_started()
        await self.push_frame(
            TTSStartedFrame(context_id=context_id, append_to_context=frame.append_to_context)
        )
        text_frame = TTSTextFrame(frame.text, TextType.SENTENCE, context_id=context_id)
        text_frame.append_to_context = frame.append_to_context
        await self.push_frame(text_frame)
        await self.push_frame(TTSStoppedFrame(context_id=context_id))
        # Inside an LLM turn the turn's end commits the text; outside one the
        # TTS service commits it itself (TTSContext.push_assistant_aggregation).
        if frame.append_to_context and not self.in_llm_response:
            await self.push_frame(LLMAssistantPushAggregationFrame())
        if not self.in_llm_response:
            await self._bot_stopped()
