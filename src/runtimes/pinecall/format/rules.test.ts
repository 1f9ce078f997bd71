import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../model';
import { docstringOneLine } from '../../../model/docstring';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { minimalDoc } from './testing';

/** One class around the pieces a row needs; `head` goes above the class. */
function classText({ head = '', members }: { head?: string; members: string }): string {
  return `import { Agent, state, tool, type Stages } from "@pinecall/agents";\n${head}\n/** Persona. */\nexport default class Desk extends Agent {\n${members}\n}\n`;
}

function importTool(members: string, head = '') {
  const read = importPinecallTs(classText({ head, members }));
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc.tools[0];
}

describe('docstring folding (formats/pinecall.md: trim, drop leading *, drop empty lines, stop at @, join with spaces)', () => {
  const rows: [rule: string, docstring: string, reads: string][] = [
    ['one line', '/** Book a slot. */', 'Book a slot.'],
    ['lines are trimmed and joined with single spaces', '/**\n   *   Free slots on one day.\n   * For one visit.   \n   */', 'Free slots on one day. For one visit.'],
    ['empty lines are dropped', '/**\n * First.\n *\n *\n * Second.\n */', 'First. Second.'],
    ['reading stops at the first line that starts with @', '/**\n * Book it.\n * @param slot the id\n * Not read.\n */', 'Book it.'],
    ['an @ inside a line does not stop it', '/** Mail name@example.com then hang up. */', 'Mail name@example.com then hang up.'],
    ['every leading * of a line is dropped', '/**\n * * a bullet\n */', 'a bullet'],
    ['every leading * of a one-line docstring too', '/** ** text */', 'text'],
    ['stars inside a line stay, and a closing ** leaves one', '/** a * b **/', 'a * b *'],
    ['a line without a * gutter is read too', '/**\n  no gutter here\n */', 'no gutter here'],
    ['spacing inside a line is kept', '/** a  b */', 'a  b'],
    ['the exporter\'s escaped closer reads back as */', '/** a *\u200b/ b */', 'a */ b'],
  ];
  it.each(rows)('%s', (_rule, docstring, reads) => {
    expect(importTool(`  ${docstring}\n  @tool()\n  async t() {}`).description).toBe(reads);
  });

  const descriptions: [what: string, description: string][] = [
    ['newlines', 'First line.\nSecond line.\n\nThird.'],
    ['a comment closer', 'Never write */ here, nor /* there.'],
    ['backticks and ${', 'Say `code` and ${not_a_template} as written.'],
    ['unicode', 'Réservez un créneau — ✓ 🤖'],
    ['leading stars and an @tag', '* starred\n** twice\n@param x ignored\nnot read'],
    ['its own JSDoc delimiters', '/**\n * Pasted with delimiters.\n */'],
  ];
  it.each(descriptions)('a description with %s exports as valid TypeScript and reads back folded', (_what, description) => {
    const doc = minimalDoc({ description });
    const read = importPinecallTs(exportPinecallTs(doc).text);
    expect(read.ok && read.doc.tools[0].description).toBe(docstringOneLine(description));
  });
});

const obj = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });
const OPEN = { type: 'object', additionalProperties: true };

