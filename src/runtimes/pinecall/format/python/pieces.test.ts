// The Python export's pieces, each against what pinecall 0.11.24 / pydantic 2.14 do (read in their
// source; conformance/checks/c10_pinecall_sdk.py checks the same on the whole corpus in the SDK).
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../model';
import { minimalDoc } from '../testing';
import { exportPinecallPython } from './export';
import { lossesOfPinecallPython } from './losses';
import { pyMembers } from './members';
import { pyExpression, pyFieldsOf, pyWhen, type PyField } from './py-expression';
import { pyClassName } from './py-names';
import { docstringSource, pyLiteral, pyOneLine } from './py-text';
import { pyParameters, pySchema, signatureText, typedNamer } from './signature';
import { pyRefusal, pyToolSpecs } from './spec';
import { viewJinja } from './view';

const obj = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });

function schemaOf(properties: Record<string, JsonSchema>, required: string[]) {
  const tool = minimalDoc({ parameters: obj(properties, required) }).tools[0];
  const params = pyParameters(tool);
  const nameOf = typedNamer(new Set()).forTool(tool.name);
  return { schema: pySchema(params, nameOf), signature: signatureText(params, nameOf) };
}

describe('the schema pydantic builds from the hints the export writes', () => {
  it('keeps an integer an integer, and writes an optional parameter as anyOf with null and a default', () => {
    const { schema, signature } = schemaOf({ count: { type: 'integer' }, note: { type: 'string' }, times: { type: 'integer', default: 2 } }, ['count']);
    expect(signature).toBe('self, count: int, note: str | None = None, times: int = 2');
    expect(schema).toEqual({
      additionalProperties: false,
      properties: { count: { type: 'integer' }, note: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null }, times: { type: 'integer', default: 2 } },
      required: ['count'],
      type: 'object',
    });
  });

  it('writes a nested object as a closed $defs class, a one-value enum as const and a whole-number enum as Literal', () => {
    const { schema, signature } = schemaOf({
      where: obj({ street: { type: 'string' }, geo: obj({ lat: { type: 'number' } }, ['lat']) }, ['street']),
      only: { type: 'string', enum: ['yes'] },
      level: { type: 'integer', enum: [1, 2] },
    }, ['where', 'only', 'level']);
    expect(signature).toBe('self, where: Where, only: Literal["yes"], level: Literal[1, 2]');
    expect(schema.properties).toEqual({ where: { $ref: '#/$defs/Where' }, only: { const: 'yes', type: 'string' }, level: { enum: [1, 2], type: 'integer' } });
    expect(schema.$defs).toEqual({
      Where: { additionalProperties: false, properties: { street: { type: 'string' }, geo: { $ref: '#/$defs/WhereGeo' } }, required: ['street'], type: 'object' },
      WhereGeo: { additionalProperties: false, properties: { lat: { type: 'number' } }, required: ['lat'], type: 'object' },
    });
  });

  it('makes the parameters keyword-only when a required one follows an optional one (Python refuses it otherwise)', () => {
    expect(schemaOf({ first: { type: 'string' }, then: { type: 'number' } }, ['then']).signature).toBe('self, *, first: str | None = None, then: float');
  });

  it('leaves out a parameter that is no Python identifier, and the pii naming it', () => {
    const doc = minimalDoc({ parameters: obj({ from: { type: 'string' }, text: { type: 'string' } }, ['from', 'text']), pii: ['from', 'text'] });
    const [spec] = pyToolSpecs(doc);
    expect(Object.keys(spec.parameters.properties ?? {})).toEqual(['text']);
    expect(spec.pii).toEqual(['text']);
  });
});

describe('docstrings as the SDK reads them', () => {
  it('ends the description at a section header and expands tabs, as inspect.cleandoc and _doc.one_line do', () => {
    expect(pyOneLine('Books the hour.\n  and more.\nReturns:\nthe booking.')).toBe('Books the hour. and more.');
    expect(pyOneLine('a\tb')).toBe('a       b');
    expect(pyOneLine('\n  \n')).toBeUndefined();
  });

  it('writes a docstring Python reads back as written: backslashes and closing quotes escaped', () => {
    expect(docstringSource(['Say "hi" \\ now"'], '')).toBe('"""Say "hi" \\\\ now\\""""\n');
    expect(docstringSource(['Three """ quotes'], '')).toBe('"""Three \\"\\"" quotes"""\n');
  });

  it('writes JSON values as Python literals', () => {
    expect(pyLiteral({ a: [true, null, 1.5, 'x\u2028y'] })).toBe('{"a": [True, None, 1.5, "x\\u2028y"]}');
  });
});

