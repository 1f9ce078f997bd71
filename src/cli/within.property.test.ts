// The path check of files read beside an agent (security issue 30), as a property over generated
// imports: random mixes of names, `.`, `..`, `/`, `\`, drive letters, UNC prefixes and NUL, read
// through the CLI's own reader (read.ts folderOnDisk → within.ts) and the importer's resolution
// (source-files.ts resolveRelative), over a small virtual file system with symbolic links, modelled
// here both as POSIX reads paths and as Windows does (`\` and `/` separators, drives, shares).
// The property: whatever is accepted really is (every link followed) inside the agent's folder,
// and nothing outside is even read; and an ordinary path inside the folder is accepted with its text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRelative } from '../runtimes/pinecall/format/source-files';
import { isInsideFolder, isSamePlace } from '../model/folder-paths';
import type { CliIo } from './io';
import { folderOnDisk } from './read';
import { FOLDER_MARKER, REFUSED_SPECIFIERS } from '../../test/security/folders-payloads';

type Node = { kind: 'dir'; children: Map<string, Node> } | { kind: 'file'; text: string } | { kind: 'link'; target: string };
type Where = { root: string; parts: string[] };

/** A file system of a few folders, files and links; `windows` reads paths as Windows does. */
class Vfs {
  private readonly roots = new Map<string, Node>();
  constructor(readonly windows: boolean, readonly cwd: string) {}

  private dir(): Node {
    return { kind: 'dir', children: new Map() };
  }

  /** Where `path` stands (not following links), from `base` when relative; undefined where the OS refuses the name. */
  parse(path: string, base: Where): Where | undefined {
    if (path.includes('\u0000')) return undefined; // Node: ERR_INVALID_ARG_VALUE
    const sep = this.windows ? /[\\/]+/ : /\/+/;
    const rest = (s: string) => s.split(sep).filter((p) => p !== '');
    if (!this.windows) return path.startsWith('/') ? { root: '', parts: rest(path) } : { root: base.root, parts: [...base.parts, ...rest(path)] };
    const unc = /^[\\/]{2}([^\\/]+)[\\/]+([^\\/]+)(.*)$/.exec(path);
    if (unc) return { root: `\\\\${unc[1]}\\${unc[2]}`, parts: rest(unc[3]) };
    const drive = /^([A-Za-z]):(.*)$/.exec(path);
    if (drive) {
      const root = `${drive[1].toUpperCase()}:`;
      if (/^[\\/]/.test(drive[2])) return { root, parts: rest(drive[2]) };
      // `C:x`: relative to that drive's current folder (the cwd's, on its own drive).
      return { root, parts: [...(root === base.root ? base.parts : []), ...rest(drive[2])] };
    }
    if (/^[\\/]/.test(path)) return { root: base.root, parts: rest(path) };
    return { root: base.root, parts: [...base.parts, ...rest(path)] };
  }

  private get cwdWhere(): Where {
    return this.parse(this.cwd, { root: this.windows ? 'C:' : '', parts: [] })!;
  }

  /** Adds a node at an absolute path, making its folders. */
  add(path: string, node: Node): void {
    const at = this.parse(path, this.cwdWhere)!;
    if (!this.roots.has(at.root)) this.roots.set(at.root, this.dir());
    let cur = this.roots.get(at.root)!;
    at.parts.slice(0, -1).forEach((p) => {
      if (cur.kind !== 'dir') throw new Error(`not a folder at ${p}`);
      if (!cur.children.has(p)) cur.children.set(p, this.dir());
      cur = cur.children.get(p)!;
    });
    if (cur.kind !== 'dir') throw new Error('not a folder');
    cur.children.set(at.parts.at(-1)!, node);
  }

  /** Every link followed, `..` applied to the real folder (as realpath does): where the path really is, or why not. */
  resolve(path: string): { where: Where; node: Node } | { error: string } {
    const start = this.parse(path, this.cwdWhere);
    if (!start) return { error: 'invalid' };
    let root = start.root;
    let done: string[] = [];
    const queue = [...start.parts];
    let hops = 0;
    const nodeAt = (parts: string[]): Node | undefined => {
      let cur = this.roots.get(root);
      for (const p of parts) cur = cur?.kind === 'dir' ? cur.children.get(p) : undefined;
      return cur;
    };
    while (queue.length) {
      const part = queue.shift()!;
      if (part === '.') continue;
      if (part === '..') {
        done.pop();
        continue;
      }
      const parent = nodeAt(done);
      if (parent?.kind !== 'dir') return { error: 'ENOTDIR' };
      const child = parent.children.get(part);
      if (!child) return { error: 'ENOENT' };
      if (child.kind === 'link') {
        if (++hops > 40) return { error: 'ELOOP' };
        const target = this.parse(child.target, { root, parts: done });
        if (!target) return { error: 'invalid' };
        root = target.root;
        done = [];
        queue.unshift(...target.parts);
        continue;
      }
      done = [...done, part];
    }
    const node = nodeAt(done);
    return node ? { where: { root, parts: done }, node } : { error: 'ENOENT' };
  }

