// The import dialog's .zip and folder readers keep an agent's files inside its folder (security
// issue 30): a .zip entry that is a symbolic link (or a Windows reparse point), or whose name
// leaves the folder (`lib\..\..\secret.ts`, `/etc/x.ts`, `C:/x.ts`, a share, NUL), is not read;
// an import of one is refused at its line with why, the rest of the agent loads, and nothing of
// the entry's bytes (a link's target, an escaping file's text) reaches the document. A chosen or
// dropped folder is read by the same rules. Payloads: test/security/folders-payloads.ts.
import { describe, expect, it } from 'vitest';
import { agentImporting, FOLDER_MARKER, imported, importLine, INSIDE_HELPER, REFUSED_ENTRY_NAMES, SECRET_HELPER, zipOf } from '../../../test/security/folders-payloads';
import { readChosenFolder, readDroppedFolder } from './read-folder';
import { folderTexts, pickFolderAgent, runImport, unzipBundle, withRefusedEntries } from './run-import';

/** A link's data is where it points: the marker there must not come back as a file's text either. */
const LINK_TARGET = `../../../home/me/${FOLDER_MARKER}/.npmrc`;

/** The agent: ./hello is inside; ./agenda and ./npmrc are link entries; ./lib/hours is an entry named `lib\hours.ts`. */
const SPECIFIERS = ['./agenda', './npmrc', './lib/hours'];
const AGENT = agentImporting(SPECIFIERS);

const warningAt = (warnings: { line?: number; message: string }[], i: number) => warnings.find((w) => w.line === importLine(i))?.message ?? '';

