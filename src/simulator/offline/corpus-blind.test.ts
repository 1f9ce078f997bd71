// Issue 32: the blind corpus (test/fixtures/offline-corpus-blind/, written by someone who had not
// read the offline model, before any rule changed; held-out/ is never tuned on) and the checker
// that counts wrong values: a value the model wrote that the caller did not give, or the opposite of
// what they said. The offline model's figures on it are printed by `npx tsx scripts/offline-corpus.ts`;
// here: every blind agent imports lint-clean, its script's path exists (a model passing the
// script's arguments walks it to its end stage with no wrong value), and the checker finds what it
// must and flags nothing it must not.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemsOf } from '../../formats/problems';
import { corpusDeps, corpusFiles, loadCorpusAgent, pathModel, playCorpusAgent, type CorpusScript } from './corpus-harness';

const BLIND = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind/', import.meta.url));
/** The second batch, written blind the same way (its README) after the first had been tuned on. */
const BLIND_2 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-2/', import.meta.url));
const batch = (dir: string, label: string) => [
  ...corpusFiles(dir).map((f) => [`${label}${f}`, dir] as const),
  // A batch being written has no held-out part until its agents are checked and split.
  ...(existsSync(`${dir}held-out/`) ? corpusFiles(`${dir}held-out/`).map((f) => [`${label}held-out/${f}`, `${dir}held-out/`] as const) : []),
];
/**
 * The third batch, written blind the same way after batches 1 and 2 had been tuned on and their
 * held-out parts had been looked at (a change had made them wrong): its held-out part is the
 * measure now. Absent until it is written.
 */
const BLIND_3 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-3/', import.meta.url));
/**
 * The fourth batch, written blind the same way after the third's held-out part had been spent; its
 * own held-out rows were printed by the corpus script while it was being split, so it is tuned on
 * too, and the fifth batch's held-out part is the measure. Absent until written.
 */
const BLIND_4 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-4/', import.meta.url));
/**
 * The fifth batch, whose held-out part was the measure until stop 41 (0 of 10 completed, 10 wrong
 * values) and was then spent; the sixth batch, written blind after it, holds the measure now.
 */
const BLIND_5 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-5/', import.meta.url));
const BLIND_6 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-6/', import.meta.url));
/** The seventh batch, written blind after the sixth's held-out part was spent (stop 43). */
const BLIND_7 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-7/', import.meta.url));
/** The eighth batch, written blind after the seventh's held-out part was spent (stop 44). */
const BLIND_8 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-8/', import.meta.url));
/** The ninth batch, written blind after the eighth's held-out part was spent (stop 44). */
const BLIND_9 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-9/', import.meta.url));
/** The tenth, written blind after the ninth's held-out part was spent (stop 44). */
const BLIND_10 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-10/', import.meta.url));
/** The eleventh, written blind after the tenth's held-out part was spent (stop 44). */
const BLIND_11 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-11/', import.meta.url));
/** The twelfth, written blind after the eleventh's held-out part was spent (stop 45). */
const BLIND_12 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-12/', import.meta.url));
/** The thirteenth, written blind after the twelfth's held-out part was spent (stop 45). */
const BLIND_13 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-13/', import.meta.url));
/** The fourteenth, written blind after the thirteenth's held-out part was spent (stop 45). */
const BLIND_14 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-14/', import.meta.url));
/** The fifteenth, written blind to measure the strict reading against agents no rule has seen (stop 46). */
const BLIND_15 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-15/', import.meta.url));
/**
 * The sixteenth batch, written blind by two helpers at once (Pinecall and Block Agent, nine each)
 * while batch 15's held-out part was still unspent: a second measure, and the first sight of the
 * rules as stop 47 left them. Absent until written.
 */
