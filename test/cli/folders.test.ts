// Security issue 30, points 1 and 2, on the command line: a file read beside a TypeScript agent
// must stay inside the agent's folder. A temp tree holds an outside "secret" (test/security/
// folders-payloads.ts: a marker no output may contain) and an agent folder whose helpers are
// symbolic links to it: a file link (./agenda.ts → ../outside/agenda.ts, ./npmrc.ts → a .npmrc),
// a folder link (./lib → ../outside) and a folder link to / (./root). Each import of one is refused
// at its line with why, the rest of the agent loads (the name is a need answered by a mock), and
// the marker appears in no output. Exit codes are those of any other import warning: convert 0,
// diff 0 or 1 by what differs (an agent whose helper is refused is still a whole agent, as one
// whose helper is missing or imports a package; lint lists the warning). In-process through runCli
// with an io that resolves links as the bin's does, and once through the real bin.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';
import { agentImporting, FOLDER_MARKER, imported, importLine, INSIDE_HELPER, REFUSED_SPECIFIERS, SECRET_HELPER, SECRET_NPMRC } from '../security/folders-payloads';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const DIR_LINK = process.platform === 'win32' ? 'junction' : 'dir';

let base: string;
/** The agent whose helpers are links out of its folder. */
let linked: string;
/** The same agent with ordinary helpers inside its folder (what diff compares against). */
let plain: string;

/** The import specifiers of the linked agent, in order: each a link out of the folder. */
let linkSpecifiers: string[];

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'callboard-folders-')));
  const outside = join(base, 'outside');
  write(join(outside, 'agenda.ts'), SECRET_HELPER);
  write(join(outside, '.npmrc'), SECRET_NPMRC);
  write(join(outside, 'hours.ts'), SECRET_HELPER);
  // A golden that is no JSON: a parse error that quoted it would print the marker.
  write(join(outside, 'tests', 'leak.golden.json'), SECRET_NPMRC);

  // Through the folder link to /, the outside helper by its absolute path (without the drive on Windows).
  const viaRoot = `./root/${outside.replace(/^[A-Za-z]:/, '').replace(/\\/g, '/').replace(/^\/+/, '')}/hours`;
  linkSpecifiers = ['./agenda', './npmrc', './lib/hours', viaRoot];
  linked = join(base, 'agent', 'agent.ts');
  write(linked, agentImporting(linkSpecifiers));
  write(join(base, 'agent', 'hello.ts'), INSIDE_HELPER);
  symlinkSync(join(outside, 'agenda.ts'), join(base, 'agent', 'agenda.ts'), 'file');
  symlinkSync(join('..', 'outside', '.npmrc'), join(base, 'agent', 'npmrc.ts'), 'file');
  symlinkSync(outside, join(base, 'agent', 'lib'), DIR_LINK);
  symlinkSync(process.platform === 'win32' ? outside.slice(0, 3) : '/', join(base, 'agent', 'root'), DIR_LINK);
  symlinkSync(join(outside, 'tests'), join(base, 'agent', 'tests'), DIR_LINK);

  plain = join(base, 'plain', 'agent.ts');
  write(plain, agentImporting(['./agenda', './npmrc', './lib/hours', viaRoot]));
  write(join(base, 'plain', 'hello.ts'), INSIDE_HELPER);
  write(join(base, 'plain', 'agenda.ts'), 'export function agendaFor(day: string) {\n  return [day];\n}\n');
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The bin's io (bin/callboard.mjs), over node:fs: links resolved by fs.realpathSync.native. */
function nodeIo(out: { stdout: string; stderr: string; read: string[] }): CliIo {
  return {
    readText: (path) => {
      out.read.push(path);
      try {
        return { ok: true, text: readFileSync(path, 'utf8') };
      } catch {
        return { ok: false, reason: 'no such file' };
      }
    },
    listDir: (path) => {
      try {
        return { ok: true, names: readdirSync(path, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) };
      } catch {
        return { ok: false, reason: 'no such file' };
      }
    },
    realPath: (path) => {
      try {
        return { ok: true, path: realpathSync.native(path) };
      } catch {
        return { ok: false, reason: 'no such file' };
      }
    },
    writeText: () => {
      throw new Error('this test writes no file');
    },
    out: (text) => (out.stdout += text),
    err: (text) => (out.stderr += text),
    env: () => undefined,
  };
}

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string; read: string[] }> {
  const out = { stdout: '', stderr: '', read: [] as string[] };
  const code = await runCli(args, nodeIo(out));
  return { code, ...out };
}

function runBin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repo, 'bin/callboard.mjs'), ...args], { cwd: base });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The warning said at the i-th payload import of the linked agent. */
const refusalAt = (file: string, i: number) => new RegExp(
  `${file.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}:${importLine(i)}:1: warning: ${imported(i)}, imported from "[^"]+", cannot run in the simulator: "[^"]+" is [^ ]+, which is reached through a link \\(a symbolic link or junction\\) that leads out of the agent's folder, which is all Callboard reads`,
);

