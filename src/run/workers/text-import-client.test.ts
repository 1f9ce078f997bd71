// The text import client without Web Workers (Node): the same api runs in place, so what the
// page is answered can be tested here (the worker itself: e2e/untrusted, e2e/import specs).
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures/block-agent/fixtures';
import { corpus } from '../../../test/security/payloads';
import { importTextInWorker } from './text-import-client';

describe('importTextInWorker', () => {
  it('reads a Block Agent file, named after the file', async () => {
    const result = await importTextInWorker(readFixture('clinic-booking.yaml'), 'yaml', { fileName: 'clinic-booking.yaml' });
    expect(result.kind).toBe('agent');
    if (result.kind === 'agent') expect(result.doc.name).toBe('Clinic Booking');
  });

  it('gives a tab-indented file its one-click fix back as a function that re-indents', async () => {
    const seed = readFixture('seed-sample-tools.txt');
    const refused = await importTextInWorker(seed, 'yaml');
    if (refused.kind !== 'error' || !refused.fix) throw new Error('expected the tab error and its fix');
    expect(refused.errors[0]).toMatchObject({ line: 3, column: 1 });
    const fixed = await importTextInWorker(refused.fix.apply(seed), 'yaml');
    expect(fixed.kind).toBe('tools');
  });

  it('refuses an alias bomb with its line, and a JSON file that is not an agent', async () => {
    const bomb = corpus({ marker: '/tmp/callboard-text-import-test' }).find((p) => p.id === 'yaml-alias-big-anchor')!;
    const refused = await importTextInWorker(bomb.text, 'yaml');
    if (refused.kind !== 'error') throw new Error('expected the alias to be refused');
    expect(refused.errors[0].message).toMatch(/alias \*big/);
    expect(refused.fix).toBeUndefined();
    expect((await importTextInWorker('{"stages": 3}', 'json')).kind).toBe('error');
  });
});
