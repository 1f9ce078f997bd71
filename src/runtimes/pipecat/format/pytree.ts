// A flow file read into the values Python holds after Pipecat's loader has read it, each with the
// line and column it came from. Pipecat reads YAML with PyYAML's SafeLoader (config.py,
// `FlowConfig.from_yaml`), which is YAML 1.1: an unquoted `yes`, `on`, `true` or `1` is not the text
// it looks like, and keys that Python holds equal (`yes`, `on`, `true`, `1`, `1.0`) are one key, the
// last value winning. The `yaml` package reads YAML 1.2, so plain scalars are resolved here from
// their text with PyYAML's own resolver patterns (yaml/resolver.py). JSON is read as Python's
// json.loads reads it (a number with `.` or an exponent is a float, a repeated key keeps its last
// value). The walk is bounded: size, depth, values (aliases written out count each time) and time,
// each named at the place it is exceeded.
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Document, type Node } from 'yaml';
import { mayNestDeeperThan, yamlDepthError } from '../../../formats/yaml-bounds';
import { explainYamlError } from '../../../formats/yaml-errors';
import { jsonDepthError } from '../../../formats/json-depth';
import { formatBytes, formatCount } from '../../../model/limits';
import { positionAt } from '../../../model/text-position';
import { jsonBreak } from './json-error';
import type { Position } from './model';

export type PyScalarKind = 'str' | 'bool' | 'int' | 'float' | 'null' | 'timestamp';

export interface PyScalar {
  kind: PyScalarKind;
  value: string | boolean | number | null;
  /** The text as written (for a plain YAML scalar, what PyYAML resolved). */
  text: string;
  /** Written without quotes: PyYAML resolved its type from the text. */
  plain: boolean;
  at: Position;
  /** Offsets of the value in the source: [start, end). */
  range: [number, number];
}
export interface PyEntry {
  key: PyValue;
  value: PyValue;
}
export interface PyMap {
  kind: 'map';
  /** Every pair as written, duplicates included (see `effectiveEntries`). */
  entries: PyEntry[];
  at: Position;
  range: [number, number];
}
export interface PySeq {
  kind: 'seq';
  items: PyValue[];
  at: Position;
  range: [number, number];
}
export type PyValue = PyScalar | PyMap | PySeq;

export interface ReadProblem {
  line: number;
  column: number;
  message: string;
}

/** How much of a flow file Callboard reads (the file is untrusted input). */
export const FLOW_LIMITS = {
  /** The file's text, in UTF-16 code units. */
  bytes: 4 * 1024 * 1024,
  /** Values in the file with every alias written out. */
  values: 200_000,
  /** Nodes in `nodes`. */
  nodes: 2_000,
  /** Milliseconds to read and check one file. */
  millis: 3_000,
};
export type FlowLimits = typeof FLOW_LIMITS;

/** Thrown out of a walk when a bound is passed; caught at the front door and reported at its place. */
export class BoundExceeded extends Error {
  constructor(readonly problem: ReadProblem) {
    super(problem.message);
  }
}

/** A clock that says where it ran out. */
export class Budget {
  private readonly deadline: number;
  private ticks = 0;
  constructor(private readonly limits: FlowLimits, private readonly now: () => number = () => performance.now()) {
    this.deadline = now() + limits.millis;
  }
  tick(at: Position): void {
    if ((++this.ticks & 255) !== 0) return;
    if (this.now() > this.deadline) {
      throw new BoundExceeded({ ...at, message: `reading this flow took more than ${formatCount(this.limits.millis)} ms and stopped here; Callboard gives one file at most that long: split the flow or make it smaller` });
    }
  }
}

// PyYAML's implicit resolvers (yaml/resolver.py), in its order of precedence for a plain scalar.
const PY_BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const PY_FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const PY_INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const PY_NULL = /^(?:~|null|Null|NULL|)$/;
const PY_TIMESTAMP = /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;

function sexagesimal(text: string): number {
  return text.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
}

