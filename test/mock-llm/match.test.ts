// The mock's matching rules: both wire shapes read alike, first matching turn with uses left wins.
import { describe, expect, it } from 'vitest';
import { MockScript, normaliseRequest, turnMatches } from './match';
import { splitArguments, splitText } from './split';

const tools = [{ type: 'function', function: { name: 't', parameters: {} } }];
const anthropicTools = [{ name: 't', input_schema: {} }];

describe('normaliseRequest', () => {
  it('reads OpenAI tool_choice, treating "none" and no tools alike', () => {
    expect(normaliseRequest('openai', { tools, tool_choice: 'required' })).toMatchObject({ toolChoice: 'required', hasTools: true });
    expect(normaliseRequest('openai', { tools })).toMatchObject({ toolChoice: 'auto', hasTools: true });
    expect(normaliseRequest('openai', { tools, tool_choice: 'none' })).toMatchObject({ toolChoice: 'none', hasTools: false });
    expect(normaliseRequest('openai', { tool_choice: 'required' })).toMatchObject({ toolChoice: 'none', hasTools: false });
  });

  it("reads Anthropic's {type: any} as required, {type: auto} as auto, and no tools as none", () => {
    expect(normaliseRequest('anthropic', { tools: anthropicTools, tool_choice: { type: 'any' } })).toMatchObject({ toolChoice: 'required', hasTools: true });
    expect(normaliseRequest('anthropic', { tools: anthropicTools, tool_choice: { type: 'auto' } })).toMatchObject({ toolChoice: 'auto' });
    expect(normaliseRequest('anthropic', { tools: anthropicTools })).toMatchObject({ toolChoice: 'auto' });
    expect(normaliseRequest('anthropic', { messages: [] })).toMatchObject({ toolChoice: 'none', hasTools: false });
  });

  it('finds the system prompt and the last user text in both shapes', () => {
    const openai = normaliseRequest('openai', {
      messages: [{ role: 'system', content: 'Be Sofia.' }, { role: 'user', content: 'first' }, { role: 'assistant', content: 'x' }, { role: 'user', content: 'second' }],
    });
    expect(openai).toMatchObject({ system: 'Be Sofia.', lastUser: 'second' });
    const anthropic = normaliseRequest('anthropic', {
      system: [{ type: 'text', text: 'Be Sofia.' }],
      messages: [
        { role: 'user', content: 'my birthday is May 3' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 't', input: {} }] },
        // A user message that holds only a tool result is not the caller's line.
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'ok' }] },
      ],
    });
    expect(anthropic).toMatchObject({ system: 'Be Sofia.', lastUser: 'my birthday is May 3' });
  });
});

describe('toolsInclude', () => {
  it('matches a phrase of the tools offered, in both wire shapes, and never a request without tools', () => {
    const described = [{ type: 'function', function: { name: 'book', description: 'Only for NEW patients.', parameters: {} } }];
    const openai = normaliseRequest('openai', { tools: described });
    expect(turnMatches({ match: { toolsInclude: 'NEW patients' } }, openai)).toBe(true);
    expect(turnMatches({ match: { toolsInclude: 'returning patients' } }, openai)).toBe(false);
    const anthropic = normaliseRequest('anthropic', { tools: [{ name: 'book', description: 'Only for NEW patients.', input_schema: {} }] });
    expect(turnMatches({ match: { toolsInclude: 'NEW patients' } }, anthropic)).toBe(true);
    expect(turnMatches({ match: { toolsInclude: 'NEW patients' } }, normaliseRequest('openai', { messages: [] }))).toBe(false);
  });
});

describe('MockScript', () => {
  const ask = (over: object = {}) => ({ provider: 'openai' as const, model: 'm', stream: true, toolChoice: 'auto' as const, hasTools: true, lastUser: 'hello there', system: 'You are Sofia.', ...over });

  it('checks every condition of a match', () => {
    expect(turnMatches({ match: { toolChoice: 'required' } }, ask())).toBe(false);
    expect(turnMatches({ match: { hasTools: false } }, ask())).toBe(false);
    expect(turnMatches({ match: { lastUserIncludes: 'hello' } }, ask())).toBe(true);
    expect(turnMatches({ match: { lastUserIncludes: 'bye' } }, ask())).toBe(false);
    expect(turnMatches({ match: { systemIncludes: 'Sofia', toolChoice: 'auto' } }, ask())).toBe(true);
    expect(turnMatches({}, ask())).toBe(true);
  });

  it('answers with the first matching turn that has uses left; times defaults to 1, 0 is forever', () => {
    const script = new MockScript();
    const once = { match: { toolChoice: 'auto' as const }, reply: { text: 'once' } };
    const forever = { reply: { text: 'forever' }, times: 0 };
    const twice = { match: { toolChoice: 'required' as const }, reply: { text: 'twice' }, times: 2 };
    script.replace([twice, once, forever]);
    const auto = ask();
    const required = ask({ toolChoice: 'required' });
    expect([script.take(auto), script.take(auto), script.take(auto)]).toEqual([once, forever, forever]);
    expect([script.take(required), script.take(required), script.take(required)]).toEqual([twice, twice, forever]);
  });

  it('has no answer when nothing matches', () => {
    const script = new MockScript();
    script.replace([{ match: { hasTools: false }, reply: { text: 'x' } }]);
    expect(script.take(ask())).toBeUndefined();
  });
});

describe('stream pieces', () => {
  it('cuts text into several small pieces that join back', () => {
    const text = 'Good morning, Clínica Norte speaking.';
    const pieces = splitText(text);
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.every((p) => p.length <= 6)).toBe(true);
    expect(pieces.join('')).toBe(text);
  });

  it('cuts arguments so any JSON longer than 7 characters spans chunks', () => {
    const json = JSON.stringify({ date: '2025-03-14' });
    expect(splitArguments(json).length).toBeGreaterThan(2);
    expect(splitArguments(json).join('')).toBe(json);
  });
});
