// The save format: the document as JSON. Keys come out in the schema's order (format, version,
// id, name, …) whatever order an edit left them in, and maps keyed by ids are sorted, so a saved
// file diffs cleanly; free-form values (parameters, extra, preserved, mocks) keep their own order,
// which for parameters is meaningful.
import { positionAt } from '../model/text-position';
import { jsonPointerLocator } from './json-locate';
import schema from '../model/agent.schema.json';
import { assertWithinDepth, loadDocument, type AgentDocument } from '../model';
import { jsonDepthError } from './json-depth';
import { explainJsonSyntax } from './json-errors';

type SchemaNode = {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  const?: unknown;
};
const defs = (schema as unknown as { $defs: Record<string, SchemaNode> }).$defs;

const resolve = (node: SchemaNode | undefined): SchemaNode | undefined =>
  node?.$ref ? resolve(defs[node.$ref.replace('#/$defs/', '')]) : node;

/** The branch of a oneOf (a condition, a scope) whose `kind` constant the value carries. */
function branchFor(node: SchemaNode, value: Record<string, unknown>): SchemaNode {
  if (!node.oneOf) return node;
  const branches = node.oneOf.map(resolve).filter((b): b is SchemaNode => !!b);
  return branches.find((b) => b.properties?.kind?.const === value.kind) ?? branches[0] ?? node;
}

function ordered(value: unknown, node: SchemaNode | undefined): unknown {
  const shape = resolve(node);
  if (Array.isArray(value)) return value.map((item) => ordered(item, shape?.items));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const branch = shape ? branchFor(shape, record) : undefined;
  const properties = branch?.properties ?? {};
  const rest = typeof branch?.additionalProperties === 'object' ? branch.additionalProperties : undefined;
  // A map keyed by ids or names (layout positions and sizes, headers) is sorted: its order is only the edit history.
  // Own keys only: a free-form key such as "constructor" is no schema property (and `in` would say it is).
  const free = Object.keys(record).filter((k) => !Object.hasOwn(properties, k));
  if (rest && !branch?.properties) free.sort();
  const keys = [...Object.keys(properties).filter((k) => Object.hasOwn(record, k)), ...free];
  return Object.fromEntries(keys.map((k) => [k, ordered(record[k], (Object.hasOwn(properties, k) ? properties[k] : undefined) ?? rest)]));
}

/**
 * The positions sit apart from the agent's logic: `layout` is the file's last section, so moving
 * a card and editing a docstring touch different ends of the file (issue 15, git-friendly files).
 */
export function exportJson(doc: AgentDocument): string {
  assertWithinDepth(doc);
  const { layout, ...logic } = ordered(doc, schema as unknown as SchemaNode) as Record<string, unknown>;
  return JSON.stringify({ ...logic, layout }, null, 2) + '\n';
}

export interface JsonImportError {
  message: string;
  /** Where in the text (a syntax error), 1-based. */
  line?: number;
  column?: number;
  /** Where in the document (a schema error), as a JSON pointer. */
  path?: string;
}
export type JsonImport = { ok: true; doc: AgentDocument; migrated: string[] } | { ok: false; errors: JsonImportError[] };

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/**
 * Where `text` stops being JSON: the offset of the first character no JSON could continue with
 * (text.length when the text ends too soon), or undefined when it is JSON. The offsets agree with
 * V8's "at position N", but unlike an engine's message one is found for every error.
 * Iterative, so deep nesting cannot overflow the stack.
 */