  show(where: Where): string {
    if (!this.windows) return `/${where.parts.join('/')}`;
    return `${where.root}\\${where.parts.join('\\')}`;
  }

  /** The CLI's io over this file system; `read` logs every path readText is asked for. */
  io(read: string[]): CliIo {
    return {
      readText: (path) => {
        read.push(path);
        const r = this.resolve(path);
        if ('error' in r) return { ok: false, reason: r.error };
        return r.node.kind === 'file' ? { ok: true, text: r.node.text } : { ok: false, reason: 'is a folder, not a file' };
      },
      realPath: (path) => {
        const r = this.resolve(path);
        return 'error' in r ? { ok: false, reason: r.error } : { ok: true, path: this.show(r.where) };
      },
      writeText: () => {
        throw new Error('read only');
      },
      out: () => undefined,
      err: () => undefined,
    };
  }
}

const INSIDE: Record<string, string> = {
  'agent.ts': '// the agent',
  'agenda.ts': 'export const agenda = 1;',
  'lib/hours.ts': 'export const hours = 2;',
  'lib/index.ts': 'export const lib = 3;',
  'lib/deep/util.tsx': 'export const util = 4;',
};

/** The tree, POSIX or Windows: the agent's folder with links in and out, secrets beside it and above. */
function tree(windows: boolean): { fs: Vfs; agents: string[]; folder: string } {
  const top = windows ? 'C:\\work' : '/work';
  const j = (...parts: string[]) => [top, ...parts].join(windows ? '\\' : '/');
  const fs = new Vfs(windows, j('agent'));
  for (const [path, text] of Object.entries(INSIDE)) fs.add(j('agent', ...path.split('/')), { kind: 'file', text });
  const secret = { kind: 'file' as const, text: `export const token = "${FOLDER_MARKER}";` };
  fs.add(j('outside', 'secret.ts'), secret);
  fs.add(j('outside', 'index.ts'), secret);
  fs.add(j('agent-evil', 'secret.ts'), secret); // a sibling whose name starts with the folder's
  fs.add(windows ? 'C:\\Users\\me\\.npmrc' : '/home/me/.npmrc', secret);
  fs.add(windows ? 'C:\\secret.ts' : '/secret.ts', secret);
  if (windows) fs.add('\\\\server\\share\\secret.ts', secret);
  // Links out of the folder: to a file (absolute and relative), to a folder, to the root, a loop.
  fs.add(j('agent', 'out.ts'), { kind: 'link', target: j('outside', 'secret.ts') });
  fs.add(j('agent', 'npmrc.ts'), { kind: 'link', target: windows ? '..\\..\\Users\\me\\.npmrc' : '../../home/me/.npmrc' });
  fs.add(j('agent', 'outdir'), { kind: 'link', target: j('outside') });
  fs.add(j('agent', 'root'), { kind: 'link', target: windows ? 'C:\\' : '/' });
  fs.add(j('agent', 'lib', 'up'), { kind: 'link', target: '../..' });
  fs.add(j('agent', 'loop.ts'), { kind: 'link', target: 'loop.ts' });
  // Links that stay inside: a file alias, a folder alias, and a way back into the folder.
  fs.add(j('agent', 'alias.ts'), { kind: 'link', target: 'lib/hours.ts' });
  fs.add(j('agent', 'libalias'), { kind: 'link', target: 'lib' });
  fs.add(j('agent', 'lib', 'back'), { kind: 'link', target: '..' });
  // The agent's folder reached through a link: its files are read, compared by their real paths.
  fs.add(j('agent-link'), { kind: 'link', target: j('agent') });
  const agents = [j('agent', 'agent.ts'), j('agent-link', 'agent.ts'), 'agent.ts'];
  return { fs, agents, folder: j('agent') };
}

