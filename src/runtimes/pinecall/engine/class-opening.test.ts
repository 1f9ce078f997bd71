import { describe, expect, it } from 'vitest';
import { importPinecallTs } from '../format/import';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { say, scriptedModel } from '../../../simulator/testing';
import { pinecallStep } from './step';

// Pinecall 0.11's environment (pinecall/_opening.py): a class that declares `static greeting = "…"`
// opens the call with those words, with no model call; `improvise` leaves the words to the model.

const classWith = (greeting: string) => [
  'import { Agent, improvise, tool } from "@pinecall/agents";', '',
  '/** The front desk of Clínica Norte. */',
  'export default class Recepcion extends Agent {',
  `  static greeting = ${greeting};`, '',
  '  /** Say goodbye. */', '  @tool()', '  async bye() {', '    return "ok";', '  }', '}', '',
].join('\n');

function imported(text: string) {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
  return read.doc;
}

describe('a class that declares its greeting', () => {
  it('is read as the agent opening the call, and the words open it with no model call', async () => {
    const doc = imported(classWith('"Clínica Norte, buenos días. ¿En qué puedo ayudarle?"'));
    expect(doc.opening).toBe('agent');
    const model = scriptedModel([say('(the model should not be asked)')]);
    const out = await pinecallStep(doc, newSession(doc), null, { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(model.requests).toHaveLength(0);
    expect(out.transcript).toEqual([{ kind: 'agent', text: 'Clínica Norte, buenos días. ¿En qué puedo ayudarle?' }]);
    expect(out.trace.some((t) => t.kind === 'note' && t.message.includes('no model call'))).toBe(true);
  });

  it('leaves the opening to the model with improvise', async () => {
    const doc = imported(classWith('improvise("Greet them warmly")'));
    expect(doc.opening).toBe('agent');
    const model = scriptedModel([say('Hello there, welcome!')]);
    const out = await pinecallStep(doc, newSession(doc), null, { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(model.requests).toHaveLength(1);
    expect(out.transcript).toEqual([{ kind: 'agent', text: 'Hello there, welcome!' }]);
  });

  it('a caller line first is answered by the model as always', async () => {
    const doc = imported(classWith('"Clínica Norte."'));
    const model = scriptedModel([say('Of course.')]);
    const out = await pinecallStep(doc, newSession(doc), 'Hi, I need a cleaning', { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(model.requests).toHaveLength(1);
    expect(out.transcript.at(-1)).toEqual({ kind: 'agent', text: 'Of course.' });
  });
});

describe('a TypeScript class that lets the model end the call (static hangup)', () => {
  const withHangup = (hangup: string) => classWith('"Clínica Norte, buenos días."').replace('  static greeting', `  static hangup = ${hangup};\n  static greeting`);

  it('offers the platform\'s end_call with the class\'s words (a greeting said as written calls no model); calling it ends the call', async () => {
    const doc = imported(withHangup('"once the patient has an appointment"'));
    const model = scriptedModel([{ text: 'Perfecto, adiós.', toolCalls: [{ id: 'c1', name: 'end_call', arguments: '{}' }] }]);
    const opened = await pinecallStep(doc, newSession(doc), null, { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(model.requests).toHaveLength(0);
    const out = await pinecallStep(doc, opened, 'Nada más, gracias', { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    const endCall = model.requests[0].tools.find((t) => t.name === 'end_call')!;
    expect(endCall.description).toContain('\nonce the patient has an appointment\nSay your goodbye in the same reply');
    expect(out.ended).toBe(true);
  });

  it('a near miss: `static hangup = true` says no words of its own; a hangup computed in code offers nothing', async () => {
    const whenever = imported(withHangup('true'));
    const model = scriptedModel([say('¿Algo más?')]);
    await pinecallStep(whenever, newSession(whenever), 'Hola', { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(model.requests[0].tools.find((t) => t.name === 'end_call')!.description.endsWith("Don't generate any other text or response when the tool is called.\n\nSay your goodbye in the same reply in which you call this, before the call: nothing you say after it is heard, and nothing is generated for you.")).toBe(true);
    const computed = imported(withHangup('WHEN_DONE'));
    const second = scriptedModel([say('¿Algo más?')]);
    await pinecallStep(computed, newSession(computed), 'Hola', { model: second, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(second.requests[0].tools.map((t) => t.name)).toEqual(['bye']);
  });
});
