// "Play the model": the offer read from a step's trace, the form pre-filled from what the model
// sent or the rules read, and the answer typed back from the form as each parameter's schema says.
import { describe, expect, it } from 'vitest';
import type { SimStepRecord } from '../../../store/types';
import type { Session, ToolSpec, TraceEntry } from '../../../simulator/types';
import { undecidedOf, offerOf } from './offer';
import { answerOf, draftOf } from './play-form';

const book: ToolSpec = {
  name: 'book',
  description: 'Book a slot.',
  parameters: { type: 'object', properties: { slot: { type: 'string' }, seats: { type: 'integer' }, express: { type: 'boolean' }, size: { type: 'string', enum: ['small', 'large'] }, tags: { type: 'array', items: { type: 'string' } } }, required: ['slot', 'seats'] },
};
const other: ToolSpec = { name: 'hang_up', description: 'End the call.', parameters: { type: 'object', properties: {} } };
const session = (turn: number, trace: TraceEntry[]): Session => ({ state: {}, stageId: null, transcript: [], changeLog: [], trace, turn, ended: false });
const call = (step: number, response: Extract<TraceEntry, { kind: 'model-call' }>['response']): TraceEntry => ({ kind: 'model-call', step, revision: 0, at: 0, call: 1, ms: 0, request: { purpose: 'agent', system: '', messages: [], tools: [book, other], toolChoice: 'auto' }, response });
const record = (response: Extract<TraceEntry, { kind: 'model-call' }>['response'], played?: SimStepRecord['played']): SimStepRecord => ({ input: { kind: 'say', text: 'the big one' }, before: session(1, []), after: session(2, [call(2, response)]), revision: 0, ...(played ? { played } : {}) });

describe('the offer of a step and its form', () => {
  it('an undecided line: the tool it points at is picked with what the rules read; the reply starts empty', () => {
    const step = record({ text: 'Sorry, I still don\'t have the slot.', toolCalls: [], undecided: { line: 'the big one', why: 'no rule reads slot', tool: 'book', read: { seats: 2 } } });
    const offer = offerOf(step);
    expect(offer).toMatchObject({ step: 2, tools: [book, other], undecided: { line: 'the big one' } });
    expect(undecidedOf([step])).toMatchObject({ line: 'the big one' });
    const draft = draftOf(offer);
    expect(draft.tool).toBe('book');
    expect(draft.says).toBe('');
    expect(Object.fromEntries(draft.fields.book.map((f) => [f.name, f.text]))).toEqual({ slot: '', seats: '2', express: '', size: '', tags: '' });
  });

  it('a step already played offers nothing more; a model\'s tool call pre-fills its own arguments', () => {
    const step = record({ text: 'Booking.', toolCalls: [{ id: 'c1', name: 'book', arguments: '{"slot":"Mon-0","seats":1,"tags":["a"]}' }] });
    expect(undecidedOf([{ ...step, played: { step: 2, says: 'x' } }])).toBeUndefined();
    const draft = draftOf(offerOf(step));
    expect(draft.says).toBe('Booking.');
    expect(Object.fromEntries(draft.fields.book.map((f) => [f.name, f.text]))).toMatchObject({ slot: 'Mon-0', seats: '1', tags: '["a"]' });
  });

  it('types each value as its schema says, leaves empty optional ones out, and names what to write', () => {
    const draft = draftOf(offerOf(record({ text: '', toolCalls: [] })));
    const fill = (values: Record<string, string>) => ({ ...draft, tool: 'book', fields: { ...draft.fields, book: draft.fields.book.map((f) => ({ ...f, text: values[f.name] ?? '' })) } });
    expect(answerOf(fill({ slot: ' Mon-0 ', seats: '2', express: 'true', size: 'large', tags: '["x"]' }))).toEqual({ ok: true, answer: { tools: [{ name: 'book', arguments: { slot: ' Mon-0 ', seats: 2, express: true, size: 'large', tags: ['x'] } }] } });
    expect(answerOf(fill({ slot: 'Mon-0', seats: '2' }))).toEqual({ ok: true, answer: { tools: [{ name: 'book', arguments: { slot: 'Mon-0', seats: 2 } }] } });
    const bad = answerOf(fill({ seats: '2.5', express: 'yes', tags: 'x' }));
    expect(bad.ok ? [] : bad.problems.map((p) => p.message)).toEqual(['slot is required: write its value', 'seats: "2.5" is not a whole number, such as 3', 'express: "yes" is not true or false', 'tags: "x" is not a JSON array, such as ["a", "b"]']);
    expect(answerOf({ ...draft, tool: null, says: ' ' })).toEqual({ ok: false, problems: [{ field: 'says', message: 'Pick a tool or write what the agent says (or both)' }] });
    expect(answerOf({ ...draft, tool: null, says: 'Which slot?' })).toEqual({ ok: true, answer: { says: 'Which slot?' } });
  });
});