describe('a .zip of the agent\'s folder', () => {
  const zip = zipOf([
    { name: 'agent.ts', text: AGENT },
    { name: 'hello.ts', text: INSIDE_HELPER },
    { name: 'agenda.ts', text: LINK_TARGET, link: 'unix' },
    { name: 'npmrc.ts', text: LINK_TARGET, link: 'windows' },
    ...REFUSED_ENTRY_NAMES.map((e) => ({ name: e.name, text: SECRET_HELPER })),
    // Never wanted at all (a `..` part starts with a dot): not even listed as refused.
    { name: '../secret.ts', text: SECRET_HELPER },
  ]);

  it('leaves out a symbolic-link entry and an entry whose name leaves the folder; the agent and its inside helper are read', async () => {
    const bundle = await unzipBundle(new Blob([zip]));
    expect(bundle.ok).toBe(true);
    if (!bundle.ok) return;
    expect(bundle.agent.path).toBe('agent.ts');
    expect(bundle.siblings.map((f) => f.path)).toEqual(['hello.ts']);
    const refused = Object.fromEntries(bundle.refused.map((r) => [r.path, r.why]));
    expect(refused['agenda.ts']).toMatch(/^is a symbolic link in the \.zip, which Callboard does not follow \(it could lead out of the agent's folder\): Callboard reads no file for it/);
    expect(refused['npmrc.ts']).toMatch(/^is a symbolic link in the \.zip/);
    expect(refused['lib/hours.ts']).toBe('is named "lib\\\\hours.ts" in the .zip, which separates folders with "\\", which Callboard reads as a folder separator on every system; names in an agent\'s folder use "/": Callboard reads no file for it');
    for (const e of REFUSED_ENTRY_NAMES) expect(bundle.refused.some((r) => r.why.includes(JSON.stringify(e.name))), e.what).toBe(true);
    expect(JSON.stringify(bundle)).not.toContain(FOLDER_MARKER);
  });

  it('an import of a refused entry is a warning at its line saying why; the rest of the agent loads; the marker is nowhere', async () => {
    const bundle = await unzipBundle(new Blob([zip]));
    if (!bundle.ok) throw new Error(bundle.message);
    const folder = folderTexts(bundle.agent, bundle.siblings, bundle.refused);
    const outcome = withRefusedEntries(await runImport(bundle.agent.text, 'ts', { fileName: 'agent.ts', folder }), folder?.refused);
    expect(outcome.kind).toBe('agent');
    if (outcome.kind !== 'agent') return;
    expect(warningAt(outcome.warnings, 0)).toContain(`${imported(0)}, imported from "./agenda", cannot run in the simulator: "./agenda" is agenda.ts, which is a symbolic link in the .zip, which Callboard does not follow`);
    expect(warningAt(outcome.warnings, 1)).toContain('"./npmrc" is npmrc.ts, which is a symbolic link in the .zip');
    expect(warningAt(outcome.warnings, 2)).toContain('"./lib/hours" is lib/hours.ts, which is named "lib\\\\hours.ts" in the .zip, which separates folders with "\\"');
    // The entries no import reached are listed once each, with why.
    const listed = outcome.warnings.filter((w) => w.line === undefined).map((w) => w.message);
    expect(listed.some((m) => m.startsWith('agenda.ts: left out'))).toBe(false);
    expect(listed.filter((m) => /^an entry: left out: it is named /.test(m))).toHaveLength(REFUSED_ENTRY_NAMES.filter((e) => !e.at).length);
    const kept = (outcome.doc.preserved as { pinecall: { folder: { files: Record<string, string> } } }).pinecall.folder;
    expect(Object.keys(kept.files)).toEqual(['hello.ts']);
    expect(JSON.stringify(outcome)).not.toContain(FOLDER_MARKER);
  });

  it('an import written with `\\` that leaves the folder is refused, whatever the .zip holds', async () => {
    const agent = agentImporting(['./lib\\..\\..\\secret', '.\\..\\secret']);
    const bundle = await unzipBundle(new Blob([zipOf([{ name: 'agent.ts', text: agent }, { name: 'hello.ts', text: INSIDE_HELPER }, { name: 'lib/secret.ts', text: SECRET_HELPER }])]));
    if (!bundle.ok) throw new Error(bundle.message);
    const outcome = await runImport(agent, 'ts', { folder: folderTexts(bundle.agent, bundle.siblings, bundle.refused) });
    if (outcome.kind !== 'agent') throw new Error('not read');
    expect(warningAt(outcome.warnings, 0)).toContain('"./lib\\\\..\\\\..\\\\secret" leads out of the agent\'s folder, which is all Callboard reads ("\\" separates folders on Windows');
    expect(warningAt(outcome.warnings, 1)).toContain('"\\.\\\\..\\\\secret" leads out of the agent\'s folder'.replace('\\.', '.'));
    expect(JSON.stringify(outcome)).not.toContain(FOLDER_MARKER);
  });
});

/** A File as `<input webkitdirectory>` hands it over. */
function chosen(path: string, text: string): File {
  const file = new File([text], path.slice(path.lastIndexOf('/') + 1));
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('a folder chosen or dropped on the import dialog', () => {
  // On Linux and macOS a file may be named `lib\..\..\secret.ts`; Windows would read it as a path out of the folder.
  const files = [
    chosen('proj/agent.ts', AGENT),
    chosen('proj/hello.ts', INSIDE_HELPER),
    chosen('proj/lib\\hours.ts', SECRET_HELPER),
    chosen('proj/lib\\..\\..\\secret.ts', SECRET_HELPER),
  ];

  it('leaves out a file whose name holds a backslash escape; an import of it is refused at its line', async () => {
    const got = await readChosenFolder(files);
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    expect(got.files.map((f) => f.path)).toEqual(['agent.ts', 'hello.ts']);
    expect(got.refused.map((r) => r.path)).toEqual(['lib/hours.ts', 'lib\\..\\..\\secret.ts']);
    expect(got.refused[1].why).toBe('is named "lib\\\\..\\\\..\\\\secret.ts" in the folder proj, which goes up with "..", which can lead out of the agent\'s folder, once "\\" is read as a folder separator (as Windows reads it, and Callboard on every system): Callboard reads no file for it');
    const picked = pickFolderAgent(got.name, got.files);
    if (!picked.ok) throw new Error(picked.message);
    const folder = folderTexts(picked.agent, picked.siblings, got.refused);
    const outcome = withRefusedEntries(await runImport(picked.agent.text, 'ts', { folder }), folder?.refused);
    if (outcome.kind !== 'agent') throw new Error('not read');
    expect(warningAt(outcome.warnings, 2)).toContain('"./lib/hours" is lib/hours.ts, which is named "lib\\\\hours.ts" in the folder proj');
    expect(outcome.warnings.some((w) => w.message.startsWith('an entry: left out: it is named "lib\\\\..\\\\..\\\\secret.ts" in the folder proj'))).toBe(true);
    expect(JSON.stringify(outcome)).not.toContain(FOLDER_MARKER);
  });

  it('a dropped folder is read by the same rules', async () => {
    type Entry = { name: string; isDirectory: boolean; file?: File; entries?: Entry[] };
    const asEntry = (e: Entry): FileSystemEntry => ({
      name: e.name,
      isDirectory: e.isDirectory,
      isFile: !e.isDirectory,
      file: (ok: (f: File) => void) => ok(e.file!),
      createReader: () => {
        let done = false;
        return { readEntries: (ok: (batch: FileSystemEntry[]) => void) => ok(done ? [] : ((done = true), (e.entries ?? []).map(asEntry))) };
      },
    }) as unknown as FileSystemEntry;
    const root = asEntry({
      name: 'proj',
      isDirectory: true,
      entries: [
        { name: 'agent.ts', isDirectory: false, file: new File([AGENT], 'agent.ts') },
        { name: 'hello.ts', isDirectory: false, file: new File([INSIDE_HELPER], 'hello.ts') },
        { name: 'lib\\hours.ts', isDirectory: false, file: new File([SECRET_HELPER], 'lib\\hours.ts') },
      ],
    }) as FileSystemDirectoryEntry;
    const got = await readDroppedFolder(root);
    if (!got.ok) throw new Error(got.message);
    expect(got.files.map((f) => f.path)).toEqual(['agent.ts', 'hello.ts']);
    expect(got.refused).toEqual([{ path: 'lib/hours.ts', why: expect.stringContaining('is named "lib\\\\hours.ts" in the folder proj') }]);
    expect(JSON.stringify(got)).not.toContain(FOLDER_MARKER);
  });
});
