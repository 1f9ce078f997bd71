// One test per rule of formats/pinecall.md "Checked against Pinecall's source" that the importer
// and exporter decide (class members, docstrings, signatures, load-time refusals). The fixtures are
// shaped like real Pinecall classes: no @state at all, config fields, getters, helpers, plain stages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../model';
import { personaAsPinecallReads } from '../../../model/docstring';
import { environmentAsState, PINECALL_CONFIG_FIELDS, PINECALL_ENVIRONMENT } from '../../../model/lint/pinecall-refusals';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { minimalDoc } from './testing';

const HEAD = 'import { Agent, tool, type Stages } from "@pinecall/agents";';

function imported(text: string) {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read;
}

const roundTrip = (text: string) => exportPinecallTs(imported(text).doc).text;

/** A class the way Pinecall's own examples write one: every field undecorated. */
const UNDECORATED = [
  HEAD,
  '',
  '/** Recepción de Clínica Norte. */',
  'export default class Recepcion extends Agent {',
  '  phone = "+34 910 000 000";',
  '  language = "es";',
  '  stage: Stages<"identify" | "book"> = "identify";',
  '  patient: string | null = null;',
  '  slots: string[] = [];',
  '',
  '  get identified() {',
  '    return this.patient !== null;',
  '  }',
  '',
  '  /** Find the patient by name. */',
  '  @tool({ stage: "identify" })',
  '  async findPatient(name: string) {',
  '    this.patient = name;',
  '    this.stage = "book";',
  '    return { found: true };',
  '  }',
  '}',
  '',
].join('\n');

