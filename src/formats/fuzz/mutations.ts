// fast-check arbitraries for fuzzing the importers (importers.fuzz.test.ts): real inputs changed by
// a few random edits (a line deleted, duplicated, swapped, re-indented or cut; a token, a tab or
// unicode inserted; the text truncated), structural edits of the data under the text (a key
// dropped, a value replaced by random data or by another value of the same file), and purely
// random text. Positions are drawn as plain numbers taken modulo the text's size, so a failing case
// shrinks towards the start of the text and towards fewer edits. Test-only: nothing in the app
// imports this module.
import fc from 'fast-check';

/** Tokens that are syntax in some format, or that have broken readers before. */
export const COMMON_TOKENS = [
  ':', ': ', '-', '- ', '{', '}', '[', ']', '(', ')', ',', '"', "'", '`', '\\', '#', '*/', '/*', '//', '${',
  '\t', '\n', '\r\n', '\r', ' ', '    ', '\u0000', '\uFEFF', '\u2028', '\u00A0', 'é', '中文', '🤖', '\uD800',
  'null', 'true', '0', '-1', '1e999', 'NaN', '__proto__', 'constructor',
] as const;

export const YAML_TOKENS = [
  'type: function', 'type: mcp', 'function:', 'name: ', 'description: ', 'parameters:', 'properties:', 'required:',
  'blocks:', 'block_id: ', 'turns:', 'turn_id: ', 'content: ', 'messages:', 'tools:', 'edges:', 'conditions:',
  'connect_to: ', 'looping:', 'llm_settings:', 'temperature: 9', 'max_tokens: 0.5', 'personality: ', 'server_label: ',
  '---\n', '...\n', '%YAML 1.2\n', '? ', ': |\n', ': >-\n', '&a ', '*a', '<<: *a', '!!str ', '!!binary ', '!custom ',
  '[]', '{}', '~', '- - ', 'key: value: x', '"\\x', "''", '|+', '>2', '@', '%',
] as const;

export const TS_TOKENS = [
  '@tool(', '@tool()', '@tool({', '@state', '@state(', ')', '(', '=>', 'async ', 'await ', 'this.stage = "x";',
  'export default class A extends Agent {', 'class ', 'extends Agent', 'interface X {', 'type T = ', 'enum E {',
  'import { Agent } from "@pinecall/agents";', '/**', '/** @param x the x */', '//', '<p>', '</p>', '<>', '</>',
  '{this.stage === "a" && <p>x</p>}', 'render() {', 'return (', 'return', ';', ': string', '?: number', ' | ',
  '"a" | "b"', 'stage: ["a"]', 'when: (s) => s.x', 'confirm: "{{x}}"', 'pii: ["x"]', 'timeout: -1', 'static ',
  'private ', 'get ', 'Stages<"a">', '`${x}`', 'new ', 'yield', '...', '?.', '!', '<T>', '#x', '0x', '1_000',
  'if (', 'else ', '}\n}', '{{', '}}',
] as const;

export const JSON_TOKENS = [
  '{', '}', '[', ']', ',', ':', '"', '""', '"id"', '"kind": "tool"', '"kind": "nope"', 'null', 'true', 'false',
  '1', '-0', '1e400', '0.', '01', '"\\u00', '"\\ud800"', '\\', '"version": 2', '"version": 0', '"format": "x"',
  '"__proto__": {}', '{"a":', '[[[[', ']]]]', '/* c */', '// c\n', "'x'", 'undefined', 'Infinity',
] as const;

// --- Text edits ---------------------------------------------------------------------------------

type Edit =
  | { kind: 'insert'; at: number; token: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replaceChar'; at: number; token: string }
  | { kind: 'truncate'; at: number }
  | { kind: 'deleteLine'; line: number }
  | { kind: 'duplicateLine'; line: number }
  | { kind: 'swapLines'; line: number; other: number }
  | { kind: 'moveLine'; line: number; other: number }
  | { kind: 'indent'; line: number; change: number };

/** Indentation changes: more or fewer spaces, a tab in front, or the indentation replaced by a tab. */
const INDENT_CHANGES = [-4, -2, -1, 1, 2, 4, 100, 101] as const;

const randomText = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
);

function editArbitrary(tokens: readonly string[]): fc.Arbitrary<Edit> {
  const token = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...tokens, ...COMMON_TOKENS) }, { weight: 1, arbitrary: randomText });
  const at = fc.nat();
  const line = fc.nat();
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('insert' as const), at, token }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at, length: fc.integer({ min: 1, max: 40 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('replaceChar' as const), at, token }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('deleteLine' as const), line }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicateLine' as const), line }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('swapLines' as const), line, other: line }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('moveLine' as const), line, other: line }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('indent' as const), line, change: fc.constantFrom(...INDENT_CHANGES) }) },
  );
}

function reindent(line: string, change: number): string {
  const lead = /^[ \t]*/.exec(line)![0];
  const body = line.slice(lead.length);
  if (change === 100) return `\t${line}`;
  if (change === 101) return `\t${body}`;
  if (change > 0) return ' '.repeat(change) + line;
  return lead.slice(Math.min(-change, lead.length)) + body;
}

