// What the Pinecall runtime (pinecall/runtime, pinecall/session/tools.py and session.py) puts in
// front of the model, checked on its own and through the step: the text of a tool's result
// (result_text / output_text), the date pair every history opens with (date_pair, _opened).
// The expected strings are Python's own output (json.dumps(..., ensure_ascii=False)), written here.
import { describe, expect, it } from 'vitest';
import { scriptedToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { answer, sampleAgent, say, scriptedModel, sessionAt, type Scripted } from '../../../simulator/testing';
import type { StepDeps } from '../../../simulator/types';
import { datePair, localIsoDate, outputText, pythonJsonDumps, resultText } from './runtime-words';
import { pinecallStep } from './step';

describe('pythonJsonDumps: json.dumps(value, ensure_ascii=False)', () => {
  it('writes Python\'s separators, the keys in the order given, non-ASCII as is', () => {
    // python3 -c 'import json; print(json.dumps({"name": "Añá", "nested": {"a": None, "b": True, "e": {}, "l": []}, "q": "say \"hi\"\n"}, ensure_ascii=False))'
    expect(pythonJsonDumps({ name: 'Añá', nested: { a: null, b: true, e: {}, l: [] }, q: 'say "hi"\n' })).toBe('{"name": "Añá", "nested": {"a": null, "b": true, "e": {}, "l": []}, "q": "say \\"hi\\"\\n"}');
    expect(pythonJsonDumps({ z: 1, a: 2 })).toBe('{"z": 1, "a": 2}');
  });

  it('prints numbers as Python prints what JSON made of them: ints with all their digits, floats by repr', () => {
    // json.dumps(json.loads('[1, 2.5, 0.00001, 0.0001, 1e+21, 10000000000000000, 1152921504606847000, -0.5, 1e-7, 1.5e+300, 5e-324, 1234567890123456.8]'))
    expect(pythonJsonDumps([1, 2.5, 0.00001, 0.0001, 1e21, 1e16, 2 ** 60, -0.5, 1e-7, 1.5e300, 5e-324, 1234567890123456.8])).toBe(
      '[1, 2.5, 1e-05, 0.0001, 1e+21, 10000000000000000, 1152921504606847000, -0.5, 1e-07, 1.5e+300, 5e-324, 1234567890123456.8]',
    );
    expect(pythonJsonDumps([0.001, 100.5, -0])).toBe('[0.001, 100.5, 0]');
  });

  it('near miss: a whole float keeps no .0 (JavaScript holds none): 39.0 prints 39, where Python prints 39.0', () => {
    expect(pythonJsonDumps({ total: 39.0 })).toBe('{"total": 39}');
  });
});

describe('what the model reads of a tool\'s result (tools.py result_text, output_text)', () => {
  it('the error, else "" for no output, a string as it is, a list inside {"items": …}, anything else json.dumps', () => {
    expect(resultText({ ok: true }, 'no agenda for Sunday')).toBe('no agenda for Sunday');
    expect(resultText(null, undefined)).toBe('');
    expect(resultText(undefined, undefined)).toBe('');
    expect(resultText('Booked.', undefined)).toBe('Booked.');
    expect(resultText([{ id: 'a' }, 'b'], undefined)).toBe('{"items": [{"id": "a"}, "b"]}');
    expect(resultText({ when: 'martes 10:00', ok: true }, undefined)).toBe('{"when": "martes 10:00", "ok": true}');
    expect(resultText(0, undefined)).toBe('0');
    expect(resultText(false, undefined)).toBe('false');
  });

  it('near misses: the string "null" is a string, an empty list is still wrapped, a list inside an object is not', () => {
    expect(outputText('null')).toBe('null');
    expect(outputText([])).toBe('{"items": []}');
    expect(outputText({ slots: ['9:00'] })).toBe('{"slots": ["9:00"]}');
  });
});

const doc = sampleAgent();
const deps = (script: Scripted[], more: Partial<StepDeps> = {}) => {
  const model = scriptedModel(script);
  return { model, deps: { model, runner: scriptedToolRunner({}), revision: 1, now: () => 1000, ...more } satisfies StepDeps };
};

describe('through the step: the model reads the runtime\'s text, the transcript keeps the value', () => {
  it('a tool that answers nothing is read as "", one that answers a list as {"items": …}', async () => {
    const runner = scriptedToolRunner({ free_slots: { result: null } });
    const { model, deps: d } = deps([answer('', ['free_slots', { day: 'martes', visit: 'limpieza' }]), say('ok')], { runner });
    const out = await pinecallStep(doc, sessionAt(doc, 's_choose', {}), 'martes', d);
    expect(model.requests[1].messages.findLast((m) => m.role === 'tool')).toMatchObject({ role: 'tool', name: 'free_slots', content: '' });
    expect(out.transcript.find((l) => l.kind === 'tool-result')).toMatchObject({ result: null, modelReads: '' });

    const listed = scriptedToolRunner({ free_slots: { result: [{ when: 'mañana 9:00' }] } });
    const again = deps([answer('', ['free_slots', { day: 'martes', visit: 'limpieza' }]), say('ok')], { runner: listed });
    await pinecallStep(doc, sessionAt(doc, 's_choose', {}), 'martes', again.deps);
    expect(again.model.requests[1].messages.findLast((m) => m.role === 'tool')).toMatchObject({ role: 'tool', content: '{"items": [{"when": "mañana 9:00"}]}' });
  });
});

describe('the date pair the runtime opens every history with (tools.py date_pair, session.py _opened)', () => {
  it('is a current_date call (clock_1, arguments {}) and its answer, from the call\'s today', () => {
    // python3 -c 'import json; print(json.dumps({"today": "2026-05-06", "weekday": "wednesday"}))'
    expect(datePair('2026-05-06')).toEqual([
      { role: 'assistant', content: '', toolCalls: [{ id: 'clock_1', name: 'current_date', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'clock_1', name: 'current_date', content: '{"today": "2026-05-06", "weekday": "wednesday"}' },
    ]);
    expect(datePair('2026-05-10')[1]).toMatchObject({ content: '{"today": "2026-05-10", "weekday": "sunday"}' });
  });

  it('opens the history once, before the greeting and every turn, on every model call of the call', async () => {
    const pair = datePair('2026-05-06');
    const { model, deps: d } = deps([say('Clínica Norte, hello.'), say('Sure.')], { call: { today: '2026-05-06' } });
    const greeted = await pinecallStep(doc, newSession(doc), null, d);
    expect(model.requests[0].messages).toEqual(pair);
    await pinecallStep(doc, greeted, 'I need a cleaning', d);
    expect(model.requests[1].messages).toEqual([...pair, { role: 'assistant', content: 'Clínica Norte, hello.' }, { role: 'user', content: 'I need a cleaning' }]);
    expect(model.requests[1].messages.filter((m) => m.role === 'tool')).toHaveLength(1);
    // The transcript is the call's own: the pair is the runtime's, in the request only.
    expect(greeted.transcript).toEqual([{ kind: 'agent', text: 'Clínica Norte, hello.' }]);
  });

  it('near miss: a today that is no date falls back to the date on the step\'s clock', async () => {
    const now = Date.UTC(2026, 0, 15, 12);
    const { model, deps: d } = deps([say('Hi.')], { call: { today: 'tomorrow' }, now: () => now });
    await pinecallStep(doc, newSession(doc), 'hello', d);
    expect(model.requests[0].messages.slice(0, 2)).toEqual(datePair(localIsoDate(now)));
  });
});
