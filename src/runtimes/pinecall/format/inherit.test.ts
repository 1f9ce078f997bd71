// Inheritance within one file: `class Busca extends ClinicaNorte` offers its own tools and all of
// ClinicaNorte's, with its state and helpers (formats/pinecall.md, "Checked against Pinecall's source").
import { describe, expect, it } from 'vitest';
import { sandboxToolRunner } from '../../../simulator/sandbox-runner';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';

const FILE = [
  'import { Agent, tool, type Stages } from "@pinecall/agents";',
  '',
  '/** La recepción de Clínica Norte. */',
  'class ClinicaNorte extends Agent {',
  '  stage: Stages<"identify" | "book"> = "identify";',
  '  patient = "";',
  '',
  '  protected greeting(name: string) {',
  '    return `Hola, ${name}`;',
  '  }',
  '',
  '  /** Find the patient by name. */',
  '  @tool({ stage: "identify" })',
  '  async findPatient(name: string) {',
  '    this.patient = name;',
  '    this.stage = "book";',
  '    return { said: this.greeting(name) };',
  '  }',
  '}',
  '',
  '/** Busca un hueco para el paciente. */',
  'export default class Busca extends ClinicaNorte {',
  '  searches = 0;',
  '',
  '  /** Search free slots on one day. */',
  '  @tool({ stage: "book" })',
  '  async search(day: string) {',
  '    this.searches = this.searches + 1;',
  '    return [`${day} 10:00`];',
  '  }',
  '}',
  '',
].join('\n');

function imported(text: string) {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
}

describe('a base class in the same file', () => {
  it('contributes its tools, state and stage field to the agent', () => {
    const doc = imported(FILE);
    expect(doc.name).toBe('Busca');
    expect(doc.tools.map((t) => t.name)).toEqual(['findPatient', 'search']);
    expect(doc.state.map((f) => f.name)).toEqual(['patient', 'searches']);
    expect(doc.stages.map((s) => s.name)).toEqual(['identify', 'book']);
  });

  it('exports byte-identical: the subclass keeps `extends ClinicaNorte` and does not declare the base\'s members again', () => {
    expect(exportPinecallTs(imported(FILE)).text).toBe(FILE);
  });

  it('an inherited tool edited in Callboard is written in the subclass as an override, and reads back the same', () => {
    const doc = imported(FILE);
    doc.tools[0].description = 'Find the patient by full name.';
    const text = exportPinecallTs(doc).text;
    const subclass = text.slice(text.indexOf('export default class Busca'));
    expect(subclass).toContain('/** Find the patient by full name. */');
    expect(subclass).toContain('async findPatient(name: string)');
    const back = imported(text);
    expect(back.tools.map((t) => [t.name, t.description])).toEqual([['findPatient', 'Find the patient by full name.'], ['search', 'Search free slots on one day.']]);
  });

  it('an inherited tool runs in the simulator with the base\'s helper methods', async () => {
    const doc = imported(FILE);
    const run = await sandboxToolRunner(doc).run(doc.tools[0], { name: 'Ana' }, { patient: '', searches: 0, stage: 'identify' }, {});
    expect(run.error).toBeUndefined();
    expect(run.result).toEqual({ said: 'Hola, Ana' });
    expect(run.writes).toMatchObject({ patient: 'Ana' });
  });
});