describe('a helper that is a link out of the agent\'s folder is refused, and nothing of it is read', () => {
  it('convert --to json: each link out (a file, a .npmrc, a folder, a folder link to /) is named at its import line; the marker is nowhere; exit 0', async () => {
    const run = await cli(['convert', linked, '--to', 'json']);
    expect(run.code).toBe(0);
    for (const [i] of linkSpecifiers.entries()) expect(run.stderr).toMatch(refusalAt(linked, i));
    // The tests/ folder linked out is refused too, said as a warning, not read.
    expect(run.stderr).toMatch(/tests[\\/]leak\.golden\.json: warning: left out: tests\/leak\.golden\.json is reached through a link/);
    expect(run.stdout + run.stderr).not.toContain(FOLDER_MARKER);
    // Nothing outside the agent's folder was read, not even to look.
    const folder = join(base, 'agent');
    expect(run.read.filter((p) => !realpathSync(p).startsWith(folder + (process.platform === 'win32' ? '\\' : '/')))).toEqual([]);
    // The rest of the agent loads: ./hello is bundled, the refused names are needs with why.
    const doc = JSON.parse(run.stdout) as { tools: { name: string }[]; preserved: { pinecall: { folder: { files: Record<string, string>; bindings: { local: string; why?: string }[] } } } };
    expect(doc.tools.map((t) => t.name)).toEqual(['look']);
    const folderKept = doc.preserved.pinecall.folder;
    expect(Object.keys(folderKept.files)).toEqual(['hello.ts']);
    expect(folderKept.bindings.find((b) => b.local === 'greet')?.why).toBeUndefined();
    for (const [i] of linkSpecifiers.entries()) expect(folderKept.bindings.find((b) => b.local === imported(i))?.why).toMatch(/leads out of the agent's folder/);
  });

  it('diff --format-details: names the refusals on standard error, prints nothing of the outside files; exit 1 as the agents differ, 0 against itself', async () => {
    const run = await cli(['diff', '--format-details', linked, plain]);
    expect(run.code).toBe(1);
    for (const [i] of linkSpecifiers.entries()) expect(run.stderr).toMatch(refusalAt(linked, i));
    expect(run.stdout + run.stderr).not.toContain(FOLDER_MARKER);
    const same = await cli(['diff', '--format-details', linked, linked]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/the same agent/);
    expect(same.stderr).toMatch(refusalAt(linked, 0));
    expect(same.stdout + same.stderr).not.toContain(FOLDER_MARKER);
  });

  it('lint: the refusal is a located warning, exit 0 as for any import warning', async () => {
    const run = await cli(['lint', linked]);
    expect(run.code).toBe(0);
    for (const [i] of linkSpecifiers.entries()) expect(run.stdout + run.stderr).toMatch(refusalAt(linked, i));
    expect(run.stdout + run.stderr).not.toContain(FOLDER_MARKER);
  });

  it('an agent folder reached through a link, and a link inside the folder to a file of it, are read as before', async () => {
    const folder = join(base, 'real-agent');
    write(join(folder, 'agent.ts'), agentImporting(['./alias']));
    write(join(folder, 'hello.ts'), INSIDE_HELPER);
    write(join(folder, 'helpers', 'alias.ts'), 'export const outside0 = 1;\n');
    symlinkSync(join(folder, 'helpers', 'alias.ts'), join(folder, 'alias.ts'), 'file');
    symlinkSync(folder, join(base, 'agent-link'), DIR_LINK);
    const run = await cli(['convert', join(base, 'agent-link', 'agent.ts'), '--to', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as { preserved: { pinecall: { folder: { files: Record<string, string> } } } };
    expect(Object.keys(doc.preserved.pinecall.folder.files).sort()).toEqual(['alias.ts', 'hello.ts']);
  });

  it('a path that leaves the folder as text (`..`, `\\`, an absolute path, a drive, a share, NUL) is refused before anything is looked up', async () => {
    const folder = join(base, 'texts');
    write(join(folder, 'agent.ts'), agentImporting(REFUSED_SPECIFIERS.map((p) => p.specifier)));
    write(join(folder, 'hello.ts'), INSIDE_HELPER);
    const run = await cli(['convert', join(folder, 'agent.ts'), '--to', 'json']);
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n');
    REFUSED_SPECIFIERS.forEach((p, i) => {
      const line = lines.find((l) => l.includes(`:${importLine(i)}:1: warning: ${imported(i)}, imported from`));
      expect(line, p.what).toMatch(p.says);
    });
    // Only the agent and its one helper were read.
    expect([...new Set(run.read.map((p) => p.slice(realpathSync(folder).length + 1)))].sort()).toEqual(['agent.ts', 'hello.ts']);
  });

  it('node bin/callboard.mjs: convert and diff --format-details through the bin\'s own io refuse the links the same way', async () => {
    const converted = await runBin(['convert', linked, '--to', 'json']);
    expect(converted.code).toBe(0);
    expect(converted.stderr).toMatch(refusalAt(linked, 0));
    expect(converted.stderr).toMatch(refusalAt(linked, 3));
    expect(converted.stdout + converted.stderr).not.toContain(FOLDER_MARKER);
    const diffed = await runBin(['diff', '--format-details', linked, plain]);
    expect(diffed.code).toBe(1);
    expect(diffed.stderr).toMatch(refusalAt(linked, 1));
    expect(diffed.stdout + diffed.stderr).not.toContain(FOLDER_MARKER);
  }, 60_000);
});