describe('signature → JSON Schema (one row per rule of formats/pinecall.md)', () => {
  const rows: [rule: string, head: string, params: string, parameters: JsonSchema][] = [
    ['string maps to itself', '', 'a: string', obj({ a: { type: 'string' } }, ['a'])],
    ['number maps to itself', '', 'a: number', obj({ a: { type: 'number' } }, ['a'])],
    ['boolean maps to itself', '', 'a: boolean', obj({ a: { type: 'boolean' } }, ['a'])],
    ['T[] is an array of T', '', 'a: string[], b: number[][]', obj({ a: { type: 'array', items: { type: 'string' } }, b: { type: 'array', items: { type: 'array', items: { type: 'number' } } } }, ['a', 'b'])],
    ['a union of string literals is a string enum', '', 'a: "am" | "pm"', obj({ a: { type: 'string', enum: ['am', 'pm'] } }, ['a'])],
    ['a single string literal is a one-value enum', '', 'a: "am"', obj({ a: { type: 'string', enum: ['am'] } }, ['a'])],
    ['a number literal is a number', '', 'a: 3', obj({ a: { type: 'number' } }, ['a'])],
    ['a boolean literal is a boolean', '', 'a: true', obj({ a: { type: 'boolean' } }, ['a'])],
    ['any other union is an open object', '', 'a: string | number, b: 1 | 2', obj({ a: OPEN, b: OPEN }, ['a', 'b'])],
    ['a same-file interface is expanded field by field', 'interface Slot { id: string; when?: string }', 'a: Slot', obj({ a: obj({ id: { type: 'string' }, when: { type: 'string' } }, ['id']) }, ['a'])],
    ['a same-file type alias is expanded', 'type Pair = { x: number; y: number };\ntype Part = "am" | "pm";', 'a: Pair, b: Part', obj({ a: obj({ x: { type: 'number' }, y: { type: 'number' } }, ['x', 'y']), b: { type: 'string', enum: ['am', 'pm'] } }, ['a', 'b'])],
    ['an inline object type is expanded', '', 'a: { x: number; y?: string }', obj({ a: obj({ x: { type: 'number' }, y: { type: 'string' } }, ['x']) }, ['a'])],
    ['nested ones are expanded too', 'interface Geo { lat: number }\ninterface Place { geo: Geo; tags: { name: string }[] }', 'a: Place', obj({ a: obj({ geo: obj({ lat: { type: 'number' } }, ['lat']), tags: { type: 'array', items: obj({ name: { type: 'string' } }, ['name']) } }, ['geo', 'tags']) }, ['a'])],
    ['a type that contains itself stops at its name', 'interface Node { value: string; next?: Node }', 'a: Node', obj({ a: obj({ value: { type: 'string' }, next: { type: 'object', description: 'Node' } }, ['value']) }, ['a'])],
    ['a type name the file does not declare is an object described by its name', '', 'a: Slot', obj({ a: { type: 'object', description: 'Slot' } }, ['a'])],
    ['any other shape is an open object', '', 'a: [string, number], b: any', obj({ a: OPEN, b: OPEN }, ['a', 'b'])],
    ['a callback is {description: "callback"} and never required', '', 'a: (x: string) => void, b: string', obj({ a: { description: 'callback' }, b: { type: 'string' } }, ['b'])],
    ['a destructured parameter is left out', '', '{ a }: { a: string }, b: string', obj({ b: { type: 'string' } }, ['b'])],
    ['no parameters: required is still there', '', '', obj({}, [])],
  ];
  it.each(rows)('%s', (_rule, head, params, parameters) => {
    expect(importTool(`  /** T. */\n  @tool()\n  async t(${params}) {}`, head).parameters).toEqual(parameters);
  });
});

describe('optional parameters (not in required)', () => {
  const rows: [rule: string, params: string, required: string[], a: JsonSchema][] = [
    ['a plain parameter is required', 'a: string', ['a'], { type: 'string' }],
    ['? makes it optional', 'a?: string', [], { type: 'string' }],
    ['a default value makes it optional', 'a: string = "x"', [], { type: 'string' }],
    ['a default without a type is optional and an open object', 'a = 3', [], { type: 'object', additionalProperties: true }],
    ['| undefined makes it optional; the other member gives the type', 'a: string | undefined, b: number', ['b'], { type: 'string' }],
    ['| null makes it optional; string | null is a string', 'a: string | null', [], { type: 'string' }],
    ['| null on a literal union keeps the enum', 'a: "x" | "y" | null', [], { type: 'string', enum: ['x', 'y'] }],
    ['a callback is never required', 'a: () => void', [], { description: 'callback' }],
  ];
  it.each(rows)('%s', (_rule, params, required, a) => {
    const parameters = importTool(`  /** T. */\n  @tool()\n  async t(${params}) {}`).parameters;
    expect(parameters.required).toEqual(required);
    expect(parameters.properties?.a).toEqual(a);
  });

  it('the exporter writes an optional parameter before a required one as T | undefined, and it reads back optional', () => {
    const doc = minimalDoc({ parameters: obj({ note: { type: 'string' }, day: { type: 'string' } }, ['day']) });
    const text = exportPinecallTs(doc).text;
    expect(text).toContain('async end_call(note: string | undefined, day: string)');
    const read = importPinecallTs(text);
    expect(read.ok && read.doc.tools[0].parameters).toEqual(obj({ note: { type: 'string' }, day: { type: 'string' } }, ['day']));
  });
});

