// OpenAI Chat Completions as the real API sends it: the stream's chunk order (role, content
// pieces, tool calls by `index` with arguments in pieces, finish_reason, usage with `choices: []`,
// `[DONE]`), the non-streaming body and the error body.
import { splitArguments, splitText } from './split';
import type { MockAnswer } from './types';

const CREATED = 1_700_000_000;

function chunk(answer: MockAnswer, choices: unknown[], extra: object = {}): string {
  const body = { id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: CREATED, model: answer.model, choices, ...extra };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function finishReason(answer: MockAnswer): string {
  return answer.toolCalls.length > 0 ? 'tool_calls' : 'stop';
}

function usage(answer: MockAnswer) {
  return {
    prompt_tokens: answer.inputTokens,
    completion_tokens: answer.outputTokens,
    total_tokens: answer.inputTokens + answer.outputTokens,
  };
}

/** Server-sent events, one string per event. */
export function openAiStream(answer: MockAnswer): string[] {
  const delta = (d: object, finish: string | null = null) => chunk(answer, [{ index: 0, delta: d, logprobs: null, finish_reason: finish }]);
  const events = [delta({ role: 'assistant', content: '', refusal: null })];
  for (const piece of splitText(answer.text)) events.push(delta({ content: piece }));
  // Each call opens with its id and name, then the calls' argument pieces interleave by index.
  const pieces = answer.toolCalls.map((call) => splitArguments(call.arguments));
  answer.toolCalls.forEach((call, index) => {
    events.push(delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
  });
  const longest = Math.max(0, ...pieces.map((p) => p.length));
  for (let i = 0; i < longest; i++) {
    pieces.forEach((list, index) => {
      if (i < list.length) events.push(delta({ tool_calls: [{ index, function: { arguments: list[i] } }] }));
    });
  }
  events.push(delta({}, finishReason(answer)));
  events.push(chunk(answer, [], { usage: usage(answer) }));
  events.push('data: [DONE]\n\n');
  return events;
}

export function openAiJson(answer: MockAnswer): object {
  const toolCalls = answer.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
  return {
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    created: CREATED,
    model: answer.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.text || null, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
        logprobs: null,
        finish_reason: finishReason(answer),
      },
    ],
    usage: usage(answer),
  };
}

export function openAiError(status: number, message: string): object {
  const type = status === 401 ? 'invalid_request_error' : status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return { error: { message, type, param: null, code: null } };
}
