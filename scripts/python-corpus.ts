// The hand-written Python corpus (test/fixtures/pinecall/python-corpus), measured: for each class,
// whether Callboard imports it, whether what it reads (stages, state, the tool specs the model
// receives) is what pinecall 0.11.24 says (expected.json), and whether the unchanged class exports
// back byte for byte. The held-out part is measured here only, never tuned on.
//   npx tsx scripts/python-corpus.ts [-v]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { folderFiles } from '../src/runtimes/pinecall/format/python/testing';
import { differencesFromSdk, exportPinecallPython, importPinecallPython, sourceFilesOf, type SdkTruth } from '../src/runtimes/pinecall/format';

const ROOT = new URL('../test/fixtures/pinecall/python-corpus/', import.meta.url).pathname;
const verbose = process.argv.includes('-v');

for (const part of ['tuned', 'held-out']) {
  let agreed = 0;
  let total = 0;
  for (const name of readdirSync(`${ROOT}${part}`)) {
    const folder = `${ROOT}${part}/${name}`;
    if (!existsSync(`${folder}/expected.json`)) continue;
    total++;
    const texts = folderFiles(folder);
    const truth = JSON.parse(readFileSync(`${folder}/expected.json`, 'utf8')) as SdkTruth;
    const read = importPinecallPython(texts['agent.py'], { folder: { agent: 'agent.py', files: sourceFilesOf(texts) } });
    let problems: string[];
    if (truth.refused) problems = read.ok ? [`imported, where the SDK refuses it: ${truth.refused}`] : read.errors.some((e) => e.message === truth.refused) ? [] : [`refused otherwise than the SDK: ${read.errors.map((e) => e.message).join('; ')}`];
    else if (!read.ok) problems = read.errors.map((e) => `not imported: ${e.line}:${e.column} ${e.message}`);
    else {
      problems = differencesFromSdk(read.doc, truth);
      if (exportPinecallPython(read.doc).text !== texts['agent.py']) problems.push('the unchanged class does not export back as written');
    }
    if (problems.length === 0) agreed++;
    const warnings = read.ok ? read.warnings.length : 0;
    console.log(`${part.padEnd(8)} ${name.padEnd(24)} ${problems.length === 0 ? 'agrees with the SDK' : `${problems.length} difference(s)`}${warnings ? `, ${warnings} warning(s)` : ''}`);
    if (verbose) for (const p of problems) console.log(`    ${p.length > 400 ? `${p.slice(0, 400)}…` : p}`);
    if (verbose && read.ok) for (const w of read.warnings) console.log(`    warning ${w.line}:${w.column} ${w.message}`);
  }
  console.log(`${part}: ${agreed}/${total} agree with the SDK\n`);
}