const BLIND_16 = fileURLToPath(new URL('../../../test/fixtures/offline-corpus-blind-16/', import.meta.url));
const blind = [
  ...batch(BLIND, ''),
  ...batch(BLIND_2, 'batch-2/'),
  ...batch(BLIND_3, 'batch-3/'),
  ...(existsSync(BLIND_4) ? batch(BLIND_4, 'batch-4/') : []),
  ...(existsSync(BLIND_5) ? batch(BLIND_5, 'batch-5/') : []),
  ...(existsSync(BLIND_6) ? batch(BLIND_6, 'batch-6/') : []),
  ...(existsSync(BLIND_7) ? batch(BLIND_7, 'batch-7/') : []),
  ...(existsSync(BLIND_8) ? batch(BLIND_8, 'batch-8/') : []),
  ...(existsSync(BLIND_9) ? batch(BLIND_9, 'batch-9/') : []),
  ...(existsSync(BLIND_10) ? batch(BLIND_10, 'batch-10/') : []),
  ...(existsSync(BLIND_11) ? batch(BLIND_11, 'batch-11/') : []),
  ...(existsSync(BLIND_12) ? batch(BLIND_12, 'batch-12/') : []),
  ...(existsSync(BLIND_13) ? batch(BLIND_13, 'batch-13/') : []),
  ...(existsSync(BLIND_14) ? batch(BLIND_14, 'batch-14/') : []),
  ...(existsSync(BLIND_15) ? batch(BLIND_15, 'batch-15/') : []),
  ...(existsSync(BLIND_16) ? batch(BLIND_16, 'batch-16/') : []),
];

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (() => Promise.reject(new Error('no network in the corpus'))) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('the blind corpus', () => {
  it('holds at least 20 agents in both runtimes and at least 10 domains, a third of them held out', () => {
    expect(blind.length).toBeGreaterThanOrEqual(20);
    expect(blind.filter(([f]) => f.endsWith('.yaml')).length).toBeGreaterThanOrEqual(5);
    expect(blind.filter(([f]) => f.endsWith('.tsx')).length).toBeGreaterThanOrEqual(5);
    const heldOut = blind.filter(([f]) => f.includes('held-out/')).length;
    expect(heldOut * 3).toBeGreaterThanOrEqual(blind.length - 1);
  });

  describe.each(blind)('%s', (file, dir) => {
    it('imports with no lint error', async () => {
      const agent = await loadCorpusAgent(file.replace(/^(batch-\d+\/)?(held-out\/)?/, ''), dir);
      const problems = problemsOf(agent.doc).filter((p) => p.severity === 'error');
      expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([]);
    });

    it("has a path: a model passing the script's arguments ends on the end stage with the expected state and no wrong value", async () => {
      const agent = await loadCorpusAgent(file.replace(/^(batch-\d+\/)?(held-out\/)?/, ''), dir);
      const result = await playCorpusAgent(agent, agent.script.lines, { ...(await corpusDeps(agent.doc)), model: pathModel(agent.script) });
      expect(result.divergence).toBeUndefined();
      expect(result.wrongValues).toEqual([]);
    });
  });
});

describe('the wrong-value checker', () => {
  const withCalls = (script: CorpusScript, calls: CorpusScript['calls']): CorpusScript => ({ ...script, calls: { ...script.calls, ...calls } });

  it('flags a boolean said the other way, an argument the caller never gave, and a noWrite field written', async () => {
    const agent = await loadCorpusAgent('power-outage.yaml', BLIND);
    const said = agent.script.calls.outage_details;
    const flipped = withCalls(agent.script, { outage_details: { ...said, medical_equipment: true } });
    const result = await playCorpusAgent(agent, agent.script.lines, { ...(await corpusDeps(agent.doc)), model: pathModel(flipped) });
    expect(result.wrongValues).toContain(`after "${agent.script.lines[2]}": outage_details.medical_equipment = true, expected false`);
    expect(result.wrongValues).toContain('state medical_equipment = true, expected false');

    const invented = withCalls(agent.script, { supply_address: { ...agent.script.calls.supply_address, priority_contact_phone: '07700900111' } });
    const withInvented = await playCorpusAgent(agent, agent.script.lines, { ...(await corpusDeps(agent.doc)), model: pathModel(invented) });
    expect(withInvented.wrongValues.some((w) => /supply_address\.priority_contact_phone = "07700900111", which the caller never gave/.test(w))).toBe(true);
  });

  it('takes a free text in other words when it keeps the content, and refuses one that adds what the caller never said', async () => {
    const agent = await loadCorpusAgent('power-outage.yaml', BLIND);
    const run = async (hazard_location: string) => {
      const script = withCalls(agent.script, { hazard_report: { ...agent.script.calls.hazard_report, hazard_location } });
      return (await playCorpusAgent(agent, agent.script.lines, { ...(await corpusDeps(agent.doc)), model: pathModel(script) })).wrongValues;
    };
    expect(await run('The pole opposite the post box, on the corner of Fenwick Road and Elm Grove.')).toEqual([]);
    expect((await run('the pole opposite the post box on Station Road')).length).toBe(1);
  });

  it('holds a one-token value (an email, a code) to what was said exactly, spaces aside', async () => {
    const agent = await loadCorpusAgent('bike-repair.json');
    const [tool, args] = Object.entries(agent.script.calls).find(([, a]) => Object.values(a).some((v) => typeof v === 'string' && /^\S+$/.test(v) && v.length > 4))!;
    const [key, value] = Object.entries(args).find(([, v]) => typeof v === 'string' && /^\S+$/.test(v) && v.length > 4)! as [string, string];
    const truncated = withCalls(agent.script, { [tool]: { ...args, [key]: value.slice(1) } });
    const result = await playCorpusAgent(agent, agent.script.lines, { ...(await corpusDeps(agent.doc)), model: pathModel(truncated) });
    expect(result.wrongValues.some((w) => w.includes(`${tool}.${key}`))).toBe(true);
  });

  it('counts a phone number with or without its spaces as the same value', async () => {
    const agent = await loadCorpusAgent('bike-repair.json');
    const spaced = withCalls(agent.script, { customer: { ...agent.script.calls.customer, mobile: '07700900123' } });
    const result = await playCorpusAgent(agent, agent.script.lines, { ...(await corpusDeps(agent.doc)), model: pathModel(spaced) });
    expect(result.wrongValues).toEqual([]);
  });
});
