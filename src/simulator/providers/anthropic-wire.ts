// The Anthropic Messages wire shape: a ModelRequest as a request body (system apart, tools as
// input_schema, roles alternating, tool results as user blocks), and stream events assembled
// back into one answer. Pure (types only from the SDK), so tests read it directly.
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage, ModelRequest, ToolCallRequest } from '../types';
import { utf8Length } from './answer-bounds';

/** Said as the caller when the history opens with the agent: Anthropic requires a user message first. */
export const CALL_STARTS = '(The call starts.)';
/** Said as the caller after a last agent line: current Anthropic models refuse a final assistant message (prefill). */
export const GO_ON = '(Go on.)';

function parsedInput(json: string): unknown {
  try {
    const value = JSON.parse(json || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** livekit's `_DEFAULT_INLINE_INSTRUCTIONS_TEMPLATE` (livekit-agents 1.8.3–1.8.9, `llm/_provider_format/utils.py`). */
const livekitInstructions = (content: string): string => `<instructions>\n${content}\n</instructions>`;

/** One message as content blocks; without tools on the request, tool traffic is written as text. */
function blocksOf(message: ChatMessage, withTools: boolean): { role: 'user' | 'assistant'; blocks: ContentBlockParam[] } {
  if (message.role === 'user') return { role: 'user', blocks: message.content ? [{ type: 'text', text: message.content }] : [] };
  // Anthropic takes a system prompt only before the conversation: a runtime's message inside it is
  // the user's, marked — as livekit's formatter marks its own (convert_mid_conversation_instructions).
  if (message.role === 'system') return { role: 'user', blocks: [{ type: 'text', text: message.livekit ? livekitInstructions(message.content) : `[${message.as ?? 'system'}] ${message.content}` }] };
  if (message.role === 'tool') {
    const block: ContentBlockParam = withTools
      ? { type: 'tool_result', tool_use_id: message.toolCallId, content: message.content }
      : { type: 'text', text: `[${message.name} returned: ${message.content}]` };
    return { role: 'user', blocks: [block] };
  }
  const blocks: ContentBlockParam[] = message.content ? [{ type: 'text', text: message.content }] : [];
  for (const call of message.toolCalls ?? []) {
    blocks.push(
      withTools
        ? { type: 'tool_use', id: call.id, name: call.name, input: parsedInput(call.arguments) }
        : { type: 'text', text: `[called ${call.name} with ${call.arguments || '{}'}]` },
    );
  }
  return { role: 'assistant', blocks };
}

/**
 * Anthropic needs user and assistant to alternate, starting with user: consecutive messages of
 * one role are merged (several tool results become one user message), empty ones dropped.
 */
export function anthropicMessages(messages: ChatMessage[], withTools: boolean): { messages: MessageParam[]; notes: string[] } {
  const notes: string[] = [];
  const out: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = [];
  for (const message of messages) {
    const { role, blocks } = blocksOf(message, withTools);
    if (blocks.length === 0) continue;
    const last = out[out.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  if (out[0]?.role !== 'user') {
    out.unshift({ role: 'user', content: [{ type: 'text', text: CALL_STARTS }] });
    notes.push(`Anthropic needs a user message first; "${CALL_STARTS}" was sent as the caller's opening.`);
  }
  if (out[out.length - 1].role === 'assistant') {
    out.push({ role: 'user', content: [{ type: 'text', text: GO_ON }] });
    notes.push(`Anthropic does not continue a last assistant message; "${GO_ON}" was sent as the caller's line after it.`);
  }
  return { messages: out, notes };
}

export interface AnthropicBodyOptions {
  model: string;
  maxTokens: number;
  forceAuto?: boolean;
}

export function anthropicBody(request: ModelRequest, options: AnthropicBodyOptions): { body: MessageCreateParamsStreaming; notes: string[] } {
  const withTools = request.tools.length > 0 && request.toolChoice !== 'none';
  // The runtime's blocks after the history (Pinecall's view) reach Anthropic as livekit sends them: user turns.
  const after = (request.afterHistory ?? []).map((content): ChatMessage => ({ role: 'system', content, livekit: true }));
  const { messages, notes } = anthropicMessages([...request.messages, ...after], withTools);
  const body: MessageCreateParamsStreaming = { model: options.model, max_tokens: options.maxTokens, messages, stream: true };
  if (request.system) body.system = request.system;
  if (withTools) {
    body.tools = request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.parameters as { type: 'object'; [key: string]: unknown },
    }));
    body.tool_choice = request.toolChoice === 'required' && !options.forceAuto ? { type: 'any' } : { type: 'auto' };
  }
  // API version 2026-10-21 (the SDK's default) refuses temperature, top_p and top_k with a 400.
  if (request.temperature !== undefined) notes.push(`Anthropic's current API takes no temperature; ${request.temperature} was not sent.`);
  return { body, notes };
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; json: string };

/**
 * Joins stream events: text_delta and input_json_delta pieces by block index, usage, stop_reason.
 * `grow` is told each piece's size before it is kept; once it refuses, nothing more is kept.
 */
export class AnthropicAssembler {
  private readonly blocks = new Map<number, Block>();
  private inputTokens?: number;
  private outputTokens?: number;
  private stopReason: string | null = null;
  private stopped = false;
  private model?: string;

  constructor(
    private readonly onTextDelta?: (delta: string) => void,
    private readonly grow: (bytes: number) => boolean = () => true,
  ) {}

  add(event: RawMessageStreamEvent): void {
    switch (event.type) {
      case 'message_start':
        this.model = event.message.model;
        this.inputTokens = event.message.usage?.input_tokens ?? undefined;
        this.outputTokens = event.message.usage?.output_tokens ?? undefined;
        break;
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'text') this.blocks.set(event.index, { type: 'text', text: '' });
        if (block.type === 'tool_use') {
          if (!this.grow(utf8Length(block.name))) return;
          this.blocks.set(event.index, { type: 'tool_use', id: block.id, name: block.name, json: '' });
        }
        break;
      }
      case 'content_block_delta': {
        const block = this.blocks.get(event.index);
        if (event.delta.type === 'text_delta' && block?.type === 'text') {
          if (!this.grow(utf8Length(event.delta.text))) return;
          block.text += event.delta.text;
          if (event.delta.text) this.onTextDelta?.(event.delta.text);
        }
        if (event.delta.type === 'input_json_delta' && block?.type === 'tool_use') {
          if (!this.grow(utf8Length(event.delta.partial_json))) return;
          block.json += event.delta.partial_json;
        }
        break;
      }
      case 'message_delta':
        this.stopReason = event.delta.stop_reason ?? this.stopReason;
        if (event.usage?.output_tokens != null) this.outputTokens = event.usage.output_tokens;
        if (event.usage?.input_tokens != null) this.inputTokens = event.usage.input_tokens;
        break;
      case 'message_stop':
        this.stopped = true;
        break;
    }
  }

  get finished(): boolean {
    return this.stopped;
  }

  result() {
    const ordered = [...this.blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
    const text = ordered.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    // A tool with no parameters streams no input at all: that is `{}`, not an empty string.
    const toolCalls: ToolCallRequest[] = ordered.flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, arguments: b.json || '{}' }] : []));
    const usage = this.inputTokens !== undefined || this.outputTokens !== undefined ? { inputTokens: this.inputTokens, outputTokens: this.outputTokens } : undefined;
    const wireResponse = {
      model: this.model,
      role: 'assistant',
      content: ordered.map((b) => (b.type === 'text' ? { type: 'text', text: b.text } : { type: 'tool_use', id: b.id, name: b.name, input: b.json || '{}' })),
      stop_reason: this.stopReason,
      usage: { input_tokens: this.inputTokens, output_tokens: this.outputTokens },
    };
    return { text, toolCalls, ...(usage ? { usage } : {}), wireResponse };
  }
}
