// Named versions through a .zip (issue 15): written under versions/ with their index, read back by
// the bundle reader and version-files.ts with their times and notes; bad entries are warnings.
import { strToU8, zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDocument, type AgentDocument } from '../model';
import { exportBundle } from './bundle';
import { slugOf } from '../model/names';
import { MAX_ZIPPED_VERSIONS, readVersionFiles, versionFiles, VERSIONS_INDEX, type PortableVersion } from './version-files';
import { readBundleZip } from './zip-bundle';
import type { BundleFile } from './bundle';

const sample = (): AgentDocument => {
  const loaded = loadDocument(JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8')));
  if (!loaded.ok) throw new Error('the sample does not load');
  return loaded.doc;
};
const zip = (files: BundleFile[]) => zipSync(Object.fromEntries(files.map((f) => [f.path, strToU8(f.text)])));
const T0 = Date.parse('2026-11-30T09:15:00Z');

describe('named versions in a .zip', () => {
  it('round trip: the agent, its goldens and two versions in; the same agent and both versions with times and notes out', () => {
    const now = sample();
    const older = { ...sample(), name: 'Clinic before refills', tools: sample().tools.slice(1) };
    const versions: PortableVersion[] = [{ at: T0 + 60_000, note: 'before the refill flow', doc: now }, { at: T0, doc: older }];
    const bundle = readBundleZip(zip([...exportBundle(now, 'block-agent'), ...versionFiles(versions)]));
    if (!bundle.ok) throw new Error(bundle.message);
    expect(bundle.agent.path.endsWith('.yaml')).toBe(true);
    expect(bundle.goldens.length).toBe(now.tests!.length);
    expect(bundle.versions.map((f) => f.path).sort()).toEqual([
      'versions/2026-11-30T09-15-00Z-clinic-before-refills.callboard.json', `versions/2026-11-30T09-16-00Z-${slugOf(now.name)}.callboard.json`, VERSIONS_INDEX,
    ]);
    const read = readVersionFiles(bundle.versions);
    expect(read.warnings).toEqual([]);
    expect(read.versions.map((v) => [v.at, v.note, v.doc.name, v.doc.tools.length])).toEqual([
      [T0, undefined, 'Clinic before refills', older.tools.length],
      [T0 + 60_000, 'before the refill flow', now.name, now.tools.length],
    ]);
    expect(read.versions[1].doc).toEqual(now);
  });

  it('keeps the newest versions only, at most MAX_ZIPPED_VERSIONS, on the way out and on the way in', () => {
    const doc = sample();
    const many = Array.from({ length: MAX_ZIPPED_VERSIONS + 3 }, (_, i) => ({ at: T0 + i * 1000, note: `v${i}`, doc }));
    const files = versionFiles(many);
    expect(files.length).toBe(MAX_ZIPPED_VERSIONS + 1);
    const index = JSON.parse(files[0].text) as { note: string }[];
    expect(index[0].note).toBe('v3');
    // An index written by hand that lists more: the newest are kept, and it says so.
    const longIndex = JSON.stringify(many.map((v, i) => ({ at: v.at, note: v.note, file: files[1 + Math.min(i, MAX_ZIPPED_VERSIONS - 1)].path.slice('versions/'.length) })));
    const read = readVersionFiles([{ path: VERSIONS_INDEX, text: longIndex }, ...files.slice(1)]);
    expect(read.versions.length).toBe(MAX_ZIPPED_VERSIONS);
    expect(read.versions[0].note).toBe('v3');
    expect(read.warnings.map((w) => w.message)).toEqual([`lists ${MAX_ZIPPED_VERSIONS + 3} versions; Callboard imports at most ${MAX_ZIPPED_VERSIONS}: the newest ${MAX_ZIPPED_VERSIONS} are kept`]);
  });

  it('a bad entry is a warning naming its file and is left out; the good ones still come in', () => {
    const doc = sample();
    const [index, good] = versionFiles([{ at: T0, note: 'good', doc }]);
    const deep = `{"format":"callboard.agent","x":${'['.repeat(200)}${']'.repeat(200)}}`;
    const entries = [
      ...JSON.parse(index.text),
      { at: '2026-11-30T10:00:00Z', note: 'broken', file: 'broken.callboard.json' },
      { at: '2026-11-30T11:00:00Z', file: 'missing.callboard.json' },
      { at: '2026-11-30T12:00:00Z', file: 'deep.callboard.json' },
      { note: 'no time', file: good.path.slice('versions/'.length) },
      { at: '2026-11-30T13:00:00Z', file: '../agent.json' },
    ];
    const read = readVersionFiles([
      { path: VERSIONS_INDEX, text: JSON.stringify(entries) }, good,
      { path: 'versions/broken.callboard.json', text: '{"format": "callboard.agent", "stages": 3}' },
      { path: 'versions/deep.callboard.json', text: deep },
    ]);
    expect(read.versions.map((v) => v.note)).toEqual(['good']);
    const said = read.warnings.map((w) => `${w.severity} ${w.file}: ${w.message}`);
    expect(said).toHaveLength(5);
    expect(said).toContainEqual(expect.stringMatching(/^warning versions\/broken\.callboard\.json: not a Callboard save \(.*\): that version is not imported$/));
    expect(said).toContain('warning versions/missing.callboard.json: listed in versions/index.json but not in the .zip: that version is not imported');
    expect(said).toContainEqual(expect.stringMatching(/^warning versions\/deep\.callboard\.json: not a Callboard save \(.*deep.*\)/));
    expect(said).toContain('warning versions/index.json: entry 5 has no time: write "at" as an ISO time (2026-12-01T18:26:55Z); it is not imported');
    expect(said).toContain('warning versions/index.json: entry 6: "file" must name a file beside the index (<name>.callboard.json); it is not imported');
  });

  it('an index that is not JSON, or not a list, imports no version and says so', () => {
    expect(readVersionFiles([{ path: VERSIONS_INDEX, text: '{oops' }]).warnings[0].message).toMatch(/^not JSON \(.+\): no version is imported$/);
    expect(readVersionFiles([{ path: VERSIONS_INDEX, text: '{}' }]).warnings[0].message).toMatch(/^not a list: /);
    expect(readVersionFiles([{ path: 'versions/a.callboard.json', text: '{}' }]).warnings[0]).toMatchObject({ file: 'versions/a.callboard.json', message: expect.stringContaining('no versions/index.json') });
    expect(readVersionFiles([])).toEqual({ versions: [], warnings: [] });
  });
});
