// A class's hangup, simulated as the platform runs it (pinecall/runtime session.py `_declared`):
// the model is offered livekit's end_call, its description followed by the class's words and the
// rule to say goodbye in the same reply, while the agent greets too (livekit hides an
// ignore_on_enter tool only inside on_enter, and the runtime greets from Session.start); calling
// it ends the call.
import { describe, expect, it } from 'vitest';
import { importPinecallPython } from '../format/python/import';
import { pinecallPythonToolSpecs } from '../format/python/spec';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { answer, openToolNames, say, scriptedModel } from '../../../simulator/testing';
import { classHangup } from '../../../simulator/class-code/hangup';
import { pinecallStep } from './step';

const classWith = (hangup: string, extra = '') => `from pinecall import Agent, improvise, tool


class Parcels(Agent):
    """You rebook parcel deliveries."""

${hangup}
    greeting = improvise("Greet the caller")

    @tool
    def rebook(self, day: str) -> dict:
        """Rebooks the delivery for the day the caller names."""
        return {"day": day}
${extra}`;

function read(text: string) {
  const out = importPinecallPython(text);
  if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
  return out.doc;
}

const deps = (model: ReturnType<typeof scriptedModel>) => ({ model, runner: mockToolRunner, toolSpecs: pinecallPythonToolSpecs, revision: 1, now: () => 5 });

describe('a class that lets the model end the call', () => {
  it('offers end_call with the class\'s words, and calling it ends the call after the goodbye, with nothing generated after', async () => {
    const doc = read(classWith('    hangup = "once the delivery is rebooked"'));
    expect(classHangup(doc)).toEqual({ when: 'once the delivery is rebooked' });
    const model = scriptedModel([answer('Done, it comes on Friday. Goodbye!', ['end_call', {}]), say('never asked')]);
    const out = await pinecallStep(doc, newSession(doc), 'That is all, thanks', deps(model));
    const offered = model.requests[0].tools.find((t) => t.name === 'end_call')!;
    expect(offered.parameters).toEqual({ type: 'object', properties: {}, required: [] });
    // livekit-agents 1.8.3–1.8.9's END_CALL_DESCRIPTION, newlines at both ends and curly quotes as in its source.
    expect(offered.description.startsWith('\nEnds the current call and disconnects immediately.\n\nCall when:\n- The user clearly indicates they are done (e.g., “that’s all, bye”).\n\nDo not call when:')).toBe(true);
    expect(offered.description.endsWith('\nonce the delivery is rebooked\nSay your goodbye in the same reply in which you call this, before the call: nothing you say after it is heard, and nothing is generated for you.')).toBe(true);
    expect(model.requests).toHaveLength(1);
    expect(out.ended).toBe(true);
    expect(out.transcript.filter((l) => l.kind === 'agent').map((l) => l.kind === 'agent' && l.text)).toEqual(['Done, it comes on Friday. Goodbye!']);
  });

  it('`hangup = True` gives the tool its own words and the goodbye rule only; it is offered while the agent greets too', async () => {
    const doc = read(classWith('    hangup = True'));
    const model = scriptedModel([say('Hello, parcels here.'), say('Which day suits you?')]);
    const opened = await pinecallStep(doc, newSession(doc), null, deps(model));
    // The runtime asks for it hidden while greeting (ignore_on_enter), but livekit 1.8.3–1.8.9 hides
    // such a tool only in a reply made inside on_enter, and the runtime greets from Session.start.
    expect(openToolNames(model.requests[0])).toEqual(['rebook', 'end_call']);
    await pinecallStep(doc, opened, 'I need to move a delivery', deps(model));
    const offered = model.requests[1].tools.find((t) => t.name === 'end_call')!;
    expect(offered.description.endsWith("Don't generate any other text or response when the tool is called.\n\nSay your goodbye in the same reply in which you call this, before the call: nothing you say after it is heard, and nothing is generated for you.")).toBe(true);
  });

  it('near misses: no hangup offers no end_call; a class\'s own end_call tool is the one offered; a hangup read from code is not guessed', async () => {
    const none = read(classWith(''));
    const model = scriptedModel([say('Which day?')]);
    await pinecallStep(none, newSession(none), 'Hi', deps(model));
    expect(model.requests[0].tools.map((t) => t.name)).toEqual(['rebook']);
    const own = read(classWith('    hangup = True', '\n    @tool\n    def end_call(self) -> str:\n        """Ends the call when the caller says goodbye."""\n        return "bye"\n'));
    const second = scriptedModel([say('Which day?')]);
    await pinecallStep(own, newSession(own), 'Hi', deps(second));
    expect(second.requests[0].tools.filter((t) => t.name === 'end_call').map((t) => t.description)).toEqual(['Ends the call when the caller says goodbye.']);
    expect(classHangup(read(classWith('    hangup = WHEN_DONE')))).toBeUndefined();
  });

  it('refuses, in the SDK\'s words, a hangup the SDK refuses (improvise, False, blank words), and keeps one read from code with a warning', () => {
    const message = 'hangup is when the model may end the call, in your words, or True whenever it judges the call done';
    for (const value of ['improvise("when done")', 'False', '"  "']) {
      const out = importPinecallPython(classWith(`    hangup = ${value}`));
      expect(out.ok ? [] : out.errors.map((e) => e.message), value).toEqual([message]);
    }
    const fromCode = importPinecallPython(classWith('    hangup = WHEN_DONE'));
    expect(fromCode.ok && fromCode.warnings.map((w) => w.message)).toEqual([`${message}; this one is read from code, so it is kept as written and the simulator offers no end_call`]);
  });
});
