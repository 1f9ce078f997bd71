// The .zip reader's bounds (zip.ts, zip-bundle.ts): the .zip's size, its entry count and declared
// sizes before anything inflates, and each entry's actual output while it inflates. The bombs are
// built here from small buffers, with headers patched to declare what the test needs.
import { deflateSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZIP_LIMITS } from '../model/limits';
import { emptyDocument } from '../model';
import { exportBundle, GOLDEN_SUFFIX, isGoldenPath } from './bundle';
import { readZip } from './zip';
import { readBundleZip } from './zip-bundle';

/** Every central-directory record of a .zip, by offset (fflate writes no comment, so the scan is exact). */
function centralRecords(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const found: number[] = [];
  for (let at = 0; at + 4 <= zip.length; at++) if (view.getUint32(at, true) === 0x02014b50) found.push(at);
  return found;
}

/** The .zip with the declared (uncompressed) size of entry `index` set to `size`, in both its headers. */
function declaring(zip: Uint8Array, index: number, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const central = centralRecords(out)[index];
  view.setUint32(central + 24, size, true);
  view.setUint32(view.getUint32(central + 42, true) + 22, size, true);
  return out;
}

const agentText = JSON.stringify(emptyDocument('Zipped'));

describe('reading a .zip within limits', () => {
  it('reads a bundle written by the export, agent and goldens', () => {
    const doc = { ...emptyDocument('Clinic'), target: 'block-agent' as const, tests: [{ name: 'hello', input: ['Hi'], expect: {} }] };
    const files = exportBundle(doc, 'block-agent');
    const zip = zipSync(Object.fromEntries(files.map((f) => [f.path, strToU8(f.text)])));
    const read = readBundleZip(zip);
    expect(read).toMatchObject({ ok: true, agent: { path: 'clinic.yaml' }, goldens: [{ path: `tests/hello${GOLDEN_SUFFIX}` }] });
    expect(isGoldenPath(`tests/hello${GOLDEN_SUFFIX}`)).toBe(true);
  });

  it('refuses an entry that declares 3 GB before inflating anything (unzipSync allocated it)', () => {
    const zip = declaring(zipSync({ 'agent.json': strToU8(agentText) }), 0, 3 * 1024 ** 3);
    expect(readBundleZip(zip)).toEqual({ ok: false, message: `agent.json in the .zip is 3 GB once inflated; Callboard reads at most 16 MB per file` });
  }, 10_000);

  it('stops an entry whose header declares 1 KB while it inflates to 32 MB, right past the declared size', () => {
    const bomb = zipSync({ 'agent.json': new Uint8Array(32 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const zip = declaring(bomb, 0, 1024);
    const started = performance.now();
    expect(readBundleZip(zip)).toEqual({
      ok: false,
      message: 'agent.json in the .zip inflates past the 1 KB its header declares, so the .zip is damaged or made to mislead; Callboard stopped there: zip the files again',
    });
    // Stopped after a few slices, not after inflating all 32 MB.
    expect(performance.now() - started).toBeLessThan(2_000);
  }, 10_000);

  it('refuses more entries than the limit from the directory, naming the count and the limit', () => {
    const entries = Object.fromEntries(Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => [`tests/t${i}${GOLDEN_SUFFIX}`, strToU8('{}')]));
    expect(readBundleZip(zipSync(entries))).toEqual({ ok: false, message: 'the .zip lists 1,001 entries; Callboard reads at most 1,000: zip only the agent file and its tests/ folder' });
  });

  it('refuses files whose declared sizes add up past the total, before inflating them', () => {
    const entries = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`tests/t${i}${GOLDEN_SUFFIX}`, strToU8('{}')]));
    let zip: Uint8Array = zipSync({ 'agent.json': strToU8(agentText), ...entries });
    for (let i = 1; i <= 5; i++) zip = declaring(zip, i, 15 * 1024 * 1024);
    expect(readBundleZip(zip)).toEqual({ ok: false, message: 'the files of the .zip are 75 MB once inflated; Callboard reads at most 64 MB from one .zip' });
  });

  it('refuses a .zip larger than the limit before reading it', () => {
    const read = readZip(new Uint8Array(ZIP_LIMITS.zipBytes + 1), () => true);
    expect(read).toEqual({ ok: false, message: 'the .zip is 32 MB; Callboard reads a .zip of at most 32 MB: zip only the agent file and its tests/ folder' });
  });

  it('lists but does not inflate what the bundle does not read', () => {
    const zip = declaring(zipSync({ 'agent.json': strToU8(agentText), 'notes/huge.bin': deflateSync(new Uint8Array(10)) }), 1, 3 * 1024 ** 3);
    expect(readBundleZip(zip)).toMatchObject({ ok: true, agent: { path: 'agent.json' }, goldens: [] });
  });

  it('says a damaged .zip is damaged, where its directory points outside it', () => {
    const zip = zipSync({ 'agent.json': strToU8(agentText) });
    const view = new DataView(zip.buffer);
    view.setUint32(centralRecords(zip)[0] + 42, zip.length + 100, true);
    expect(readBundleZip(zip)).toEqual({ ok: false, message: 'the .zip could not be read (it ends before the entry it describes): export it again, or open the agent file itself' });
  });
});