export function syntaxErrorOffset(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  const space = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  /** A string starting at text[i] === '"'. */
  const string = (): number | undefined => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return undefined;
      }
      if (c < 0x20) return i;
      if (c !== 0x5c) {
        i++;
        continue;
      }
      i++;
      if (text[i] === 'u') {
        for (let k = 1; k <= 4; k++) if (!isHex(text[i + k])) return Math.min(i + k, n);
        i += 5;
      } else if (i < n && '"\\/bfnrt'.includes(text[i])) i++;
      else return i;
    }
    return n;
  };
  const number = (): number | undefined => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (isDigit(text[i])) while (isDigit(text[i])) i++;
    else return i;
    if (text[i] === '.') {
      i++;
      if (!isDigit(text[i])) return i;
      while (isDigit(text[i])) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text[i])) return i;
      while (isDigit(text[i])) i++;
    }
    return undefined;
  };
  /** A scalar: a string, a number or a literal. */
  const scalar = (): number | undefined => {
    const c = text[i];
    if (c === '"') return string();
    if (c === '-' || isDigit(c)) return number();
    const word = ['true', 'false', 'null'].find((w) => w[0] === c);
    if (!word) return i;
    for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) return i + k;
    i += word.length;
    return undefined;
  };
  /** A member's name and colon, from where one must start. */
  const name = (): number | undefined => {
    space();
    if (text[i] !== '"') return i;
    const error = string();
    if (error !== undefined) return error;
    space();
    if (text[i] !== ':') return i;
    i++;
    return undefined;
  };

  const open: ('{' | '[')[] = [];
  for (;;) {
    // A value must start here.
    space();
    if (i >= n) return n;
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      space();
      if (text[i] !== (c === '{' ? '}' : ']')) {
        open.push(c);
        if (c === '{') {
          const error = name();
          if (error !== undefined) return error;
        }
        continue;
      }
      i++;
    } else {
      const error = scalar();
      if (error !== undefined) return error;
    }
    // A value ended: close what it ends, until a comma asks for the next one.
    for (;;) {
      space();
      const top = open[open.length - 1];
      if (!top) return i < n ? i : undefined;
      if (i >= n) return n;
      if (text[i] === (top === '{' ? '}' : ']')) {
        open.pop();
        i++;
        continue;
      }
      if (text[i] !== ',') return i;
      i++;
      if (top === '{') {
        const error = name();
        if (error !== undefined) return error;
      }
      break;
    }
  }
}


/**
 * Line and column of a JSON.parse failure. Engines do not always say where (V8: `Unexpected token
 * '}', "…" is not valid JSON`; JavaScriptCore never does), so the text is scanned for the error;
 * the engine's "line L column C" or "position N" is only a fallback should the scan find none.
 */
function positionOf(message: string, text: string): { line: number; column: number } {
  const scanned = syntaxErrorOffset(text);
  if (scanned !== undefined) return positionAt(text, scanned);
  const reported = /line (\d+) column (\d+)/.exec(message);
  if (reported) return { line: Number(reported[1]), column: Number(reported[2]) };
  const position = /position (\d+)/.exec(message);
  return positionAt(text, position ? Number(position[1]) : /end of (JSON )?(input|data)/i.test(message) ? text.length : 0);
}

export function importJson(text: string): JsonImport {
  let raw: unknown;
  const json = text.replace(/^\uFEFF/, '');
  // Before the parse: what reads the value afterwards (the schema check, lint, the exporters) must not meet deeper nesting.
  const deep = jsonDepthError(json);
  if (deep) return { ok: false, errors: [deep] };
  try {
    raw = JSON.parse(json);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Each slip explained, all in one pass (json-errors.ts); the engine's word where none is recognised.
    const explained = explainJsonSyntax(json);
    if (explained.length > 0) return { ok: false, errors: explained };
    return { ok: false, errors: [{ ...positionOf(message, json), message: message.replace(/^JSON\.parse: /, '') }] };
  }
  const loaded = loadDocument(raw);
  if (!loaded.ok) {
    // Each schema error also at its line and column in the text, where the pointer lands.
    const locate = jsonPointerLocator(json);
    return {
      ok: false,
      errors: loaded.errors.map((e) => {
        const range = locate(e.path);
        const found = range && (range.depth > 0 || e.path === '/' || e.path === '');
        return found ? { path: e.path, message: e.message, ...positionAt(json, range.start) } : { path: e.path, message: e.message };
      }),
    };
  }
  return { ok: true, doc: loaded.doc, migrated: loaded.migrated };
}
