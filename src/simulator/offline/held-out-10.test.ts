// Rules made general from the tenth blind batch's held-out part once it was spent (issue 32): each
// refuses to guess or reads a kind of line, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { readEnum } from './enums';
import { calls, model, tool, user } from './testing';

const route = (tools: ReturnType<typeof tool>[], line: string) =>
  model.complete({ purpose: 'tools', system: 'You are the desk.', messages: [user(line)], tools, toolChoice: 'required' });
const notYet = tool('caller_intent_not_yet_detected', 'Purpose of the call not clear yet.', {});

describe('a crisis tool is never picked by a word of opinion, of the call or of anyone', () => {
  const crisis = tool('in_crisis', 'The caller says they are thinking of harming themselves or someone else, or is in immediate danger.', { immediate_danger: { type: 'boolean' } });
  const existing = tool('current_client', 'An existing client calling about an appointment or a bill.', { client_name: { type: 'string' } });
  it('"I think I need to talk to someone … give you guys a call" writes no immediate_danger, true or false', async () => {
    const out = await route([crisis, existing, notYet], 'I think I need to talk to someone. My doctor said I should give you guys a call.');
    expect(calls(out)).toEqual([['caller_intent_not_yet_detected', {}]]);
  });
  it('"nobody else sees it" denies no crisis either', async () => {
    const out = await route([crisis, existing, notYet], "You can leave a message, it's my own phone, nobody else sees it.");
    expect(calls(out)).toEqual([['caller_intent_not_yet_detected', {}]]);
  });
  it('near miss: a caller who says they are in danger is routed there', async () => {
    const out = await route([crisis, existing, notYet], "I'm in danger right now, I'm thinking of harming myself.");
    expect(calls(out)).toEqual([['in_crisis', { immediate_danger: true }]]);
  });
});

describe('names and kinds', () => {
  const applicant = tool('applicant_details', 'The applicant.', { first_name: { type: 'string' }, middle_names: { type: 'string', description: 'Only if they give any.' }, surname: { type: 'string' } }, ['first_name', 'surname']);
  it('"It\'s Siobhan Murphy" has no middle name', async () => {
    const out = await route([applicant], "It's Siobhan Murphy.");
    expect(calls(out)).toEqual([['applicant_details', { first_name: 'Siobhan', surname: 'Murphy' }]]);
  });
  it('near miss: "It\'s Ann Marie Smith" has Marie between', async () => {
    const out = await route([applicant], "It's Ann Marie Smith.");
    expect(calls(out)[0]?.[1]).toMatchObject({ first_name: 'Ann', middle_names: 'Marie' });
  });
  const kinds = ['bouldering_taster', 'rope_induction', 'kids_club'];
  const described = ['kind: "bouldering_taster", "rope_induction" (ropes and belaying) or "kids_club".'];
  it('"the proper climbing, with the ropes" meets rope_induction by its definition\'s word of kind', () => {
    expect(readEnum(kinds, 'We want to have a go at the proper climbing, with the ropes.', described)).toMatchObject({ value: 'rope_induction' });
  });
  it('near miss: the thing itself named as a place meets no "a leaning or broken pole"', () => {
    expect(readEnum(['damaged_pole', 'fallen_wire'], "It's the pole opposite the post box.", ['damaged_pole: a leaning or broken pole. fallen_wire: a wire down.'])).toBeUndefined();
  });
});
