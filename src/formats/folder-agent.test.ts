// Which file of a .zip or a dropped folder is the Pinecall agent (issue 12): the one that looks
// like an agent class and no other file imports; the others come along as its siblings.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { pickAgentFile } from './folder-agent';
import { readBundleZip } from './zip-bundle';

const AGENT = 'import { tool } from "@pinecall/agents";\nimport { ClinicaNorte } from "./clinica-norte";\nimport { agendaFor } from "./lib/agenda";\n\n/** Busca. */\nexport default class Busca extends ClinicaNorte {}\n';
const BASE = 'import { Agent, tool } from "@pinecall/agents";\n\n/** Base. */\nexport class ClinicaNorte extends Agent {\n  /** Find. */\n  @tool()\n  async find(name: string) { return name; }\n}\n';
const HELPER = 'export function agendaFor(day: string) { return [day]; }\n';

describe('picking the agent of a folder', () => {
  it('is the agent class no other file imports, whatever order the files come in', () => {
    const files = [{ path: 'busca/clinica-norte.ts', text: BASE }, { path: 'busca/lib/agenda.ts', text: HELPER }, { path: 'busca/agent.ts', text: AGENT }];
    const picked = pickAgentFile(files);
    expect(picked.ok && [picked.agent.path, picked.siblings.map((s) => s.path)]).toEqual(['busca/agent.ts', ['busca/clinica-norte.ts', 'busca/lib/agenda.ts']]);
  });

  it('two agents that import nothing of each other are refused, named', () => {
    const picked = pickAgentFile([{ path: 'a.ts', text: BASE.replace('export class', 'export default class') }, { path: 'b.ts', text: BASE.replace('export class', 'export default class') }]);
    expect(picked).toEqual({ ok: false, message: 'the .zip holds 2 Pinecall agent classes that no other file imports (a.ts, b.ts): keep one agent, with its base class and helpers beside it' });
  });

  it('a YAML agent beside another agent file is still refused as before', () => {
    expect(pickAgentFile([{ path: 'a.yaml', text: 'x' }, { path: 'b.ts', text: AGENT }])).toMatchObject({ ok: false, message: expect.stringContaining('holds 2 agent files (a.yaml, b.ts)') });
  });

  it('readBundleZip gives the siblings with the agent and its goldens', () => {
    const zip = zipSync({ 'busca/agent.ts': strToU8(AGENT), 'busca/clinica-norte.ts': strToU8(BASE), 'busca/lib/agenda.ts': strToU8(HELPER), 'busca/tests/a.golden.json': strToU8('{}') });
    const read = readBundleZip(zip);
    expect(read.ok && [read.agent.path, read.siblings.map((s) => s.path), read.goldens.map((g) => g.path)]).toEqual(['busca/agent.ts', ['busca/clinica-norte.ts', 'busca/lib/agenda.ts'], ['busca/tests/a.golden.json']]);
  });

  it('a Ruby agent\'s folder: the class that inherits Pinecall::Agent, its helpers and its views/<slug>.erb beside it; none, or two, refused', () => {
    const klass = '# Desk.\nclass Desk < Pinecall::Agent\nend\n';
    const zip = zipSync({ 'desk/agent.rb': strToU8(klass), 'desk/lib/agenda.rb': strToU8('module Agenda; end\n'), 'desk/views/desk.erb': strToU8('Say hello.\n') });
    const read = readBundleZip(zip);
    expect(read.ok && [read.agent.path, read.siblings.map((s) => s.path)]).toEqual(['desk/agent.rb', ['desk/lib/agenda.rb', 'desk/views/desk.erb']]);
    expect(pickAgentFile([{ path: 'lib/agenda.rb', text: 'module Agenda; end\n' }, { path: 'lib/other.rb', text: 'x = 1\n' }])).toMatchObject({ ok: false, message: expect.stringContaining('holds no Pinecall classes in Ruby (class <Name> < Pinecall::Agent) among lib/agenda.rb, lib/other.rb') });
    expect(pickAgentFile([{ path: 'a.rb', text: klass }, { path: 'b.rb', text: klass }])).toMatchObject({ ok: false, message: expect.stringContaining('holds 2 Pinecall classes in Ruby') });
  });
});
