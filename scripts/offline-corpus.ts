// Plays every agent of test/fixtures/offline-corpus on the offline model and prints a table: agent,
// runtime, completed, tools called against expected, and where the run left its happy path.
//   npx tsx scripts/offline-corpus.ts                 the table
//   npx tsx scripts/offline-corpus.ts vet -v          agents whose name holds "vet", with each step
//   npx tsx scripts/offline-corpus.ts --json          one JSON result per line (for other tools)
import { loadCorpus, playCorpusAgent, type CorpusResult } from '../src/simulator/offline/corpus-harness';

const args = process.argv.slice(2);
const verbose = args.includes('-v') || args.includes('--verbose');
const json = args.includes('--json');
const filters = args.filter((a) => !a.startsWith('-'));

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
    out.push(`        [stage ${s.stage ?? 'none'}]`);
  }
  return out.join('\n');
}

const agents = (await loadCorpus()).filter((a) => filters.length === 0 || filters.some((f) => a.name.includes(f)));
const results: CorpusResult[] = [];
if (!json) console.log([pad('agent', 24), pad('runtime', 11), pad('done', 4), pad('tools called  /  expected', 70), 'first divergence'].join(' '));
for (const agent of agents) {
  const result = await playCorpusAgent(agent);
  results.push(result);
  if (json) {
    console.log(JSON.stringify(result));
    continue;
  }
  console.log(row(result));
  if (verbose) console.log(details(result));
}
if (!json) {
  const done = results.filter((r) => r.completed).length;
  console.log(`\n${done} of ${results.length} completed`);
}