const NAMES = ['agenda', 'agenda.ts', 'lib', 'hours', 'deep', 'util', 'index', 'out', 'out.ts', 'npmrc', 'outdir', 'root', 'up', 'back', 'loop', 'alias', 'libalias', 'secret', 'secret.ts', 'outside', 'work', 'agent', 'agent-evil', 'Users', 'me', '.npmrc', 'home', 'server', 'share'];
const segment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 3, arbitrary: fc.constantFrom('.', '..', '') },
  { weight: 1, arbitrary: fc.constantFrom('C:', 'c:', 'D:', 'agenda\u0000', '\u0000', 'x:y', '...') },
);
const separator = fc.constantFrom('/', '\\', '/', '//', '\\\\');
const prefix = fc.constantFrom('./', '../', '.\\', '..\\', '/', '\\', 'C:\\', 'C:/', 'c:', '\\\\server\\share\\', '//server/share/', '\\\\?\\C:\\', './C:/', './/');
/** An import specifier of every kind: a prefix, then segments joined by random separators (mostly refused as text). */
const hostile = fc.tuple(prefix, fc.array(fc.tuple(segment, separator), { minLength: 0, maxLength: 6 }), segment).map(([p, mids, last]) => p + mids.map(([s, sep]) => s + sep).join('') + last);
/** One as a relative import is written (`./`, `../`, `/` only): the links and `..` decide. */
const plausible = fc.tuple(fc.constantFrom('./', '../', './/'), fc.array(fc.constantFrom(...NAMES, '.', '..', '..', 'lib', 'root', 'outdir', 'up', 'back'), { minLength: 0, maxLength: 6 }))
  .map(([p, parts]) => p + parts.join('/'));
const specifier = fc.oneof({ weight: 1, arbitrary: hostile }, { weight: 2, arbitrary: plausible });

/** Every read of `agent`'s folder for `spec`: what resolveRelative answers, and what was read. */
function attempt(fs: Vfs, agent: string, spec: string) {
  const read: string[] = [];
  const folder = folderOnDisk(fs.io(read), agent);
  return { resolved: resolveRelative(folder.files, folder.agent, spec), read };
}