/** What PyYAML's SafeLoader makes of a plain (unquoted) scalar. */
export function resolvePlain(text: string): { kind: PyScalarKind; value: string | boolean | number | null } {
  if (PY_BOOL.test(text)) return { kind: 'bool', value: /^(?:yes|true|on)$/i.test(text) };
  if (PY_FLOAT.test(text)) {
    const clean = text.replace(/_/g, '').toLowerCase();
    const sign = clean.startsWith('-') ? -1 : 1;
    const body = clean.replace(/^[-+]/, '');
    if (body === '.inf') return { kind: 'float', value: sign * Infinity };
    if (body === '.nan') return { kind: 'float', value: NaN };
    if (body.includes(':')) return { kind: 'float', value: sign * sexagesimal(body) };
    return { kind: 'float', value: sign * Number(body) };
  }
  if (PY_INT.test(text)) {
    const clean = text.replace(/_/g, '');
    const sign = clean.startsWith('-') ? -1 : 1;
    const body = clean.replace(/^[-+]/, '');
    let value: number;
    if (body === '0') value = 0;
    else if (body.startsWith('0b')) value = parseInt(body.slice(2), 2);
    else if (body.startsWith('0x')) value = parseInt(body.slice(2), 16);
    else if (body.startsWith('0')) value = parseInt(body, 8);
    else if (body.includes(':')) value = sexagesimal(body);
    else value = Number(body);
    return { kind: 'int', value: sign * value };
  }
  if (PY_NULL.test(text)) return { kind: 'null', value: null };
  if (PY_TIMESTAMP.test(text)) return { kind: 'timestamp', value: text };
  return { kind: 'str', value: text };
}

/** Python's `str()` of a scalar: what Pipecat's `case_key` starts from. */
export function pythonStr(scalar: Pick<PyScalar, 'kind' | 'value' | 'text'>): string {
  switch (scalar.kind) {
    case 'str':
      return scalar.value as string;
    case 'bool':
      return scalar.value ? 'True' : 'False';
    case 'null':
      return 'None';
    case 'int':
      return String(scalar.value);
    case 'float':
      return pythonFloatRepr(scalar.value as number);
    case 'timestamp':
      // A date prints as written; a datetime Python prints in its own form, which Callboard does not reproduce.
      return scalar.text;
  }
}

/** Python's repr of a float: `1.0`, `2.5`, `1e+16`, `inf`, `nan`. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e16 || abs < 1e-4)) {
    const [mantissa, exponent] = value.toExponential().split('e');
    const exp = Number(exponent);
    return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  const text = String(value);
  return Number.isInteger(value) ? `${text}.0` : text;
}

/** The identity Python's dict gives a key: `True`, `1` and `1.0` are one key; `'1'` is another. */
export function pythonKeyIdentity(key: PyValue): string | undefined {
  if (key.kind === 'map' || key.kind === 'seq') return undefined;
  switch (key.kind) {
    case 'str':
      return `s:${key.value as string}`;
    case 'bool':
      return `n:${key.value ? 1 : 0}`;
    case 'int':
    case 'float':
      return Number.isNaN(key.value) ? `nan:${key.range[0]}` : `n:${key.value as number}`;
    case 'null':
      return 'null';
    case 'timestamp':
      return `t:${key.text}`;
  }
}

export interface Collapsed {
  /** The entry whose key Python keeps (the first written). */
  first: PyEntry;
  /** A later entry with a key Python holds equal: its value replaced the one before. */
  later: PyEntry;
}

/** The entries Python's dict holds, in its order (first key's place, last value), and the collapsed pairs. */
export function effectiveEntries(map: PyMap): { entries: PyEntry[]; collapsed: Collapsed[] } {
  const byKey = new Map<string, { index: number; first: PyEntry }>();
  const entries: PyEntry[] = [];
  const collapsed: Collapsed[] = [];
  for (const entry of map.entries) {
    const id = pythonKeyIdentity(entry.key);
    const seen = id === undefined ? undefined : byKey.get(id);
    if (seen) {
      collapsed.push({ first: seen.first, later: entry });
      entries[seen.index] = { key: seen.first.key, value: entry.value };
      continue;
    }
    if (id !== undefined) byKey.set(id, { index: entries.length, first: entry });
    entries.push(entry);
  }
  return { entries, collapsed };
}

