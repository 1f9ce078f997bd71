// Plays every agent of the offline corpora on the offline model and prints a table: agent, runtime,
// completed, tools called against expected, and where the run left its happy path; then, per part,
// how many completed and every value written that the caller did not give (issue 32).
//   tuned:    test/fixtures/offline-corpus/ (written with the rules) and the blind batches
//             test/fixtures/offline-corpus-blind/, -2/ … -6/ whole (written blind, before any
//             rule changed for them; their held-out parts were seen in the end: see PARTS), -7/
//             to -14/ whole, and the tops of -15/ and -16/
//   held-out: test/fixtures/offline-corpus-blind-15/held-out/ (never tuned on: the honest measure;
//             only its totals are printed), and -16/held-out/ beside it ("held-out 16")
//   npx tsx scripts/offline-corpus.ts --tuned       the tuned part only
//   npx tsx scripts/offline-corpus.ts                 the table, and the held-out part's totals
//   npx tsx scripts/offline-corpus.ts --held-out-rows … and its rows (spends it: see PARTS)
//   npx tsx scripts/offline-corpus.ts vet -v          agents whose name holds "vet", with each step
//   npx tsx scripts/offline-corpus.ts vet -v --notes  … and the model's notes on each call
//   npx tsx scripts/offline-corpus.ts --json          one JSON result per line (for other tools)
//   npx tsx scripts/offline-corpus.ts --strict        … with the strict model (evidence-strength.ts)
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CORPUS_DIR, corpusDeps, loadCorpus, playCorpusAgent, type CorpusAgent, type CorpusResult } from '../src/simulator/offline/corpus-harness';

const fixture = (path: string) => fileURLToPath(new URL(`../test/fixtures/${path}`, import.meta.url));
/** A blind batch's two folders: the agents at its top and its held-out part. */
const batchDirs = (n: number) => {
  const name = n === 1 ? 'offline-corpus-blind/' : `offline-corpus-blind-${n}/`;
  return [fixture(name), fixture(`${name}held-out/`)];
};
// The held-out part of each earlier batch was seen in the end: the first two's once a change made
// them wrong (a session's rules wrote 14 wrong values there); the third's at the start of the
// session after it (1 of 10 completed, 21 wrong values); the fourth's when this script, run while
// that batch was being split, printed its rows; the fifth's at the start of the session after it
// was measured (0 of 10 completed, 10 wrong values: stop 41's figure); the sixth's likewise (1 of
// 10 completed, 5 wrong values: stop 42's figure); the seventh's likewise (0 of 12 completed, 3
// wrong values: stop 43's figure); the eighth's in the session that wrote it, once its figure was
// on record (0 of 12 completed, 11 wrong values, before and after that session's first rules);
// the ninth's likewise (0 of 12 completed: 16 wrong values before that session's rules, 12 after
// its first); the tenth's likewise (0 of 12 completed, 5 wrong values, before and after that
// session's rules to then); the eleventh's likewise (0 of 12 completed: 10 wrong values with the
// rules as its session began, 9 at its end, and still 9 when the next session read it); the
// twelfth's in the session that wrote it, once its figure was on record (0 of 12 completed, 4 wrong
// values, with the rules as that session began and after its first rules); the thirteenth's likewise
// (0 of 12 completed, 10 wrong values, with the rules as that session began and after its rules to
// then); the fourteenth's in the session after it (0 of 12 completed, 15 wrong values, with the
// rules as that batch's session began and as it ended), when scripts/offline-evidence.ts, run over
// the whole batch with the older rules, printed its wrong values. All fourteen batches are tuned on
// now. The fifteenth batch's held-out part is the measure, counted only once the batch is whole (its
// README is written last), and its rows are never printed unless asked for (--held-out-rows): a
// total is what someone changing the rules may see.
// The sixteenth batch (written by two blind helpers at once, while the fifteenth's held-out part was
// unspent) is a second measure beside it: its top part is tuned on once its first sight is on
// record, its held-out part is counted apart ("held-out 16"), totals only, like the fifteenth's.
const BATCH_15 = fixture('offline-corpus-blind-15/');
const batch15Whole = existsSync(`${BATCH_15}README.md`);
const BATCH_16 = fixture('offline-corpus-blind-16/');
const batch16Whole = existsSync(`${BATCH_16}README.md`);
const PARTS: { part: string; dirs: string[] }[] = [
  { part: 'tuned', dirs: [CORPUS_DIR, ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].flatMap((n) => batchDirs(n)), ...(batch15Whole ? [BATCH_15] : []), ...(batch16Whole ? [BATCH_16] : [])] },
  ...(batch15Whole ? [{ part: 'held-out', dirs: [`${BATCH_15}held-out/`] }] : []),
  ...(batch16Whole ? [{ part: 'held-out 16', dirs: [`${BATCH_16}held-out/`] }] : []),
];

