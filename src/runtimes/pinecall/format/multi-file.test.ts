// Multi-file Pinecall agents (issue 12): a base class and plain TypeScript helpers reached by a
// relative import, read through an in-memory SourceFiles as the CLI reads the folder on disk and
// the app a dropped folder or a .zip; the helpers run bundled inside the sandbox.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { helperNeeds } from '../../../simulator/class-code/needs';
import { sandboxToolRunner } from '../../../simulator/sandbox-runner';
import type { AgentDocument } from '../../../model';
import { exportPinecallTs } from './export';
import { importPinecallTs, type PinecallImportOptions } from './import';
import { resolveRelative, sourceFilesOf } from './source-files';

const fixture = (name: string): Record<string, string> => {
  const dir = fileURLToPath(new URL(`../../../../test/fixtures/pinecall/${name}/`, import.meta.url));
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(`${dir}${f}`, 'utf8')]));
};

function imported(files: Record<string, string>, agent = 'agent.ts', options: PinecallImportOptions = { folder: { files: sourceFilesOf(files), agent } }) {
  const read = importPinecallTs(files[agent], options);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read;
}

const run = (doc: AgentDocument, tool: string, args: Record<string, unknown>, state: Record<string, unknown> = {}) =>
  sandboxToolRunner(doc).run(doc.tools.find((t) => t.name === tool)!, args, state, {});

describe('resolving a relative import in the agent\'s folder', () => {
  const files = sourceFilesOf({ 'agent.ts': '', 'agenda.ts': 'a', 'lib/hours.tsx': 'h', 'lib/index.ts': 'i', 'lib/util.ts': 'u' });
  it('tries the path as written, then .ts, .tsx, /index.ts, and `.js` as `.ts`', () => {
    expect(resolveRelative(files, 'agent.ts', './agenda')).toMatchObject({ ok: true, path: 'agenda.ts' });
    expect(resolveRelative(files, 'agent.ts', './lib/hours')).toMatchObject({ ok: true, path: 'lib/hours.tsx' });
    expect(resolveRelative(files, 'agent.ts', './lib')).toMatchObject({ ok: true, path: 'lib/index.ts' });
    expect(resolveRelative(files, 'agent.ts', './agenda.js')).toMatchObject({ ok: true, path: 'agenda.ts' });
    expect(resolveRelative(files, 'lib/hours.tsx', '../agenda')).toMatchObject({ ok: true, path: 'agenda.ts' });
  });
  it('refuses a path that leaves the folder, and names what it looked for when the file is missing', () => {
    expect(resolveRelative(files, 'agent.ts', '../secrets')).toEqual({ ok: false, reason: expect.stringContaining('"../secrets" leads out of the agent\'s folder') });
    expect(resolveRelative(files, 'lib/util.ts', '../../x')).toMatchObject({ ok: false, reason: expect.stringContaining('leads out of the agent\'s folder') });
    expect(resolveRelative(files, 'agent.ts', './nowhere')).toMatchObject({ ok: false, reason: expect.stringContaining('looked for nowhere, nowhere.ts, nowhere.tsx') });
  });
});

describe('a base class imported from another file of the folder', () => {
  const files = fixture('multi-file');

  it('contributes its tools, state and stage field, as a base in the same file does', () => {
    const { doc, warnings } = imported(files);
    expect(warnings).toEqual([]);
    expect(doc.name).toBe('Busca');
    expect(doc.tools.map((t) => t.name)).toEqual(['findPatient', 'search']);
    expect(doc.state.map((f) => f.name)).toEqual(['patient', 'searches']);
    expect(doc.stages.map((s) => s.name)).toEqual(['identify', 'book']);
  });

  it('exports the agent file byte-identical: the import lines and `extends ClinicaNorte` kept, only its own members written', () => {
    expect(exportPinecallTs(imported(files).doc).text).toBe(files['agent.ts']);
  });

  it('without the folder, the base is named, and a tool naming its stages says the folder is what is missing', () => {
    const read = importPinecallTs(files['agent.ts']);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors).toEqual([expect.objectContaining({
      line: 10,
      message: expect.stringContaining('tool search: stage names a value of a stage field Busca does not declare; it may be the stage field of ClinicaNorte (imported from "./clinica-norte"), which Callboard did not read: import the agent with its folder'),
    })]);
  });

  it('a base that cannot be read is named with why, and what the agent lacks', () => {
    const agent = files['agent.ts'].replace('@tool({ stage: "book" })', '@tool()');
    const read = imported({ 'agent.ts': agent, 'agenda.ts': files['agenda.ts'] });
    expect(read.doc.tools.map((t) => t.name)).toEqual(['search']);
    expect(read.warnings[0]).toMatchObject({ line: 6, message: expect.stringContaining('Busca extends ClinicaNorte, imported from "./clinica-norte", which Callboard could not read ("./clinica-norte" is not in the agent\'s folder (looked for clinica-norte, clinica-norte.ts, clinica-norte.tsx…): add the file, or give what it provides a mock answer): its tools, state fields, getters and hooks are not read') });
    const other = imported({ 'agent.ts': agent, 'agenda.ts': files['agenda.ts'], 'clinica-norte.ts': 'export const ClinicaNorte = 1;\n' });
    expect(other.warnings[0].message).toContain('clinica-norte.ts exports no class ClinicaNorte: write `export class ClinicaNorte extends Agent { … }` there');
  });

  it('the inherited tool runs with the base file\'s own helper (its getter reads a constant of that file) and its import of ./agenda', async () => {
    const { doc } = imported(files);
    const result = await run(doc, 'findPatient', { name: 'Ana' }, { patient: '', searches: 0, stage: 'identify' });
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual({ found: true, slotsToday: 4 });
    expect(result.writes).toMatchObject({ patient: 'Ana', stage: 'book' });
  });
});

