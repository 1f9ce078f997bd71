// `callboard simulate|lint|convert` on a Pinecall agent whose base class and helpers stand in
// other files of its folder (issue 12): read from the folder on disk, the helpers bundled into the
// sandbox, and a helper that imports a package named precisely. In-process through runCli with
// real files (test/fixtures/pinecall/multi-file*), against the scripted mock LLM server.
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';
import { startMockLlm, type MockLlm, type MockTurn } from '../mock-llm/server';

const fixtures = fileURLToPath(new URL('../fixtures/pinecall/', import.meta.url));
const AGENT = join(fixtures, 'multi-file/agent.ts');
const PACKAGE_AGENT = join(fixtures, 'multi-file-package/agent.ts');

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string; read: string[] }> {
  let stdout = '';
  let stderr = '';
  const read: string[] = [];
  const io: CliIo = {
    readText: (path) => {
      read.push(path);
      try {
        return { ok: true, text: readFileSync(path, 'utf8') };
      } catch {
        return { ok: false, reason: 'no such file' };
      }
    },
    realPath: (path) => {
      try {
        return { ok: true, path: realpathSync(path) };
      } catch {
        return { ok: false, reason: 'no such file' };
      }
    },
    writeText: () => {
      throw new Error('this test writes no file');
    },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
    env: () => undefined,
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr, read };
}

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => mock.reset());

const openai = () => ['--provider', 'openai', '--base-url', mock.openaiBaseUrl, '--api-key', 'sk-test-multi-file'];
// Pinecall's loop asks with tool_choice auto: a tool call, then (after its result) the words.
const reply = (lastUser: string, text: string): MockTurn => ({ match: { toolChoice: 'auto', lastUserIncludes: lastUser }, reply: { text } });
const tools = (lastUser: string, name: string, args: object): MockTurn => ({ match: { toolChoice: 'auto', lastUserIncludes: lastUser }, reply: { toolCalls: [{ name, arguments: args }] } });
const events = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('callboard on an agent with its base class and helpers in other files of its folder', () => {
  it('simulate: the inherited tool and the agent\'s own tool run the helpers of ./agenda, read from the folder on disk', async () => {
    mock.script([
      tools('Ana', 'findPatient', { name: 'Ana' }),
      reply('Ana', 'Hola Ana.'),
      tools('viernes', 'search', { day: 'friday' }),
      reply('viernes', 'Tengo tres huecos el viernes.'),
    ]);
    const run = await cli(['simulate', AGENT, ...openai(), '--say', 'Soy Ana', '--say', 'Un hueco el viernes']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const results = events(run.stdout).filter((e) => e.type === 'tool_result');
    expect(results.map((e) => [e.name, e.result])).toEqual([
      ['findPatient', { found: true, slotsToday: 4 }],
      ['search', ['friday 09:00', 'friday 10:30', 'friday 16:00']],
    ]);
    // Only the agent's folder was read: the agent, its base and its helper.
    expect(run.read.map((p) => p.slice(fixtures.length))).toEqual(expect.arrayContaining(['multi-file/agent.ts', 'multi-file/clinica-norte.ts', 'multi-file/agenda.ts']));
    expect(run.read.every((p) => p.startsWith(join(fixtures, 'multi-file/')))).toBe(true);
  }, 60_000);

  it('convert: the agent reads with the base\'s tools, and the Pinecall export is the agent file as written', async () => {
    const json = await cli(['convert', AGENT, '--to', 'json']);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as { tools: { name: string }[] };
    expect(doc.tools.map((t) => t.name)).toEqual(['findPatient', 'search']);
    const ts = await cli(['convert', AGENT, '--to', 'ts']);
    expect(ts.code).toBe(0);
    expect(ts.stdout).toBe(readFileSync(AGENT, 'utf8'));
  }, 60_000);

  it('lint and simulate: a helper that imports a package is named precisely, and the run asks a mock answer for it', async () => {
    const lint = await cli(['lint', PACKAGE_AGENT]);
    expect(lint.stdout + lint.stderr).toContain(`${PACKAGE_AGENT}:2:1: warning: agendaFor, imported from "./agenda", cannot run in the simulator: ./agenda.ts imports "date-fns" (a package), which Callboard does not bundle. Give agendaFor a mock answer`);
    mock.script([tools('martes', 'search', { day: '2026-12-01' }), reply('martes', 'Lo siento.')]);
    const run = await cli(['simulate', PACKAGE_AGENT, ...openai(), '--say', 'El martes']);
    const result = events(run.stdout).find((e) => e.type === 'tool_result' || e.type === 'tool_error');
    expect(JSON.stringify(result)).toContain('agendaFor (imported from \\"./agenda\\": ./agenda.ts imports \\"date-fns\\" (a package), which Callboard does not bundle)');
  }, 60_000);
});