describe('names, conditions, the view and refusals', () => {
  it('renames a field or tool the SDK refuses: an Agent member, an environment setting', () => {
    const doc = { ...minimalDoc({ name: 'log' }), state: [{ id: 'f', name: 'call', type: 'string' as const, default: '', pii: false, visibility: 'private' as const }, { id: 'g', name: 'voice', type: 'string' as const, pii: false, visibility: 'private' as const }] };
    const members = pyMembers(doc);
    expect(members.fieldNames).toEqual(['call_value', 'voice_value']);
    expect(members.toolNames).toEqual(['log_tool']);
  });

  it('renames a field the class body would read as its own code (tool, str) or the SDK as its stage', () => {
    const field = (name: string) => ({ id: name, name, type: 'string' as const, default: '', pii: false, visibility: 'private' as const });
    const doc = { ...minimalDoc(), state: ['tool', 'str', 'stage', 'Where'].map(field) };
    expect(pyMembers(doc).fieldNames).toEqual(['tool_value', 'str_value', 'stage_value', 'Where']);
    const withObject = { ...doc, tools: [{ ...doc.tools[0], parameters: { type: 'object', properties: { where: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false } }, required: ['where'], additionalProperties: false } }] };
    expect(exportPinecallPython(withObject).text).toContain('def end_call(self, where: EndCallWhere)');
  });

  it('names the class so Python can run it: never a keyword, never a name the file imports', () => {
    expect(pyClassName('none')).toBe('NoneAgent');
    expect(pyClassName('literal')).toBe('LiteralAgent');
    expect(pyClassName('Clinic Booking')).toBe('ClinicBooking');
  });

  it('translates comparisons and logic over state fields, and refuses any other JavaScript', () => {
    const fields = new Map<string, PyField>([['searches', { name: 'searches', use: 'number' }], ['call', { name: 'call_value', use: 'scalar' }]]);
    expect(pyExpression('searches >= 3 && !(call === "x")', fields)).toBe('self.searches >= 3 and not (self.call_value == "x")');
    expect(pyExpression('slots.length > 0', fields)).toBeUndefined();
    expect(pyExpression('unknown > 0', fields)).toBeUndefined();
  });

  it('refuses what Python reads otherwise than JavaScript: ordering a value that may be None or text, testing a list', () => {
    const fields = pyFieldsOf({ ...minimalDoc(), state: [
      { id: 'a', name: 'score', type: 'number', pii: false, visibility: 'private' },
      { id: 'b', name: 'slots', type: 'array', default: [], pii: false, visibility: 'private' },
      { id: 'c', name: 'count', type: 'integer', default: 0, pii: false, visibility: 'private' },
    ] }, new Map([['score', 'score'], ['slots', 'slots'], ['count', 'count']]));
    expect(pyExpression('score >= 3', fields)).toBeUndefined(); // None >= 3 raises in Python
    expect(pyExpression('!slots', fields)).toBeUndefined(); // [] is true in JavaScript, false in Python
    expect(pyExpression('slots === null || count < 2', fields)).toBe('self.slots == None or self.count < 2');
    expect(pyExpression('!score', fields)).toBe('not self.score');
    expect(pyExpression('count == "0"', fields)).toBeUndefined(); // loose equality coerces in JavaScript
    expect(pyExpression('score != null', fields)).toBe('self.score != None');
  });

  it('translates a when over state fields into the SDK\'s lambda, and refuses one that reads more', () => {
    const fields = new Map<string, PyField>([['attempts', { name: 'attempts', use: 'number' }], ['slots', { name: 'slots', use: 'other' }], ['stage', { name: 'stage', use: 'scalar' }]]);
    expect(pyWhen('(s) => s.attempts < 5 && s.stage !== "done"', fields)).toBe('lambda self: self.attempts < 5 and self.stage != "done"');
    expect(pyWhen('s => !s.attempts', fields)).toBe('lambda self: not self.attempts');
    expect(pyWhen('(s) => s.slots.length > 0', fields)).toBeUndefined();
    expect(pyWhen('(s) => s.identified', fields)).toBeUndefined();
    expect(pyWhen('(s) => { return s.attempts > 1; }', fields)).toBeUndefined();
  });

  it('writes the view as Jinja: a field placeholder stays one, any other {{, {% or {# is text', () => {
    const doc = minimalDoc();
    const withStages = { ...doc, stages: [{ id: 's', name: 'ask', ref: 'ask', blockId: 'b', kind: 'turn' as const, instructions: 'Hi {{ name }} {% x %} {{ other }}' }] };
    expect(viewJinja(withStages, new Map([['name', 'name']]))).toBe('{% if stage == "ask" %}\nHi {{ name }} {{ "{%" }} x %} \n{% endif %}\n');
  });

  it('prints an unset text field as nothing, as Callboard does, where Jinja would print None', () => {
    const doc = { ...minimalDoc(), state: [{ id: 'f', name: 'ticket', type: 'string' as const, pii: false, visibility: 'private' as const }] };
    const withStages = { ...doc, stages: [{ id: 's', name: 'file', ref: 'file', blockId: 'b', kind: 'turn' as const, instructions: 'Ticket {{ ticket }}.' }] };
    expect(viewJinja(withStages, new Map([['ticket', 'ticket']]))).toContain('Ticket {{ ticket or "" }}.');
  });

  it('names the loss when the SDK would tidy the view: trailing spaces, runs of blank lines', () => {
    const doc = minimalDoc();
    const stage = { id: 's', name: 'ask', ref: 'ask', blockId: 'b', kind: 'turn' as const, instructions: 'One  \nTwo' };
    expect(lossesOfPinecallPython({ ...doc, stages: [stage] }).map((l) => l.feature)).toContain('view whitespace');
    expect(lossesOfPinecallPython({ ...doc, stages: [{ ...stage, instructions: 'One\nTwo' }] }).map((l) => l.feature)).not.toContain('view whitespace');
  });

  it('writes the TypeScript class\'s own members as comments and names the loss', () => {
    const doc = { ...minimalDoc(), preserved: { pinecall: { members: ['get caller(): string {\n  return "x";\n}'] } } };
    expect(exportPinecallPython(doc).text).toContain('    # get caller(): string {\n    #   return "x";\n    # }\n');
    expect(lossesOfPinecallPython(doc).find((l) => l.feature === 'TypeScript members')?.message).toContain('caller is TypeScript');
  });

  it('predicts the refusal of a tool without a docstring in the SDK\'s own words', () => {
    expect(pyRefusal(minimalDoc({ description: '  ' }))).toBe('tool end_call: without a docstring no model can choose it; write one: """Books the hour."""');
    expect(pyRefusal(minimalDoc())).toBeUndefined();
  });
});
