// Pipecat's seven example flows on a mock OpenAI-compatible server: the answers the offline model
// gave on each happy path are served by the mock LLM over HTTP, and the run through the OpenAI
// provider (its wire: the role message as the system message, a node's task messages as system
// messages where they stand, the functions offered) walks the same nodes and calls the same
// functions. What the server received is checked against Pipecat's shape of a request.
import { describe, expect, it } from 'vitest';
import { settingsFor, startMockLlmPerFile } from '../../../../test/mock-llm/fixtures';
import { createModel } from '../../../simulator/providers';
import { calledFunctions, HAPPY_PATHS, nodePath, runHappyPath } from './testing';

const mockLlm = startMockLlmPerFile();

describe('the example flows on a mock OpenAI-compatible server', () => {
  it.each(HAPPY_PATHS.map((p) => [p.flow, p] as const))('%s: the same nodes and functions through the OpenAI wire', async (_name, path) => {
    const offline = await runHappyPath(path);
    // The offline model walks the script's happy path (happy-paths.test.ts): the served run walks it too.
    expect(nodePath(offline.session)).toEqual(path.path);
    const answers = offline.session.trace.flatMap((t) => (t.kind === 'model-call' && t.response ? [t.response] : []));
    const mock = mockLlm();
    mock.script(answers.map((a) => ({ reply: { text: a.text, toolCalls: a.toolCalls.map((c) => ({ name: c.name, arguments: JSON.parse(c.arguments || '{}') as object })) } })));
    const served = await runHappyPath(path, { model: createModel(settingsFor('openai', mock)) });
    expect(nodePath(served.session)).toEqual(nodePath(offline.session));
    expect(calledFunctions(served.session)).toEqual(calledFunctions(offline.session));
    expect(served.session.ended).toBe(offline.session.ended);
    const requests = mock.requests().map((r) => r.body as { messages: { role: string; content?: string }[]; tools?: { function: { name: string } }[] });
    expect(requests).toHaveLength(answers.length);
    // The node's task is a system message in the conversation, after the role message that opens it.
    const first = requests[0];
    expect(first.messages[0].role).toBe('system');
    expect(first.messages.slice(1).some((m) => m.role === 'system')).toBe(true);
  });
});