/** Applies one edit; positions wrap around the text, so every drawn number means something. */
export function applyEdit(text: string, edit: Edit): string {
  const pos = (n: number) => (text.length === 0 ? 0 : n % (text.length + 1));
  switch (edit.kind) {
    case 'insert': return text.slice(0, pos(edit.at)) + edit.token + text.slice(pos(edit.at));
    case 'delete': return text.slice(0, pos(edit.at)) + text.slice(pos(edit.at) + edit.length);
    case 'replaceChar': return text.slice(0, pos(edit.at)) + edit.token + text.slice(pos(edit.at) + 1);
    case 'truncate': return text.slice(0, pos(edit.at));
    default: break;
  }
  const lines = text.split('\n');
  const i = edit.line % lines.length;
  switch (edit.kind) {
    case 'deleteLine': lines.splice(i, 1); break;
    case 'duplicateLine': lines.splice(i, 0, lines[i]); break;
    case 'swapLines': {
      const j = edit.other % lines.length;
      [lines[i], lines[j]] = [lines[j], lines[i]];
      break;
    }
    case 'moveLine': {
      const [moved] = lines.splice(i, 1);
      lines.splice(edit.other % (lines.length + 1), 0, moved);
      break;
    }
    case 'indent': lines[i] = reindent(lines[i], edit.change); break;
  }
  return lines.join('\n');
}

/** One of `seeds`, changed by 1 to `maxEdits` text edits drawing on `tokens`. */
export function mutatedText(seeds: readonly string[], tokens: readonly string[], maxEdits = 4): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...seeds), fc.array(editArbitrary(tokens), { minLength: 1, maxLength: maxEdits }))
    .map(([seed, edits]) => edits.reduce(applyEdit, seed));
}

/** Text from nothing: random characters, or a random run of the format's tokens and words. */
export function randomSourceText(tokens: readonly string[]): fc.Arbitrary<string> {
  const word = fc.constantFrom(...tokens, ...COMMON_TOKENS, 'a', 'x', 'name', 'id', ' ', '\n', '  ');
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.string({ unit: 'binary', maxLength: 100 }),
    fc.array(word, { maxLength: 60 }).map((w) => w.join('')),
  );
}

// --- Structural edits (of the data a YAML or JSON text holds) ------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Data = unknown;

/** Every value in `data`, parents before children, with a way to replace or remove it. */
interface Slot {
  value: Data;
  set(value: Data): void;
  remove(): void;
}

function slots(root: { value: Data }): Slot[] {
  const out: Slot[] = [];
  const visit = (value: Data, set: (v: Data) => void, remove: () => void) => {
    out.push({ value, set, remove });
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, (v) => { value[index] = v; }, () => { value.splice(value.indexOf(item), 1); }));
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, Data>;
      for (const key of Object.keys(record)) visit(record[key], (v) => { record[key] = v; }, () => { delete record[key]; });
    }
  };
  visit(root.value, (v) => { root.value = v; }, () => { root.value = null; });
  return out;
}

type StructuralEdit =
  | { kind: 'remove'; at: number }
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'copy'; at: number; from: number }
  | { kind: 'duplicate'; at: number }
  | { kind: 'addKey'; at: number; key: string; value: Json };

function structuralEdit(keys: readonly string[]): fc.Arbitrary<StructuralEdit> {
  const at = fc.nat();
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom<Json>(null, '', 0, -1, 1.5, true, [], {}, 'é🤖*/', '\t') },
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), at }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace' as const), at, value }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('copy' as const), at, from: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), at }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('addKey' as const), at, key: fc.constantFrom(...keys), value }) },
  );
}

function applyStructural(data: Data, edit: StructuralEdit): Data {
  const root = { value: data };
  const all = slots(root);
  // The root itself is only replaced by a rare draw: most edits should land inside the document.
  const target = all[all.length === 1 ? 0 : 1 + (edit.at % (all.length - 1))];
  switch (edit.kind) {
    case 'remove': target.remove(); break;
    case 'replace': target.set(edit.value); break;
    case 'copy': target.set(structuredClone(all[edit.from % all.length].value)); break;
    case 'duplicate':
      if (Array.isArray(target.value) && target.value.length > 0) target.value.push(structuredClone(target.value[0]));
      else target.set([target.value, structuredClone(target.value)]);
      break;
    case 'addKey':
      if (target.value && typeof target.value === 'object' && !Array.isArray(target.value)) (target.value as Record<string, Data>)[edit.key] = edit.value;
      else target.set({ [edit.key]: edit.value });
      break;
  }
  return root.value;
}

/**
 * One of `seeds` (already parsed to plain data), changed by 1 to `maxEdits` structural edits and
 * written back by `write`. `keys` are the format's own keys, so added maps reach its readers.
 */
export function mutatedData(seeds: readonly Data[], keys: readonly string[], write: (data: Data, style: number) => string, maxEdits = 3): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...seeds), fc.array(structuralEdit(keys), { minLength: 1, maxLength: maxEdits }), fc.nat({ max: 3 }))
    .map(([seed, edits, style]) => write(edits.reduce(applyStructural, structuredClone(seed)), style));
}
