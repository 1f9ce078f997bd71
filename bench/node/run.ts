// The Node parts of the bench, one after the other (so they never compete for the cores).
import { writePart } from '../lib/results';
import { cliStartPart } from './cli-start';
import { enginePart } from './engine';
import { formatsPart } from './formats';
import { longRunsPart } from './long-runs';
import { parallelPart } from './parallel';
import { promptSizePart } from './prompt-size';

const parts = { 'prompt-size': promptSizePart, formats: formatsPart, engine: enginePart, parallel: parallelPart, 'long-runs': longRunsPart, 'cli-start': cliStartPart };
// BENCH_NODE_PARTS=formats,long-runs runs only those (by the names their results are written under).
const chosen = process.env.BENCH_NODE_PARTS?.split(',').map((name) => name.trim());
const unknown = chosen?.filter((name) => !(name in parts)) ?? [];
if (unknown.length) throw new Error(`BENCH_NODE_PARTS names no part ${unknown.join(', ')}: the parts are ${Object.keys(parts).join(', ')}`);
for (const [name, part] of Object.entries(parts)) {
  if (chosen && !chosen.includes(name)) continue;
  const started = performance.now();
  const result = await part();
  writePart(result);
  console.log(`bench: ${result.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