describe('refusals when the class loads (exact message, line:column)', () => {
  const head = 'import { Agent, state, tool, type Stages } from "@pinecall/agents";';
  const rows: { refusal: string; lines: string[]; error: { line: number; column: number; message: string } }[] = [
    {
      refusal: 'a tool without a docstring',
      lines: [head, 'export default class Desk extends Agent {', '  @tool()', '  async book(slot: string) { return slot; }', '}'],
      error: { line: 4, column: 9, message: 'tool book: without a docstring no model can choose it; write a /** one line */ above the method' },
    },
    {
      refusal: 'a docstring that is only @tags',
      lines: [head, 'export default class Desk extends Agent {', '  /** @param slot the id */', '  @tool()', '  async book(slot: string) { return slot; }', '}'],
      error: { line: 5, column: 9, message: 'tool book: without a docstring no model can choose it; write a /** one line */ above the method' },
    },
    {
      refusal: 'a tool name that is not one word',
      lines: [head, 'export default class Desk extends Agent {', '  /** Book. */', '  @tool()', '  async "book-slot"(slot: string) { return slot; }', '}'],
      error: { line: 5, column: 9, message: 'a tool name is one word a model can call, not book-slot' },
    },
    {
      refusal: 'a pii entry the tool has no parameter for',
      lines: [head, 'export default class Desk extends Agent {', '  /** Book. */', '  @tool({ pii: ["slot", "dni"] })', '  async book(slot: string) { return slot; }', '}'],
      error: { line: 4, column: 25, message: 'tool book: pii names parameters the tool has; unknown: dni' },
    },
    {
      refusal: 'stage on a tool when the class declares no stage field',
      lines: [head, 'export default class Desk extends Agent {', '  /** Book. */', '  @tool({ stage: "book" })', '  async book(slot: string) { return slot; }', '}'],
      error: { line: 4, column: 11, message: 'tool book: stage names a value of this agent\'s own stage field, and Desk declares none; add `stage: Stages<"…"> = "…"` to the class, or ask when(state) instead' },
    },
    {
      refusal: 'a stage value that is not one of the declared stages',
      lines: [head, 'export default class Desk extends Agent {', '  @state stage: Stages<"choose" | "book"> = "choose";', '  /** Book. */', '  @tool({ stage: ["book", "pay"] })', '  async book(slot: string) { return slot; }', '}'],
      error: { line: 5, column: 27, message: 'tool book: stage "pay" is not one of this agent\'s stages; write one of "choose", "book"' },
    },
    {
      refusal: '@state({ pii: true, visibility: "public" })',
      lines: [head, 'export default class Desk extends Agent {', '  @state({ pii: true, visibility: "public" }) customer = "";', '}'],
      error: { line: 3, column: 10, message: '@state({ pii: true, visibility: "public" }) on Desk.customer: two different answers to one question; write one' },
    },
  ];
  it.each(rows)('$refusal', ({ lines, error }) => {
    expect(importPinecallTs(lines.join('\n'))).toEqual({ ok: false, errors: [error] });
  });

  it('a syntax error comes back with its line and column, and no document', () => {
    const read = importPinecallTs([head, 'export default class Desk extends Agent {', '  /** Book. */', '  @tool()', '  async book(slot: string { return slot; }', '}'].join('\n'));
    expect(read.ok).toBe(false);
    // Said so that it tells what to write (issue 33; syntax-errors.test.ts has the cases).
    expect(!read.ok && read.errors[0]).toMatchObject({ line: 5, column: 27, message: 'a comma or a ) is missing before this: write , between two parameters or arguments, or ) where they end (line 5: async book(slot: string { return slot; })' });
  });

  it('a file without an agent class says what to write', () => {
    expect(importPinecallTs('const x = 1;\n')).toEqual({ ok: false, errors: [{ line: 1, column: 1, message: expect.stringContaining('export default class <Name> extends Agent') }] });
  });
});