describe('class members', () => {
  it('with no @state anywhere, every instance field but the config ones is state', () => {
    const { doc } = imported(UNDECORATED);
    expect(doc.state.map((f) => f.name)).toEqual(['patient', 'slots']);
    expect(doc.stages.map((s) => s.name)).toEqual(['identify', 'book']);
  });

  it('config fields (phone, whatsapp, web, language) are kept as class members, not state', () => {
    const { doc } = imported(UNDECORATED);
    const members = (doc.preserved?.pinecall as { members?: string[] }).members ?? [];
    expect(members.filter((m) => /^(phone|language) =/.test(m))).toEqual(['phone = "+34 910 000 000";', 'language = "es";']);
  });

  it('an undecorated class round-trips byte-identical, and its fields stay undecorated (so still state)', () => {
    const text = roundTrip(UNDECORATED);
    expect(text).toBe(UNDECORATED);
    expect(text).not.toContain('@state');
  });

  it('the export keeps the undecorated style for a field added in Callboard', () => {
    const { doc } = imported(UNDECORATED);
    doc.state.push({ id: 'f_new', name: 'visits', type: 'number', default: 0, pii: false, visibility: 'private' });
    const text = exportPinecallTs(doc).text;
    expect(text).toContain('\n  visits: number = 0;\n');
    expect(text).not.toContain('@state');
    expect(imported(text).doc.state.map((f) => f.name)).toEqual(['patient', 'slots', 'visits']);
  });

  it('a field that needs @state options decorates every field, never only some', () => {
    const { doc } = imported(UNDECORATED);
    doc.state[0].pii = true;
    const text = exportPinecallTs(doc).text;
    expect(text).toContain('@state({ pii: true }) patient');
    expect(text).toContain('@state slots');
    expect(text).toContain('@state stage: Stages<"identify" | "book"> = "identify";');
    expect(text).toMatch(/import \{ Agent, state, tool, type Stages \}/);
    expect(imported(text).doc.state.map((f) => f.name)).toEqual(['patient', 'slots']);
  });

  it('with one @state, only the decorated fields are state; the others are kept as members', () => {
    const text = UNDECORATED.replace('  slots: string[] = [];', '  @state slots: string[] = [];')
      .replace('  stage: Stages', '  @state stage: Stages').replace(HEAD, HEAD.replace('tool,', 'state, tool,'));
    const { doc } = imported(text);
    expect(doc.state.map((f) => f.name)).toEqual(['slots']);
    expect(doc.stages.map((s) => s.name)).toEqual(['identify', 'book']);
    expect(roundTrip(text)).toBe(text);
  });

  it('with one @state, an undecorated stage field is scratch, so a tool\'s stage option is refused', () => {
    const text = UNDECORATED.replace('  slots: string[] = [];', '  @state slots: string[] = [];').replace(HEAD, HEAD.replace('tool,', 'state, tool,'));
    const read = importPinecallTs(text);
    expect(!read.ok && read.errors.map((e) => e.message)).toEqual([expect.stringContaining('tool findPatient: stage names a value of this agent\'s own stage field, and Recepcion declares none')]);
  });

  it('a getter is not state: it is kept as written', () => {
    const { doc } = imported(UNDECORATED);
    expect(doc.state.some((f) => f.name === 'identified')).toBe(false);
    expect(roundTrip(UNDECORATED)).toContain('  get identified() {\n    return this.patient !== null;\n  }');
  });

  const environment = PINECALL_ENVIRONMENT.filter((f) => !PINECALL_CONFIG_FIELDS.has(f));
  it.each(environment)('the environment field %s declared as a call\'s state (an instance field) is refused as Pinecall 0.11 refuses it', (field) => {
    const text = [HEAD, 'export default class Recepcion extends Agent {', `  ${field} = "x";`, '}'].join('\n');
    expect(importPinecallTs(text)).toEqual({ ok: false, errors: [{ line: 3, column: 3, message: environmentAsState(field) }] });
  });

  it('refuses an instance voice with Pinecall\'s exact sentence (pinecall/_config.py, declared_on_the_instance)', () => {
    const text = [HEAD, 'export default class Clinica extends Agent {', '  voice = "carolina";', '}'].join('\n');
    expect(!importPinecallTs(text).ok && (importPinecallTs(text) as { errors: { message: string }[] }).errors[0].message)
      .toBe('`voice` is the class\'s, not a call\'s state: declare it as @voice("<vendor>", "<voice id>")');
    const greeting = [HEAD, 'export default class Clinica extends Agent {', '  greeting = "Hola";', '}'].join('\n');
    expect((importPinecallTs(greeting) as { errors: { message: string }[] }).errors[0].message)
      .toBe('`greeting` is the class\'s, not a call\'s state: declare it as a static member, `static greeting = …`');
  });

  it('keeps the environment a class declares today — decorators and static members — and writes it back as written', () => {
    const text = [
      'import { Agent, improvise, llm, tool, voice } from "@pinecall/agents";', '',
      '/** Recepción de la Clínica Norte. */',
      '@llm("openai/gpt-5-mini", { temperature: 0.3 })',
      '@voice("cartesia", "b7d50908")',
      'export default class Recepcion extends Agent {',
      '  static language = "es";',
      '  static greeting = "Clínica Norte, buenos días.";',
      '  static hangup = "when the caller says goodbye";',
      '  static turn = improvise("Greet them warmly");',
      '',
      '  /** Say goodbye. */',
      '  @tool()',
      '  async bye() {',
      '    return "ok";',
      '  }',
      '}', '',
    ].join('\n');
    const { doc } = imported(text);
    expect(doc.state).toEqual([]);
    expect(roundTrip(text)).toBe(text);
  });

  it('refuses a voice declared both as a decorator and as a static member, and knowledge as a member', () => {
    const both = [HEAD, 'import { voice } from "@pinecall/agents";', '@voice("cartesia", "x")', 'export default class Clinica extends Agent {', '  static voice = { provider: "cartesia" };', '}'].join('\n');
    expect((importPinecallTs(both) as { errors: { message: string }[] }).errors[0].message).toBe('Clinica declares both @voice(…) and a voice attribute; keep one');
    const knowledge = [HEAD, 'export default class Clinica extends Agent {', '  static knowledge = "prices.md";', '}'].join('\n');
    expect((importPinecallTs(knowledge) as { errors: { message: string }[] }).errors[0].message).toBe('`knowledge` is the class\'s, not a call\'s state: declare it as @knowledge({ path: "…", text: "…" })');
  });

  it('a plain-string stage is accepted; its values are the start and the literals the class assigns or compares', () => {
    const text = [
      HEAD, '', '/** Tienda. */', 'export default class Tienda extends Agent {', '  stage = "browse";', '  cart: string[] = [];', '',
      '  /** Add an item. */', '  @tool()', '  async add(item: string) {', '    this.cart = [...this.cart, item];', '    if (this.stage === "browse") this.stage = "checkout";', '    return this.cart;', '  }',
      '', '  /** Pay. */', '  @tool({ stage: "checkout" })', '  async pay() {', '    this.stage = "done";', '    return { paid: true };', '  }', '}', '',
    ].join('\n');
    const { doc } = imported(text);
    expect(doc.stages.map((s) => s.name)).toEqual(['browse', 'checkout', 'done']);
    expect(doc.stages.find((s) => s.id === doc.entryStageId)?.name).toBe('browse');
    expect(doc.state.map((f) => f.name)).toEqual(['cart']);
    expect(roundTrip(text)).toBe(text);
  });
});

