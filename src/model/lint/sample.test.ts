// The embedded sample agent lints clean of the names Pinecall reads as configuration: its caller's
// number is the state field caller_phone, not phone (Pinecall's CONFIG_FIELDS: phone, whatsapp,
// web, language), and the rename brought no new problem.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../loss';
import type { AgentDocument } from '../types';
import { lint } from './index';
import { PINECALL_CONFIG_FIELDS } from './pinecall-refusals';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

/** What the sample lints with, the same on both targets (at their own severities), before and after the rename but state-name-config. */
const KNOWN = [
  ['edge-state-expression-mixed', '/edges/6/conditions/0'],
  ['template-name-not-captured', '/stages/3/instructions'],
];

describe('the sample agent', () => {
  it('keeps the caller\'s number in the state field caller_phone, with its id f_phone, and names no state field after Pinecall\'s configuration', () => {
    expect(sample.target).toBe('pinecall');
    expect(sample.state.find((f) => f.id === 'f_phone')?.name).toBe('caller_phone');
    expect(sample.state.filter((f) => PINECALL_CONFIG_FIELDS.has(f.name))).toEqual([]);
  });

  it.each(TARGETS)('lints with no state-name-config problem and nothing beyond its known problems (%s)', (target) => {
    const problems = lint({ ...structuredClone(sample), target });
    expect(problems.filter((p) => p.rule === 'state-name-config')).toEqual([]);
    expect(problems.map((p) => [p.rule, p.path])).toEqual(KNOWN);
  });

  // Both known problems are Block Agent's concern (it has no state conditions; it renders only what
  // a tool captured): on the sample's own target, Pinecall, they are notes, so it opens with an
  // empty Problems badge; exported to Block Agent they are warnings.
  it('opens on its own target with notes only: warnings follow the target', () => {
    expect(lint(sample).map((p) => p.severity)).toEqual(['info', 'info']);
    expect(lint({ ...structuredClone(sample), target: 'block-agent' }).map((p) => p.severity)).toEqual(['warning', 'warning']);
  });
});
