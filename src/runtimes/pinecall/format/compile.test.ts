import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { compileAgent } from '../../../../test/pinecall-agents/compile-agent';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { FIXTURE_NAMES, fixtureDoc, fixtureUrl } from './testing';

// A compile parses the ES2022 library once per worker (seconds); later ones reuse it.
const SLOW = 60_000;

describe('exported classes compile under tsc --strict, experimentalDecorators, jsx: react-jsx', () => {
  it.each(FIXTURE_NAMES)('%s', (name) => {
    const doc = JSON.parse(readFileSync(fixtureDoc(name), 'utf8')) as AgentDocument;
    expect(compileAgent(exportPinecallTs(doc).text)).toEqual([]);
  }, SLOW);

  it('the hand-written fixture compiles, and so does its export after import', () => {
    const text = readFileSync(fixtureUrl('handwritten.tsx'), 'utf8');
    expect(compileAgent(text)).toEqual([]);
    const read = importPinecallTs(text);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(compileAgent(exportPinecallTs(read.doc).text)).toEqual([]);
  }, SLOW);

  it('the declarations refuse a stage the class does not declare, as Pinecall\'s compiler does', () => {
    const doc = JSON.parse(readFileSync(fixtureDoc('clinic-booking'), 'utf8')) as AgentDocument;
    const text = exportPinecallTs(doc).text.replace('@tool({ stage: "goodbye" })', '@tool({ stage: "farewell" })');
    expect(compileAgent(text).join('\n')).toMatch(/a stage option names a value of the class stage field/);
  }, SLOW);
});