describe('class decorators and the base class', () => {
  it('@render(Component) survives export, with its import', () => {
    const text = [
      'import { Agent, render, tool } from "@pinecall/agents";', 'import { SupportPrompt } from "./views/support";', '',
      '/** Support. */', '@render(SupportPrompt)', 'export default class Support extends Agent {', '  open = true;', '}', '',
    ].join('\n');
    expect(roundTrip(text)).toBe(text);
  });

  it('extends keeps its base class on export', () => {
    const text = ['import { Agent, tool } from "@pinecall/agents";', 'import ClinicaNorte from "./clinica-norte";', '',
      '/** Busca. */', 'export default class Busca extends ClinicaNorte {', '  query = "";', '}', ''].join('\n');
    expect(roundTrip(text)).toContain('export default class Busca extends ClinicaNorte {');
  });

  it('a base in another file is named, with what the agent lacks', () => {
    const text = ['import { Agent, tool } from "@pinecall/agents";', 'import ClinicaNorte from "./clinica-norte";', '',
      '/** Busca. */', 'export default class Busca extends ClinicaNorte {', '  query = "";', '}', ''].join('\n');
    expect(imported(text).warnings).toEqual([{ line: 5, column: 36, message:
      'Busca extends ClinicaNorte, imported from "./clinica-norte", which this file does not declare: its tools, state fields, getters and hooks are not read, so the simulator offers only Busca\'s own (the CLI given the agent\'s folder, or the app given the folder or a .zip of it, reads the base there); the export keeps `extends ClinicaNorte`' }]);
  });
});

describe('docstrings (oneLine)', () => {
  const withDoc = (doc: string) => [HEAD, 'export default class Desk extends Agent {', doc, '  @tool()', '  async book(slot: string) { return slot; }', '}'].join('\n');
  const refusal = 'tool book: without a docstring no model can choose it; write a /** one line */ above the method';

  it('every leading * of each line is stripped', () => {
    expect(imported(withDoc('  /**\n   ** twice\n   *** thrice\n   */')).doc.tools[0].description).toBe('twice thrice');
  });

  it('a // comment line between the JSDoc and the method leaves the tool without a docstring', () => {
    const read = importPinecallTs(withDoc('  /** Book a slot. */\n  // eslint-disable-next-line'));
    expect(!read.ok && read.errors.map((e) => e.message)).toEqual([refusal]);
  });

  it('a JSDoc after the decorator leaves the tool without a docstring', () => {
    const text = [HEAD, 'export default class Desk extends Agent {', '  @tool()', '  /** Book a slot. */', '  async book(slot: string) { return slot; }', '}'].join('\n');
    const read = importPinecallTs(text);
    expect(!read.ok && read.errors.map((e) => e.message)).toEqual([refusal]);
  });

  it('the class identity ends at an @ line (@remarks): the persona keeps it, the prompt sent stops there', () => {
    const text = [HEAD, '', '/**', ' * You are the front desk.', ' * Speak briefly.', ' * @remarks Internal: reviewed by legal.', ' */', 'export default class Desk extends Agent {', '  note = "";', '}', ''].join('\n');
    const { doc } = imported(text);
    expect(doc.persona).toBe('You are the front desk.\nSpeak briefly.\n@remarks Internal: reviewed by legal.');
    expect(personaAsPinecallReads(doc.persona)).toBe('You are the front desk. Speak briefly.');
    expect(exportPinecallTs(doc).text).toBe(text);
  });
});