describe('files beside an agent are read only where they really stand inside its folder', () => {
  for (const windows of [false, true]) {
    const { fs, agents, folder } = tree(windows);
    const realFolder = fs.show((fs.resolve(folder) as { where: Where }).where);
    const inside = (path: string) => {
      const r = fs.resolve(path);
      return !('error' in r) && isInsideFolder(realFolder, fs.show(r.where));
    };

    it(`${windows ? 'Windows' : 'POSIX'}: accepted ⇒ the file really is inside the folder; nothing outside is read, whatever the import`, () => {
      fc.assert(
        fc.property(specifier, fc.constantFrom(...agents), (spec, agent) => {
          const { resolved, read } = attempt(fs, agent, spec);
          // Every path handed to readText that names a file really lies inside the folder (links followed).
          for (const path of read) {
            const r = fs.resolve(path);
            if (!('error' in r) && r.node.kind === 'file') expect(inside(path), `${spec} read ${path}`).toBe(true);
          }
          if (resolved.ok) {
            expect(resolved.text).not.toContain(FOLDER_MARKER);
            const root = agent.includes('agent-link') ? agent.replace(/agent\.ts$/, '') : `${folder}${windows ? '\\' : '/'}`;
            expect(inside(`${root}${resolved.path}`), `${spec} → ${resolved.path}`).toBe(true);
          } else {
            // A refusal names the import and never quotes a file.
            expect(resolved.reason).toContain(JSON.stringify(spec));
            expect(resolved.reason).not.toContain(FOLDER_MARKER);
          }
        }),
        { numRuns: 3000 },
      );
    });

    it(`${windows ? 'Windows' : 'POSIX'}: an ordinary path inside the folder (also through a link that stays inside) is accepted, with its text`, () => {
      const files = Object.keys(INSIDE).filter((p) => p !== 'agent.ts');
      // A walk: down into lib and back up with `..`, `.` and empty parts, never above the folder; then the file (its extension dropped or not).
      const walk = fc.array(fc.constantFrom('.', '', 'lib/..', 'lib/deep/../..', 'libalias/..', 'lib/back'), { maxLength: 4 });
      fc.assert(
        fc.property(walk, fc.constantFrom(...files), fc.boolean(), fc.constantFrom(...agents), (steps, file, bare, agent) => {
          const target = bare ? file.replace(/\.tsx?$/, '').replace(/\/index$/, '') : file;
          const spec = `./${[...steps, target].join('/')}`.replace(/\/{2,}/g, '/');
          const { resolved } = attempt(fs, agent, spec);
          expect(resolved, spec).toMatchObject({ ok: true, text: INSIDE[file] });
        }),
        { numRuns: 500 },
      );
      // Links that stay inside are followed.
      expect(attempt(fs, agents[0], './alias')).toMatchObject({ resolved: { ok: true, text: INSIDE['lib/hours.ts'] } });
      expect(attempt(fs, agents[0], './libalias/deep/util')).toMatchObject({ resolved: { ok: true, text: INSIDE['lib/deep/util.tsx'] } });
      expect(attempt(fs, agents[0], './root/' + (windows ? 'work/agent/agenda' : 'work/agent/agenda'))).toMatchObject({ resolved: { ok: true, text: INSIDE['agenda.ts'] } });
    });

    it(`${windows ? 'Windows' : 'POSIX'}: each payload, and each link out, is refused with why`, () => {
      for (const p of REFUSED_SPECIFIERS) {
        const { resolved, read } = attempt(fs, agents[0], p.specifier);
        expect(resolved, p.what).toMatchObject({ ok: false, reason: expect.stringMatching(p.says) });
        expect(read, p.what).toEqual([]);
      }
      for (const spec of ['./out', './npmrc', './outdir/secret', './outdir', './root/secret', './lib/up/outside/secret', './root/work/agent-evil/secret']) {
        const { resolved, read } = attempt(fs, agents[1], spec);
        expect(resolved, spec).toEqual({ ok: false, reason: expect.stringContaining('is reached through a link (a symbolic link or junction) that leads out of the agent\'s folder, which is all Callboard reads') });
        expect(read, spec).toEqual([]);
      }
      // The folder itself, through a link back into it, is a folder like any other: looked into.
      expect(attempt(fs, agents[0], './lib/back').resolved).toMatchObject({ ok: false, reason: expect.stringContaining('is not in the agent\'s folder') });
      expect(attempt(fs, agents[0], './lib/back/agenda').resolved).toMatchObject({ ok: true, text: INSIDE['agenda.ts'] });
      // A link in a loop is no file: looked for, not found.
      expect(attempt(fs, agents[0], './loop').resolved).toMatchObject({ ok: false, reason: expect.stringContaining('is not in the agent\'s folder') });
    });
  }

  it('isInsideFolder compares part by part, both separators, drives and shares', () => {
    expect(isInsideFolder('/work/agent', '/work/agent/a.ts')).toBe(true);
    expect(isInsideFolder('/work/agent/', '/work/agent/lib/a.ts')).toBe(true);
    expect(isInsideFolder('/work/agent', '/work/agent-evil/a.ts')).toBe(false);
    expect(isInsideFolder('/work/agent', '/work/agent')).toBe(false);
    expect(isInsideFolder('/work/agent', '/work/agent/../x')).toBe(false);
    expect(isInsideFolder('/', '/etc/passwd')).toBe(true);
    expect(isInsideFolder('C:\\work\\agent', 'C:\\work\\agent\\a.ts')).toBe(true);
    expect(isInsideFolder('C:\\work\\agent', 'c:\\work\\agent\\a.ts')).toBe(true);
    expect(isInsideFolder('C:\\work\\agent', 'D:\\work\\agent\\a.ts')).toBe(false);
    expect(isInsideFolder('C:\\work\\agent', '\\\\server\\share\\work\\agent\\a.ts')).toBe(false);
    expect(isInsideFolder('\\\\server\\share\\agent', '\\\\server\\share\\agent\\a.ts')).toBe(true);
    expect(isInsideFolder('\\\\server\\share\\agent', '\\\\server\\other\\agent\\a.ts')).toBe(false);
    expect(isInsideFolder('/work/agent', 'work/agent/a.ts')).toBe(false);
    expect(isInsideFolder('/work/agent', '/work/agent/a\u0000.ts')).toBe(false);
    expect(isSamePlace('/work/agent', '/work/agent/')).toBe(true);
    expect(isSamePlace('C:\\', 'c:\\')).toBe(true);
    expect(isSamePlace('/work/agent', '/work/agent/lib')).toBe(false);
  });
});
