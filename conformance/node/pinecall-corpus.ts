// The Pinecall agents the conformance checks run on (c10, c11, c13): the sample, the New-agent
// templates, the Pinecall fixtures and the offline corpora, as far as each is a Pinecall agent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importAny } from '../../src/formats/import-any';
import type { AgentDocument } from '../../src/model';
import { importPinecallPython, sourceFilesOf } from '../../src/runtimes/pinecall/format';
import { folderFiles } from '../../src/runtimes/pinecall/format/python/testing';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(ROOT + path, 'utf8');

/** The corpus: the sample, the New-agent templates, the Pinecall fixtures and the offline corpora, as far as each is a Pinecall agent. */
export function corpusFiles(): string[] {
  const listed = (dir: string, pattern: RegExp) => readdirSync(ROOT + dir).filter((f) => pattern.test(f) && !f.endsWith('.script.json')).sort().map((f) => dir + f);
  return [
    'public/examples/clinic-booking.json',
    ...listed('public/examples/', /^template-.*\.json$/),
    ...listed('test/fixtures/pinecall/', /\.(json|tsx)$/),
    ...listed('test/fixtures/pinecall/python/', /\.json$/),
    ...folderAgents(),
    ...listed('test/fixtures/offline-corpus/', /\.(json|tsx)$/),
    ...listed('test/fixtures/offline-corpus-blind/', /\.(json|tsx)$/),
  ];
}

/** The Pinecall folders of the fixtures (a class importing its helpers or its base by a relative path): their agent.ts. */
function folderAgents(): string[] {
  const dir = 'test/fixtures/pinecall/';
  return readdirSync(ROOT + dir, { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(`${ROOT}${dir}${e.name}/agent.ts`)).map((e) => `${dir}${e.name}/agent.ts`).sort();
}

export async function load(file: string): Promise<AgentDocument | undefined> {
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  const inFolder = folderAgents().includes(file);
  const folder = inFolder
    ? { files: sourceFilesOf(Object.fromEntries(readdirSync(ROOT + dir).map((f) => [f, read(dir + f)]))), agent: file.slice(dir.length) }
    : undefined;
  const outcome = await importAny(read(file), { fileName: file.split('/').pop(), folder });
  return outcome.kind === 'agent' && outcome.doc.target === 'pinecall' ? outcome.doc : undefined;
}


/** Every agent of the corpus that is a Pinecall agent, with the file it came from. */
export async function corpusAgents(): Promise<{ doc: AgentDocument; source: string }[]> {
  const out: { doc: AgentDocument; source: string }[] = [];
  for (const file of corpusFiles()) {
    const doc = await load(file);
    if (doc) out.push({ doc, source: file });
  }
  return out;
}

/** The classes written in Python by hand: the blind corpus's tuned part and the app's folder fixture, each read with its folder. */
export function pythonClasses(): { doc: AgentDocument; source: string }[] {
  const folders = [
    ...readdirSync(`${ROOT}test/fixtures/pinecall/python-corpus/tuned`).sort().map((n) => `test/fixtures/pinecall/python-corpus/tuned/${n}`),
    'test/fixtures/pinecall/python-folder',
  ];
  return folders.flatMap((folder) => {
    const texts = folderFiles(`${ROOT}${folder}`);
    const read = importPinecallPython(texts['agent.py'], { folder: { agent: 'agent.py', files: sourceFilesOf(texts) } });
    return read.ok ? [{ doc: read.doc, source: `${folder}/agent.py` }] : [];
  });
}