/** The value of `key` in a map as Python reads it (the last one written), or undefined. */
export function getKey(map: PyMap, key: string): PyEntry | undefined {
  let found: PyEntry | undefined;
  for (const entry of map.entries) if (entry.key.kind === 'str' && entry.key.value === key) found = entry;
  return found;
}

export type FlowSyntax = 'yaml' | 'json';

export interface ParsedFlowText {
  syntax: FlowSyntax;
  /** Undefined when the text could not be read (see `problems`). */
  root?: PyValue;
  /** The YAML document (for writing back), when the text is YAML. */
  document?: Document;
  lines?: LineCounter;
  /** The text's refusals (syntax, bounds, tags Pipecat cannot read). */
  problems: ReadProblem[];
  /** The clock the later checks of the same file go on counting on. */
  budget: Budget;
}

/** `!include` and other tags PyYAML's SafeLoader has no constructor for. */
function tagProblem(node: Node, at: Position): ReadProblem | undefined {
  const tag = node.tag;
  // Positions here are the tag's (the node's range starts after it).
  if (!tag || tag.startsWith('tag:yaml.org,2002:')) return undefined;
  if (tag === '!include') {
    return { ...at, message: '`!include` reads another file into this one; Callboard does not follow it (a file it did not write could name any path), and Pipecat follows it only through FlowConfig.from_file: write the included content here instead' };
  }
  return { ...at, message: `PyYAML's safe loader, which Pipecat reads flows with, has no constructor for the tag ${tag} ("could not determine a constructor for the tag '${tag}'"): remove the tag` };
}

