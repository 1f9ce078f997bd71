// The hand-written Ruby corpus (test/fixtures/pinecall/ruby-corpus), measured: for each class,
// whether Callboard imports it (or refuses it with the gem's words), whether what it reads
// (stages, state, the tool specs the model receives) is what the gem builds (expected.json), and
// whether the unchanged class and its view export back byte for byte. The held-out part is
// measured here only, never tuned on.
//   npx tsx scripts/ruby-corpus.ts [-v] [--tuned]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readRubyClass } from '../src/runtimes/pinecall/format/read-file';
import { exportPinecallRuby } from '../src/runtimes/pinecall/format/ruby/export';
import { differencesFromGem, type GemTruth } from '../src/runtimes/pinecall/format/ruby/gem-truth';
import { folderSource } from '../src/runtimes/pinecall/format/ruby/testing';

const ROOT = new URL('../test/fixtures/pinecall/ruby-corpus/', import.meta.url).pathname;
const verbose = process.argv.includes('-v');
const parts = process.argv.includes('--tuned') ? ['tuned'] : ['tuned', 'held-out'];

for (const part of parts) {
  let agreed = 0;
  let total = 0;
  for (const name of readdirSync(`${ROOT}${part}`).sort()) {
    const folder = `${ROOT}${part}/${name}`;
    if (!existsSync(`${folder}/expected.json`)) continue;
    total++;
    const truth = JSON.parse(readFileSync(`${folder}/expected.json`, 'utf8')) as GemTruth & { _slug?: string };
    const text = readFileSync(`${folder}/agent.rb`, 'utf8');
    const read = await readRubyClass(text, { folder: folderSource(folder, 'agent.rb') });
    let problems: string[];
    if (truth.refused) problems = read.kind !== 'error' ? [`imported, where the gem refuses it: ${truth.refused}`] : read.errors.some((e) => e.message === truth.refused) ? [] : [`refused otherwise than the gem: ${read.errors.map((e) => e.message).join('; ')}`];
    else if (read.kind !== 'agent') problems = read.kind === 'error' ? read.errors.map((e) => `not imported: ${e.line ?? '?'}:${e.column ?? '?'} ${e.message}`) : ['read as a list of tools'];
    else {
      problems = differencesFromGem(read.doc, truth);
      const out = exportPinecallRuby(read.doc);
      if (out.text !== text) problems.push('the unchanged class does not export back as written');
      const view = truth._slug && existsSync(`${folder}/views/${truth._slug}.erb`) ? readFileSync(`${folder}/views/${truth._slug}.erb`, 'utf8') : undefined;
      const viewOut = out.files.find((f) => f.path.endsWith('.erb'))?.text;
      if (view !== viewOut) problems.push(`the unchanged view does not export back as written${viewOut === undefined ? ' (none is written)' : ''}`);
    }
    if (problems.length === 0) agreed++;
    const warnings = read.kind === 'agent' ? read.warnings.length : 0;
    console.log(`${part.padEnd(8)} ${name.padEnd(22)} ${problems.length === 0 ? 'agrees with the gem' : `${problems.length} difference(s)`}${warnings ? `, ${warnings} warning(s)` : ''}`);
    if (verbose) for (const p of problems) console.log(`    ${p.length > 600 ? `${p.slice(0, 600)}…` : p}`);
    if (verbose && read.kind === 'agent') for (const w of read.warnings) console.log(`    warning ${w.line}:${w.column} ${w.message}`);
  }
  console.log(`${part}: ${agreed}/${total} agree with the gem\n`);
}
