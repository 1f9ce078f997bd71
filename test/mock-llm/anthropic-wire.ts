// Anthropic Messages as the real API sends it: message_start, one content block after another
// (text, then tool_use with `input_json_delta` pieces), message_delta with stop_reason and usage,
// message_stop; the non-streaming body and the error body.
import { splitArguments, splitText } from './split';
import type { MockAnswer } from './types';

function event(type: string, data: object): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

function stopReason(answer: MockAnswer): string {
  return answer.toolCalls.length > 0 ? 'tool_use' : 'end_turn';
}

/** A scripted string that is not JSON still has to be an object in a non-streamed `tool_use`. */
function inputObject(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}

export function anthropicStream(answer: MockAnswer): string[] {
  const message = {
    id: 'msg_mock', type: 'message', role: 'assistant', model: answer.model, content: [],
    stop_reason: null, stop_sequence: null, usage: { input_tokens: answer.inputTokens, output_tokens: 1 },
  };
  const events = [event('message_start', { message })];
  let index = 0;
  if (answer.text) {
    events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const text of splitText(answer.text)) events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    events.push(event('content_block_stop', { index }));
    index++;
  }
  for (const call of answer.toolCalls) {
    events.push(event('content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }));
    for (const partial_json of splitArguments(call.arguments)) {
      events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }));
    }
    events.push(event('content_block_stop', { index }));
    index++;
  }
  events.push(event('message_delta', { delta: { stop_reason: stopReason(answer), stop_sequence: null }, usage: { output_tokens: answer.outputTokens } }));
  events.push(event('message_stop', {}));
  return events;
}

export function anthropicJson(answer: MockAnswer): object {
  const content = [
    ...(answer.text ? [{ type: 'text', text: answer.text }] : []),
    ...answer.toolCalls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: inputObject(call.arguments) })),
  ];
  return {
    id: 'msg_mock', type: 'message', role: 'assistant', model: answer.model, content,
    stop_reason: stopReason(answer), stop_sequence: null,
    usage: { input_tokens: answer.inputTokens, output_tokens: answer.outputTokens },
  };
}

export function anthropicError(status: number, message: string): object {
  const type =
    status === 401 ? 'authentication_error' : status === 403 ? 'permission_error' : status === 429 ? 'rate_limit_error'
      : status === 529 ? 'overloaded_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
  return { type: 'error', error: { type, message } };
}