/** Reads a flow's text as Pipecat's loader would, bounded. */
export function parseFlowText(text: string, syntax: FlowSyntax, limits: FlowLimits = FLOW_LIMITS, now?: () => number): ParsedFlowText {
  const budget = new Budget(limits, now);
  const fail = (problem: ReadProblem): ParsedFlowText => ({ syntax, problems: [problem], budget });
  if (text.length > limits.bytes) {
    return fail({ line: 1, column: 1, message: `this file is ${formatBytes(text.length)}; Callboard reads flow files of at most ${formatBytes(limits.bytes)}: split the flow, or move long prompts out of it` });
  }
  const source = text.replace(/^\uFEFF/, '');
  if (syntax === 'json') {
    const deep = jsonDepthError(source);
    if (deep) return fail(deep);
    const broken = jsonBreak(source);
    if (broken) return fail({ ...positionAt(source, broken.offset), message: `this is not valid JSON: Callboard expected ${broken.expected} here; Python's json.loads, which Pipecat reads .json flows with, refuses it` });
  } else if (mayNestDeeperThan(source)) {
    const deep = yamlDepthError(source);
    if (deep) return fail(deep);
  }
  const lines = new LineCounter();
  const document = parseDocument(source, { lineCounter: lines, uniqueKeys: false, version: syntax === 'yaml' ? '1.1' : '1.2' });
  const at = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  if (document.errors.length > 0) {
    return fail(syntax === 'yaml' ? explainYamlError(source, document.errors[0]) : { ...at(document.errors[0].pos[0]), message: document.errors[0].message });
  }
  const problems: ReadProblem[] = [];
  let values = 0;
  /** The outermost alias being written out, while one is. */
  let expanding: Position | undefined;
  const open = new Set<Node>();
  const anchors = new Map<string, Node>();

  const scalar = (node: Scalar): PyScalar => {
    const range: [number, number] = [node.range?.[0] ?? 0, node.range?.[1] ?? 0];
    const position = at(range[0]);
    const quoted = node.type !== Scalar.PLAIN && node.type !== undefined;
    const explicitStr = node.tag === 'tag:yaml.org,2002:str';
    const written = node.source ?? (node.value === null ? '' : String(node.value));
    if (quoted || explicitStr) return { kind: 'str', value: String(node.value ?? ''), text: written, plain: false, at: position, range };
    if (syntax === 'json') {
      if (written === 'true' || written === 'false') return { kind: 'bool', value: written === 'true', text: written, plain: true, at: position, range };
      if (written === 'null') return { kind: 'null', value: null, text: written, plain: true, at: position, range };
      const float = /[.eE]/.test(written) || /^-?(?:NaN|Infinity)$/.test(written);
      return { kind: float ? 'float' : 'int', value: Number(written), text: written, plain: true, at: position, range };
    }
    return { ...resolvePlain(written), text: written, plain: true, at: position, range };
  };

  const walk = (node: Node | null | undefined, fallback: number): PyValue => {
    if (node === null || node === undefined) {
      return { kind: 'null', value: null, text: '', plain: true, at: at(fallback), range: [fallback, fallback] };
    }
    const position = at(node.range?.[0] ?? fallback);
    if (++values > limits.values) {
      // Inside an alias's value, the place to name is the alias that brought it here.
      throw new BoundExceeded({ ...(expanding ?? position), message: `this file holds more than ${formatCount(limits.values)} values${expanding ? ' once its aliases are written out' : ''}; Callboard reads at most ${formatCount(limits.values)}: make it smaller${expanding ? ', or write the repeated part once' : ''}` });
    }
    budget.tick(position);
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (!target) throw new BoundExceeded({ ...position, message: `the alias *${node.source} names no anchor before it: write &${node.source} on the value it stands for, above this line` });
      if (open.has(target)) throw new BoundExceeded({ ...position, message: `the alias *${node.source} stands inside the value its anchor names, so it repeats without end: write the value out` });
      const outer = expanding;
      expanding ??= position;
      try {
        return walk(target, fallback);
      } finally {
        expanding = outer;
      }
    }
    if (node.anchor) anchors.set(node.anchor, node);
    const tagAt = node.tag && !node.tag.startsWith('tag:yaml.org,2002:') ? source.lastIndexOf('!', node.range?.[0] ?? 0) : -1;
    const tagged = tagProblem(node, tagAt >= 0 ? at(tagAt) : position);
    if (tagged) problems.push(tagged);
    const range: [number, number] = [node.range?.[0] ?? fallback, node.range?.[1] ?? fallback];
    if (isScalar(node)) return scalar(node);
    open.add(node);
    try {
      if (isSeq(node)) return { kind: 'seq', items: node.items.map((item) => walk(item as Node, range[0])), at: position, range };
      if (isMap(node)) {
        const own: PyEntry[] = [];
        const merged: PyEntry[][] = [];
        for (const pair of node.items) {
          if (!isPair(pair)) continue;
          const keyNode = pair.key as Node | null;
          const key = walk(keyNode, range[0]);
          const value = walk(pair.value as Node | null, keyNode?.range?.[1] ?? range[0]);
          // A `<<` merge key (PyYAML's SafeLoader reads them): the merged maps' keys come first, own keys win.
          if (syntax === 'yaml' && key.kind === 'str' && key.plain && key.value === '<<') {
            const sources = value.kind === 'seq' ? value.items : [value];
            for (const merge of [...sources].reverse()) {
              if (merge.kind !== 'map') throw new BoundExceeded({ ...merge.at, message: 'a `<<` merge key takes a map or a list of maps (PyYAML: "expected a mapping or list of mappings for merging"): write a map here' });
              merged.push(merge.entries);
            }
            continue;
          }
          own.push({ key, value });
        }
        return { kind: 'map', entries: [...merged.flat(), ...own], at: position, range };
      }
    } finally {
      open.delete(node);
    }
    return { kind: 'null', value: null, text: '', plain: true, at: position, range };
  };

  try {
    const root = walk(document.contents as Node | null, 0);
    return { syntax, root, document, lines, problems, budget };
  } catch (error) {
    if (error instanceof BoundExceeded) return fail(error.problem);
    throw error;
  }
}

/** Plain JSON data of a value, as Pipecat's model dump would hold it before validation (keys as Python's str). */
export function toData(value: PyValue): unknown {
  if (value.kind === 'seq') return value.items.map(toData);
  if (value.kind === 'map') {
    const out: Record<string, unknown> = {};
    for (const { key, value: inner } of effectiveEntries(value).entries) {
      const name = key.kind === 'map' || key.kind === 'seq' ? JSON.stringify(toData(key)) : key.kind === 'str' ? (key.value as string) : pythonStr(key);
      Object.defineProperty(out, name, { value: toData(inner), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (value.kind === 'float' && !Number.isFinite(value.value)) return pythonStr(value);
  if (value.kind === 'timestamp') return value.text;
  return value.value;
}