describe('helpers imported from a plain TypeScript file of the folder', () => {
  const files = fixture('multi-file');

  it('run inside the sandbox: the tool body calls agendaFor and reads MAX_SLOTS from ./agenda', async () => {
    const { doc } = imported(files);
    expect(helperNeeds(doc).find((t) => t.tool === 'search')!.needs).toEqual([]);
    const result = await run(doc, 'search', { day: 'friday' }, { patient: 'Ana', searches: 0, stage: 'book' });
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual(['friday 09:00', 'friday 10:30', 'friday 16:00']);
    expect(result.writes).toMatchObject({ searches: 1 });
  });

  it('a mock the user set wins over the bundled helper', async () => {
    const { doc } = imported(files);
    const mocked = { ...doc, mocks: { ...doc.mocks, helpers: { agendaFor: [{ day: 'x', time: '07:00' }] } } } as AgentDocument;
    const result = await run(mocked, 'search', { day: 'friday' }, { patient: 'Ana', searches: 0, stage: 'book' });
    expect(result.result).toEqual(['x 07:00']);
  });

  it('a helper file that imports a package is named precisely, and the tool asks a mock answer for what it provides', async () => {
    const pkg = fixture('multi-file-package');
    const { doc, warnings } = imported(pkg);
    expect(warnings.map((w) => w.message)).toEqual([
      'agendaFor, imported from "./agenda", cannot run in the simulator: ./agenda.ts imports "date-fns" (a package), which Callboard does not bundle. Give agendaFor a mock answer (the tool\'s "Cannot run in the simulator" section, or mocks.helpers), or keep the helper in the agent\'s folder as plain TypeScript',
    ]);
    expect(helperNeeds(doc)[0].needs).toEqual([expect.objectContaining({ helper: 'agendaFor', from: './agenda', why: './agenda.ts imports "date-fns" (a package), which Callboard does not bundle' })]);
    const failed = await run(doc, 'search', { day: '2026-12-01' });
    expect(failed.failure).toBe('needs-mock');
    expect(failed.error).toContain('agendaFor (imported from "./agenda": ./agenda.ts imports "date-fns" (a package)');
    const mocked = { ...doc, mocks: { ...doc.mocks, helpers: { agendaFor: ['2026-12-02 10:00'] } } } as AgentDocument;
    expect((await run(mocked, 'search', { day: '2026-12-01' })).result).toEqual(['2026-12-02 10:00']);
  });

  it('a helper that uses what the sandbox lacks, or one that leaves the folder, is named with why', () => {
    const agent = 'import { Agent, tool } from "@pinecall/agents";\nimport { load } from "./api";\nimport { secret } from "../secret";\n\n/** You look things up. */\nexport default class Look extends Agent {\n  /** Look it up. */\n  @tool()\n  async look(q: string) {\n    return [await load(q), secret];\n  }\n}\n';
    const api = 'export async function load(q: string) {\n  const res = await fetch(`https://example.com/${q}`);\n  return res.json();\n}\n';
    const { warnings } = imported({ 'agent.ts': agent, 'api.ts': api });
    expect(warnings.map((w) => [w.line, w.message.split('. Give')[0]])).toEqual([
      [2, 'load, imported from "./api", cannot run in the simulator: ./api.ts uses `fetch`, which the simulator\'s sandbox does not have'],
      [3, 'secret, imported from "../secret", cannot run in the simulator: "../secret" leads out of the agent\'s folder, which is all Callboard reads: move the file into the folder (beside agent.ts)'],
    ]);
  });

  it('follows a helper\'s own relative imports, and stops a cycle', async () => {
    const agent = 'import { Agent, tool } from "@pinecall/agents";\nimport { hello } from "./a";\n\n/** You greet. */\nexport default class Greeter extends Agent {\n  /** Greet someone. */\n  @tool()\n  async greet(name: string) {\n    return hello(name);\n  }\n}\n';
    const files2 = {
      'agent.ts': agent,
      'a.ts': 'import { shout } from "./lib/b";\nexport const hello = (n: string) => shout(`hola ${n}`);\nexport const A = "a";\n',
      'lib/b.ts': 'import { A } from "../a";\nexport function shout(s: string) { return s.toUpperCase() + "!" + A; }\n',
    };
    const { doc, warnings } = imported(files2);
    expect(warnings).toEqual([]);
    const greeted = await run(doc, 'greet', { name: 'ana' });
    expect(greeted.error).toBeUndefined();
    expect(greeted.result).toBe('HOLA ANA!a');
  });

  it('a bundled helper reaches nothing of the host: a dynamic import is refused inside the sandbox, `this` is no global', async () => {
    const agent = 'import { Agent, tool } from "@pinecall/agents";\nimport { leak } from "./leak";\n\n/** You try. */\nexport default class Tries extends Agent {\n  /** Try it. */\n  @tool()\n  async attempt(path: string) {\n    return leak(path);\n  }\n}\n';
    const leak = 'export async function leak(path: string) {\n  const self = typeof this;\n  try {\n    await import(path);\n    return "escaped";\n  } catch (e) {\n    return [self, String((e as Error).message)];\n  }\n}\n';
    const { doc, warnings } = imported({ 'agent.ts': agent, 'leak.ts': leak });
    expect(warnings).toEqual([]);
    const result = await run(doc, 'attempt', { path: 'node:fs' });
    expect(result.result).toEqual(['undefined', 'leak.ts imports "node:fs", which is not bundled']);
  });
});
