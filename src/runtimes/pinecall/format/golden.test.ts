import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { exportPinecallTs } from './export';
import { FIXTURE_NAMES, fixtureDoc, fixtureUrl } from './testing';

/**
 * Golden files: the export of the sample and of each fixture, committed as
 * test/fixtures/pinecall/goldens/<name>.tsx. After an intended change to the exporter, rewrite
 * them with `UPDATE_GOLDENS=1 npx vitest run src/runtimes/pinecall/format` and review the diff.
 */
const update = process.env.UPDATE_GOLDENS === '1';

describe('Pinecall export goldens', () => {
  it.each(FIXTURE_NAMES)('%s', (name) => {
    const doc = JSON.parse(readFileSync(fixtureDoc(name), 'utf8')) as AgentDocument;
    const { text } = exportPinecallTs(doc);
    const golden = fixtureUrl(`goldens/${name}.tsx`);
    if (update) {
      mkdirSync(fixtureUrl('goldens/'), { recursive: true });
      writeFileSync(golden, text);
    }
    expect(existsSync(golden), `no golden ${name}.tsx yet: run with UPDATE_GOLDENS=1`).toBe(true);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });

  it('is deterministic: the same document gives the same text', () => {
    const doc = JSON.parse(readFileSync(fixtureDoc('every-option'), 'utf8')) as AgentDocument;
    expect(exportPinecallTs(structuredClone(doc)).text).toBe(exportPinecallTs(doc).text);
  });

  it('writes agents/<slug>/agent.tsx, the slug in kebab-case and the class in PascalCase', () => {
    const doc = JSON.parse(readFileSync(fixtureDoc('clinic-booking'), 'utf8')) as AgentDocument;
    const out = exportPinecallTs(doc);
    expect(out.path).toBe('agents/clinic-booking/agent.tsx');
    expect(out.text).toContain('export default class ClinicBooking extends Agent {');
    expect(exportPinecallTs({ ...doc, name: 'Texte Étrange 2' }).path).toBe('agents/texte-étrange-2/agent.tsx');
  });
});
