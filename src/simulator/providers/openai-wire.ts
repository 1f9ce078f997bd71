// The OpenAI Chat Completions wire shape: a ModelRequest as a request body, and stream chunks
// assembled back into one answer. Pure (types only from the SDK), so tests read it directly.
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ChatMessage, ModelRequest, ToolCallRequest } from '../types';
import { utf8Length } from './answer-bounds';

function toWireMessage(message: ChatMessage): ChatCompletionMessageParam {
  if (message.role === 'user') return { role: 'user', content: message.content };
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  // A runtime's message in the context (a Pipecat node's task message): sent where it stands, as system,
  // which every OpenAI-compatible server takes (not all take `developer`).
  if (message.role === 'system') return { role: 'system', content: message.content };
  const calls = message.toolCalls ?? [];
  if (calls.length === 0) return { role: 'assistant', content: message.content };
  return {
    role: 'assistant',
    // OpenAI wants null, not '', beside tool calls that came without text.
    content: message.content || null,
    tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
  };
}

export interface OpenAiBodyOptions {
  model: string;
  temperature?: number;
  maxTokens?: number;
  /** The server refused "required" before: ask with "auto". */
  forceAuto?: boolean;
}

export function openAiBody(request: ModelRequest, options: OpenAiBodyOptions): ChatCompletionCreateParamsStreaming {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  messages.push(...request.messages.map(toWireMessage));
  // The runtime's blocks after the history (Pinecall's view), each a system message of its own.
  for (const text of request.afterHistory ?? []) messages.push({ role: 'system', content: text });
  const body: ChatCompletionCreateParamsStreaming = {
    model: options.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  };
  // With no tools, tools and tool_choice are left out: several servers refuse an empty list.
  if (request.tools.length > 0 && request.toolChoice !== 'none') {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters as Record<string, unknown> },
    }));
    body.tool_choice = options.forceAuto ? 'auto' : request.toolChoice;
  }
  const temperature = request.temperature ?? options.temperature;
  if (temperature !== undefined) body.temperature = temperature;
  if (options.maxTokens !== undefined) body.max_tokens = options.maxTokens;
  return body;
}

/**
 * Joins stream chunks: text deltas, tool calls by `index` with arguments in pieces, usage. `grow`
 * is told each piece's size before it is kept; once it refuses, nothing more is kept or streamed,
 * so the answer held never passes its bound by more than one piece.
 */
export class OpenAiAssembler {
  private text = '';
  private readonly calls = new Map<number, ToolCallRequest>();
  private usage?: { inputTokens?: number; outputTokens?: number };
  private rawUsage: unknown;
  private finishReason: string | null = null;
  private model?: string;

  constructor(
    private readonly onTextDelta?: (delta: string) => void,
    private readonly grow: (bytes: number) => boolean = () => true,
  ) {}

  add(chunk: ChatCompletionChunk): void {
    if (chunk.model) this.model = chunk.model;
    if (chunk.usage) {
      this.rawUsage = chunk.usage;
      this.usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    }
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta ?? {};
      if (typeof delta.content === 'string' && delta.content !== '') {
        if (!this.grow(utf8Length(delta.content))) return;
        this.text += delta.content;
        this.onTextDelta?.(delta.content);
      }
      for (const piece of delta.tool_calls ?? []) {
        // Some servers omit `index` when they send each call whole: then each piece is a new call.
        const more = (piece.function?.name ?? '') + (piece.function?.arguments ?? '');
        if (more && !this.grow(utf8Length(more))) return;
        const index = piece.index ?? this.calls.size;
        const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.arguments += piece.function.arguments;
        this.calls.set(index, call);
      }
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
  }

  get finished(): boolean {
    return this.finishReason !== null;
  }

  toolCalls(): ToolCallRequest[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }));
  }

  result() {
    const toolCalls = this.toolCalls();
    const wireResponse = {
      model: this.model,
      message: {
        role: 'assistant',
        content: this.text || null,
        ...(toolCalls.length
          ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }
          : {}),
      },
      finish_reason: this.finishReason,
      ...(this.rawUsage ? { usage: this.rawUsage } : {}),
    };
    return { text: this.text, toolCalls, ...(this.usage ? { usage: this.usage } : {}), wireResponse };
  }
}
