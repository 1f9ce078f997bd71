import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument, JsonSchema, StateField, Tool } from '../../../model';
import { className } from '../../../model/names';
import { exportPinecallTs } from './export';
import { memberRenames } from './member-names';
import { compileAgent } from '../../../../test/pinecall-agents/compile-agent';
import { parameterList, stateDeclaration, STATE_INTERFACE, toolWrapper } from './editor-declarations';

// The Code tab checks a body against `this: AgentState` and the wrapper's parameters; Pinecall
// compiles it inside the exported class. This test puts both in one file and has tsc --strict say
// the types are the same, for names where the two used to disagree: non-ASCII, reserved words,
// names that need quoting.

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

const field = (id: string, name: string, type: StateField['type'], value: unknown): StateField =>
  ({ id, name, type, ...(value === undefined ? {} : { default: value }), pii: false, visibility: 'private' });

const state: StateField[] = [
  field('s1', 'größe', 'number', 0),
  field('s2', '名前', 'string', undefined),
  field('s3', 'class', 'string', ''),
  field('s4', 'my-field', 'boolean', false),
  field('s5', '1st', 'string', null),
  field('s6', 'zeilen', 'array', [{ a: 1 }, { b: 'x' }]),
  field('s7', 'ключи', 'array', [{ 'ä-b': 1, default: true }]),
  field('s8', 'meta', 'object', {}),
];

const tool = (id: string, name: string, properties: Record<string, JsonSchema>, required: string[], implementation: string): Tool => ({
  id, kind: 'function', name, description: `The ${name} tool.`, parameters: { type: 'object', properties, required },
  scope: { kind: 'all' }, fallback: false, pii: [], implementation,
});

const tools: Tool[] = [
  tool('t1', 'prüfen', {
    größe: { type: 'integer' },
    class: { type: 'string' },
    'two words': { type: 'string' },
    straße: { type: 'object', properties: { 'haus-nr': { type: 'number' }, ort: { type: 'string' } }, required: ['haus-nr'] },
    notiz: { type: ['string', 'null'] },
    rückruf: { description: 'callback' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
  }, ['größe', 'tags'], 'this.größe = größe;\nreturn straße?.ort ?? tags.length;'),
  tool('t2', 'delete', { default: { type: 'string' }, ñ: { type: 'boolean' } }, ['ñ'], 'return ñ;'),
  tool('t3', 'my-tool', {}, [], 'this["my-field"] = true;\nreturn this.zeilen.length;'),
];

const doc: AgentDocument = { ...sample, state, tools, edges: [] };

/** `Same<A, B>` is `true` only when A and B are identical types (not merely assignable either way). */
const SAME = 'type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;';

describe('the Code tab declares the types of the exported class', () => {
  it('state members and tool parameters are the same types in both, checked by tsc', () => {
    const cls = className(doc.name);
    const methodName = (i: number) => memberRenames(doc).find((r) => r.kind === 'tool' && r.index === i)?.to ?? tools[i].name;
    const wrappers = tools.map((t) => { const w = toolWrapper(t); return `${w.prefix}return undefined as unknown;${w.suffix}`; });
    const keys = state.map((f) => JSON.stringify(f.name)).join(' | ');
    const checks = [
      SAME,
      // Pick keeps each member's optionality: `名前?: string` must be optional in both.
      `const sameState: Same<Pick<${cls}, ${keys}>, Pick<${STATE_INTERFACE}, ${keys}>> = true;`,
      `const sameStage: Same<${cls}["stage"], ${STATE_INTERFACE}["stage"]> = true;`,
      // A tool Pinecall refuses by its name (`prüfen`, `my-tool`: not one word) is a method of another name (member-names.ts).
      ...tools.map((t, i) => `const args_${t.id}: Same<Parameters<${cls}[${JSON.stringify(methodName(i))}]>, Parameters<typeof __tool_${t.id}>> = true;`),
    ];
    const file = [exportPinecallTs(doc).text, stateDeclaration(doc), ...wrappers, ...checks].join('\n');
    expect(compileAgent(file)).toEqual([]);
  }, 60_000);

  it('the check fails when the types differ (the test can see a difference)', () => {
    const cls = className(doc.name);
    const file = [exportPinecallTs(doc).text, stateDeclaration({ ...doc, state: state.map((f) => ({ ...f, default: f.default ?? '' })) }), SAME,
      `const sameState: Same<Pick<${cls}, "名前">, Pick<${STATE_INTERFACE}, "名前">> = true;`].join('\n');
    expect(compileAgent(file).join('\n')).toMatch(/Type 'true' is not assignable to type 'false'/);
  }, 60_000);

  it('declares the names as the class writes them: Unicode bare, others quoted, unbindable parameters left out', () => {
    const declared = stateDeclaration(doc);
    for (const line of ['  größe: number;', '  名前?: string;', '  class: string;', '  "my-field": boolean;', '  "1st": string | null;',
      '  zeilen: ({ a: number; } | { b: string; })[];', '  ключи: { "ä-b": number; default: boolean; }[];']) expect(declared).toContain(line);
    expect(parameterList(tools[0])).toEqual([
      'größe: number', // A quoted member is not on Pinecall's wire (its objectOf reads identifier keys only): not declared.
      'straße: { ort?: string; } | undefined', 'notiz: string | undefined',
      'rückruf: ((...args: any[]) => unknown) | undefined', 'tags: ("a" | "b")[]',
    ]);
    expect(parameterList(tools[1])).toEqual(['ñ: boolean']);
  });
});
