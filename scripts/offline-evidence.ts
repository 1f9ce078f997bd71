// How often each of the offline model's rules writes a right value and how often a wrong one, over
// the agents of the folders given (default: the tuned part's blind batches). Every value an expected
// tool was called with is judged against the script's `calls` as the corpus checker judges it, and
// put down to the rule whose note wrote it. Run it with the rules as they stood before a batch was
// seen to learn which kinds of evidence hold on agents no rule was written from (issue 32).
//   npx tsx scripts/offline-evidence.ts offline-corpus-blind-12 offline-corpus-blind-13
//   npx tsx scripts/offline-evidence.ts --values …   … and every wrong value under its rule
//   npx tsx scripts/offline-evidence.ts --asked …    … each rule split by whether the value was asked for
//   npx tsx scripts/offline-evidence.ts --bar …      … only over and under the strict model's bar
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { argumentDepartures, loadCorpus, playCorpusAgent, words } from '../src/simulator/offline/corpus-harness';
import { evidenceKind, strongKind } from '../src/simulator/offline/evidence-strength';

const args = process.argv.slice(2);
const showValues = args.includes('--values');
/** Each rule split by whether the agent's last question asked for the value (--asked). */
const byAsking = args.includes('--asked');
/** Only two rows: evidence over the strict model's bar and under it (--bar; evidence-strength.ts). */
const byBar = args.includes('--bar');
const folders = args.filter((a) => !a.startsWith('-'));
const fixture = (path: string) => fileURLToPath(new URL(`../test/fixtures/${path.replace(/\/?$/, '/')}`, import.meta.url));
const dirs = (folders.length ? folders : Array.from({ length: 14 }, (_, i) => `offline-corpus-blind${i ? `-${i + 1}` : ''}`))
  .flatMap((f) => [fixture(f), `${fixture(f)}held-out/`])
  .filter((d) => existsSync(d));

/** "agent: offline rule enum-value: book.size = …" → the rule that wrote book.size. */
const NOTE = /offline rule ([a-z-]+): (\w+)\.([\w]+)(?:[.\w[\]]*)? = /;

const tally = new Map<string, { right: number; wrong: number; examples: string[] }>();
for (const agent of (await Promise.all(dirs.map((d) => loadCorpus(d)))).flat()) {
  const result = await playCorpusAgent(agent);
  const callerWords = new Set(agent.script.lines.flatMap(words).concat(Object.values(agent.script.waits ?? {}).flatMap(words)));
  for (const step of result.steps) {
    const writer = new Map<string, string>();
    const why = new Map<string, string>();
    // The parameters the agent's question right before this line asked for (the dialogue-state note).
    const askedNow = step.notes.flatMap((n) => /offline rule dialogue-state: .*? question for (.*?) \(/.exec(n)?.[1].split(', ') ?? []);
    for (const note of step.notes) {
      const m = NOTE.exec(note);
      if (m) {
        writer.set(`${m[2]}.${m[3]}`, m[1]);
        why.set(`${m[2]}.${m[3]}`, note.slice(note.indexOf(' — ') + 3));
      }
    }
    for (const call of step.tools) {
      if (!Object.hasOwn(agent.script.calls, call.name) || call.args === null || typeof call.args !== 'object') continue;
      const expected = agent.script.calls[call.name] as Record<string, unknown>;
      for (const [key, value] of Object.entries(call.args as Record<string, unknown>)) {
        const asked = askedNow.some((q) => q === `${call.name}.${key}`) ? ' [asked]' : ' [unasked]';
        const kind = evidenceKind(writer.get(`${call.name}.${key}`) ?? '(no note)', why.get(`${call.name}.${key}`) ?? '');
        const rule = byBar ? (strongKind(kind) ? 'over the strict bar' : 'under the strict bar') : kind + (byAsking ? asked : '');
        const departures = Object.hasOwn(expected, key)
          ? argumentDepartures(`${call.name}.${key}`, value, expected[key], callerWords)
          : [`${call.name}.${key} = ${JSON.stringify(value)}, which the caller never gave`];
        const t = tally.get(rule) ?? { right: 0, wrong: 0, examples: [] };
        if (departures.length) {
          t.wrong++;
          t.examples.push(`${agent.name}: ${departures.join('; ')}  [${why.get(`${call.name}.${key}`) ?? ''}]`);
        } else t.right++;
        tally.set(rule, t);
      }
    }
  }
}
const rows = [...tally].sort(([, a], [, b]) => b.wrong - a.wrong || b.right + b.wrong - (a.right + a.wrong));
console.log(`${'rule'.padEnd(34)} right wrong`);
for (const [rule, t] of rows) {
  console.log(`${rule.padEnd(34)} ${String(t.right).padStart(5)} ${String(t.wrong).padStart(5)}`);
  if (showValues) for (const e of t.examples) console.log(`    ${e}`);
}
const right = rows.reduce((n, [, t]) => n + t.right, 0);
const wrong = rows.reduce((n, [, t]) => n + t.wrong, 0);
console.log(`\n${right} right, ${wrong} wrong over ${dirs.length} folders`);