describe('signature → schema', () => {
  const OPEN = { type: 'object', additionalProperties: true };
  const paramsOf = (params: string, head = '') =>
    imported([HEAD, head, 'export default class Desk extends Agent {', '  /** T. */', '  @tool()', `  async t(${params}) { return 1; }`, '}'].join('\n'));

  it('an unannotated parameter is an open object even with a default, and the import says what to write', () => {
    const read = paramsOf('page = 1');
    expect(read.doc.tools[0].parameters).toEqual({ type: 'object', properties: { page: OPEN }, required: [], additionalProperties: false });
    expect(read.warnings.map((w) => w.message)).toContain('tool t: parameter page has no type, so Pinecall offers it as an open object and its argument check refuses a number; write `page: number = 1`');
  });

  const rows: [rule: string, params: string, head: string, schema: Record<string, JsonSchema>][] = [
    ['Array<string> is a type the file does not declare', 'a: Array<string>', '', { a: { type: 'object', description: 'Array' } }],
    ['readonly string[] is an open object', 'a: readonly string[]', '', { a: OPEN }],
    ['a rest parameter is left out', 'a: string, ...more: string[]', '', { a: { type: 'string' } }],
    ['quoted keys and method signatures in an interface are skipped', 'a: Person', 'interface Person { name: string; "first-name": string; format(): string }',
      { a: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false } }],
    ['an interface\'s extends is not followed', 'a: Child', 'interface Base { id: string }\ninterface Child extends Base { name: string }',
      { a: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false } }],
  ];
  it.each(rows)('%s', (_rule, params, head, properties) => {
    expect(paramsOf(params, head).doc.tools[0].parameters.properties).toEqual(properties);
  });
});

describe('refused when the class loads (exact messages)', () => {
  const refused = (lines: string[]) => {
    const read = importPinecallTs(lines.join('\n'));
    return read.ok ? [] : read.errors;
  };

  it('@tool on a getter', () => {
    expect(refused([HEAD, 'export default class Desk extends Agent {', '  /** Offered. */', '  @tool()', '  get offered() { return 1; }', '}']))
      .toEqual([{ line: 5, column: 7, message: '@tool goes on a method; offered is not one' }]);
  });

  it('@tool on a field', () => {
    expect(refused([HEAD, 'export default class Desk extends Agent {', '  /** Offered. */', '  @tool() offered = () => 1;', '}']))
      .toEqual([{ line: 4, column: 11, message: '@tool goes on a method; offered is not one' }]);
  });

  it('contradicting state options', () => {
    expect(refused(['import { Agent, state } from "@pinecall/agents";', 'export default class Contradictoria extends Agent {', '  @state({ pii: true, visibility: "public" }) customer = "";', '}']))
      .toEqual([{ line: 3, column: 10, message: '@state({ pii: true, visibility: "public" }) on Contradictoria.customer: two different answers to one question; write one' }]);
  });

  it('both @render(Component) and a render() method', () => {
    expect(refused(['import { Agent, render } from "@pinecall/agents";', '@render(SupportPrompt)', 'export default class Support extends Agent {', '  render() { return null; }', '}']).map((e) => e.message))
      .toEqual(['Support declares both @render(SupportPrompt) and a render() method; two ways to answer one question — keep one']);
  });

  it('two views', () => {
    expect(refused(['import { Agent, view } from "@pinecall/agents";', '@view(OrdersCard)', '@view(CustomerCard)', 'export default class Shop extends Agent {', '  open = true;', '}']).map((e) => e.message))
      .toEqual(['Shop declares two views (Orders Card and Customer Card); a class draws one panel']);
  });
});

describe('real-shaped classes round-trip byte-identical', () => {
  // Undecorated fields, config fields, getters in `when` and render(), onCall, helper methods,
  // top-level helpers, an imported helper, a render() that branches on a getter and on the channel.
  const files = ['test/fixtures/pinecall/front-desk-helpers.tsx', 'test/fixtures/pinecall/front-desk-view.tsx', 'e2e/fixtures/front-desk-agenda.tsx'];
  it.each(files)('%s', (file) => {
    const text = readFileSync(new URL(`../../../../${file}`, import.meta.url), 'utf8');
    expect(roundTrip(text)).toBe(text);
  });
});

describe('a state field named like a config field, exported', () => {
  it('is written as caller_<name>, with its reads and writes, so it stays state; the loss says so', () => {
    const doc = minimalDoc({ implementation: 'this.phone = "600";\nreturn this.phone;' });
    doc.state.push({ id: 'f_phone', name: 'phone', type: 'string', default: '', pii: true, visibility: 'private' });
    const out = exportPinecallTs(doc);
    expect(out.text).toContain('@state({ pii: true }) caller_phone: string = "";');
    expect(out.text).toContain('this.caller_phone = "600";\n    return this.caller_phone;');
    expect(imported(out.text).doc.state.map((f) => f.name)).toEqual(['caller_phone']);
    expect(out.warnings.map((w) => w.message)).toContainEqual(expect.stringContaining("Pinecall reads a class's phone as its configuration, never as state, so the class names the field caller_phone"));
  });
});