const args = process.argv.slice(2);
const verbose = args.includes('-v') || args.includes('--verbose');
const json = args.includes('--json');
const notesToo = args.includes('--notes');
const filters = args.filter((a) => !a.startsWith('-'));
const tunedOnly = args.includes('--tuned');
const heldOutRows = args.includes('--held-out-rows');
// The strict model (OfflineModelOptions.strict): only evidence measured right nine times in ten.
const strict = args.includes('--strict');

const pad = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width));

function row(r: CorpusResult): string {
  const tools = `${r.called.join(',') || '-'}  /  ${r.expectTools.join(',')}`;
  return [pad(r.agent, 24), pad(r.runtime, 11), pad(r.completed ? 'yes' : 'NO', 4), pad(tools, 70), r.divergence ?? `ended on ${r.endStage}`].join(' ');
}

function details(r: CorpusResult): string {
  const out: string[] = [];
  for (const s of r.steps) {
    out.push(`    > ${s.input}`);
    for (const t of s.tools) out.push(`        ${t.name}(${JSON.stringify(t.args)})${t.error ? `  error: ${t.error}` : ''}`);
    for (const h of s.heard) out.push(`        "${h}"`);
    if (s.undecided !== undefined) out.push(`        UNREAD: ${s.undecided}`);
    if (notesToo) for (const n of s.notes) out.push(`          · ${n}`);
    out.push(`        [stage ${s.stage ?? 'none'}]`);
  }
  return out.join('\n');
}

const parts: { part: string; agents: CorpusAgent[] }[] = [];
for (const { part, dirs } of PARTS.filter((p) => !tunedOnly || p.part === 'tuned')) {
  const agents = (await Promise.all(dirs.map((dir) => loadCorpus(dir)))).flat();
  parts.push({ part, agents: agents.filter((a) => filters.length === 0 || filters.some((f) => a.name.includes(f))) });
}
const agents = parts.flatMap((p) => p.agents);
const partOf = new Map(parts.flatMap((p) => p.agents.map((a) => [a, p.part] as const)));
const results: (CorpusResult & { part: string })[] = [];
if (!json) console.log([pad('agent', 24), pad('runtime', 11), pad('done', 4), pad('tools called  /  expected', 70), 'first divergence'].join(' '));
for (const agent of agents) {
  const result = { ...(await playCorpusAgent(agent, agent.script.lines, strict ? await corpusDeps(agent.doc, { strict }) : undefined)), part: partOf.get(agent)! };
  results.push(result);
  // The held-out rows would tell whoever reads them what to tune: only their totals are printed.
  if (result.part.startsWith('held-out') && !heldOutRows) continue;
  if (json) {
    console.log(JSON.stringify(result));
    continue;
  }
  console.log(row(result));
  for (const wrong of result.wrongValues) console.log(`    WRONG VALUE ${wrong}`);
  if (verbose) console.log(details(result));
}
if (!json) {
  console.log('');
  for (const { part } of parts) {
    const of = results.filter((r) => r.part === part);
    if (!of.length) continue;
    const done = of.filter((r) => r.completed).length;
    const wrong = of.reduce((n, r) => n + r.wrongValues.length, 0);
    // A run that leaves its happy path should end on the line the rules could not read (where the
    // Simulator offers Play the model and `simulate` stops with exit 1), not pass or trail off.
    const left = of.filter((r) => !r.completed);
    const saidWhere = left.filter((r) => r.steps.some((s) => s.undecided !== undefined)).length;
    const completedStopped = of.filter((r) => r.completed && r.steps.some((s) => s.undecided !== undefined)).length;
    console.log(
      `${part}: ${done} of ${of.length} completed (${Math.round((100 * done) / of.length)}%), ${wrong} wrong value${wrong === 1 ? '' : 's'}; ` +
        `of the ${left.length} that left their path, ${saidWhere} stopped on a line the rules could not read` +
        (completedStopped ? ` (and ${completedStopped} that completed stopped on one too)` : ''),
    );
  }
}
