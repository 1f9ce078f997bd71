// Never stuck (issue 32): a run going round in circles says so — the rules read nothing from the
// caller's line and the agent would say again what it just said. The lines here are our own.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ModelRequest, ToolSpec } from '../types';
import { agent, ask, model, tool, user } from './testing';

const survey = tool('book_survey', 'Book a roof survey.', { survey_day: { type: 'string', format: 'date' } });
const EXPLAIN = 'Explain that every quote starts with a free survey of the roof.';

describe('an agent call (Pinecall) that would say its last line again', () => {
  it('a line nothing reads, and the same reply as last time: undecided, naming the line and the repeat', async () => {
    const first = await ask([survey], [user('Good morning')], EXPLAIN);
    const again = await ask([survey], [user('Good morning'), agent(first.text), user('My neighbour recommended you lot')], EXPLAIN);
    expect(again.toolCalls).toEqual([]);
    expect(again.text).toBe(first.text);
    expect(again.undecided).toEqual({ line: 'My neighbour recommended you lot', why: `no rule reads anything from it, and the agent would say "${first.text}" again` });
    expect(again.notes?.join('\n')).toContain('offline rule circling');
  });
  it('near miss: the first time it says the line is no circle', async () => {
    expect((await ask([survey], [user('Good morning')], EXPLAIN)).undecided).toBeUndefined();
  });
  it('near miss: a stage with no tool open has nothing to read a line into (a goodbye said again)', async () => {
    const first = await ask([], [user('Good morning')], EXPLAIN);
    expect((await ask([], [user('Good morning'), agent(first.text), user('Thanks a lot')], EXPLAIN)).undecided).toBeUndefined();
  });
  it('near miss: "Thank you." before the same line is still the same line', async () => {
    const first = await ask([survey], [user('Good morning')], EXPLAIN);
    const again = await ask([survey], [user('Good morning'), agent(`Thank you. ${first.text}`), user('My neighbour recommended you lot')], EXPLAIN);
    expect(again.undecided?.why).toContain('again');
  });
});

describe('a tools call (Block Agent) while the agent repeats itself', () => {
  const wants = tool('storage_enquiry', 'The caller wants to rent a storage unit.', { wants_unit: { type: 'boolean', description: 'True when they want a unit or a price for one.' } });
  const unclear = tool('intent_unclear', 'Not yet clear what the caller wants.', {});
  const toolsCall = (tools: ToolSpec[], messages: ChatMessage[]) =>
    model.complete({ purpose: 'tools', system: 'You are the desk.\n\nSay this is the storage desk and ask how you can help.', messages, tools, toolChoice: 'required' } satisfies ModelRequest);
  const GREETING = 'This is the storage desk. How can I help?';
  it('nothing points at a tool and the agent has said its last line twice running: undecided', async () => {
    const out = await toolsCall([wants, unclear], [user('Hiya'), agent(GREETING), user('The in-laws are moving in'), agent(GREETING), user('We have got a garage full of boxes')]);
    expect(out.undecided).toMatchObject({ line: 'We have got a garage full of boxes', why: expect.stringContaining(`the agent has said "${GREETING}" twice running`) });
  });
  it('near miss: said once only, the reply beside this call may still move on', async () => {
    const out = await toolsCall([wants, unclear], [user('The in-laws are moving in'), agent(GREETING), user('We have got a garage full of boxes')]);
    expect(out.undecided).toBeUndefined();
  });
  it('near miss: a line that points at a tool with all it needs moves the turn on, repeat or not', async () => {
    const out = await toolsCall([wants, unclear], [user('Hiya'), agent(GREETING), user('The in-laws are moving in'), agent(GREETING), user('I would like to rent a storage unit, please')]);
    expect(out.toolCalls.map((c) => c.name)).toEqual(['storage_enquiry']);
    expect(out.undecided).toBeUndefined();
  });
});
