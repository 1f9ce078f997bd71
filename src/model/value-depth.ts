// The depth of the document's free-form values (MAX_DEPTH in limits.ts): measured without
// recursion, so a value nested 100,000 levels deep is measured rather than overflowing the stack.
// Lint reports a value past the limit at its path (lint/depth.ts); the exporters refuse it with
// the same message (assertWithinDepth), so that no export meets deeper data.
import { MAX_DEPTH, tooDeepMessage } from './limits';
import { pointer } from './lint/pointer';
import { setOwn } from './own';
import type { AgentDocument } from './types';

type Container = object;
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;
const childrenOf = (value: Container): unknown[] => (Array.isArray(value) ? value : Object.values(value));

/**
 * How deep `value` nests: a scalar 0, `[]` 1, `[[1]]` 2. Shared parts (a YAML alias read twice)
 * are measured once; a value that contains itself is infinitely deep. Iterative.
 */
export function valueDepth(value: unknown): number {
  if (!isContainer(value)) return 0;
  const known = new WeakMap<Container, number>();
  const onPath = new Set<Container>();
  const frames: { node: Container; children: unknown[]; next: number; deepest: number }[] = [];
  const enter = (node: Container) => {
    onPath.add(node);
    frames.push({ node, children: childrenOf(node), next: 0, deepest: 0 });
  };
  enter(value);
  for (;;) {
    const top = frames[frames.length - 1];
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (!isContainer(child)) continue;
      if (onPath.has(child)) return Infinity;
      const measured = known.get(child);
      if (measured !== undefined) top.deepest = Math.max(top.deepest, measured);
      else enter(child);
      continue;
    }
    const depth = top.deepest + 1;
    known.set(top.node, depth);
    onPath.delete(top.node);
    frames.pop();
    const parent = frames[frames.length - 1];
    if (!parent) return depth;
    parent.deepest = Math.max(parent.deepest, depth);
  }
}

/** A copy of `value` with every container deeper than `limit` levels replaced by null (recursion bounded by `limit`). */
export function cutDeeperThan(value: unknown, limit: number): unknown {
  if (!isContainer(value)) return value;
  if (limit <= 0) return null;
  if (Array.isArray(value)) return value.map((v) => cutDeeperThan(v, limit - 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) setOwn(out, key, cutDeeperThan(v, limit - 1));
  return out;
}

/**
 * Kept keys (`extra`) and preserved text mirror the format's own keys around the user's values
 * (a tool's `function › parameters`, Pinecall's `tools › name › params › parameters`): a few
 * levels more than MAX_DEPTH are theirs.
 */
const KEPT_FRAME = 8;

/** A free-form value of the document: where it is, how messages name it, and how deep it may nest. */
export interface FreeValue {
  path: (string | number)[];
  what: string;
  value: unknown;
  limit: number;
  fix: string;
}

const FLATTER = 'write a flatter value, or keep the deep part as a JSON string';
const FLATTER_SCHEMA = 'describe the deep part as {"type": "object"} (or a string the tool parses) instead of spelling out every level';
const FLATTER_FILE = 'flatten those keys in the file it was imported from';

/** Every place of the document that holds a value of the user's own shape (the schema's free-form fields). */
export function freeFormValues(doc: AgentDocument): FreeValue[] {
  const out: FreeValue[] = [];
  const add = (path: (string | number)[], what: string, value: unknown, fix = FLATTER, limit = MAX_DEPTH) => {
    if (value !== undefined) out.push({ path, what, value, limit, fix });
  };
  const kept = (list: string, i: number, label: string, extra: unknown) =>
    add([list, i, 'extra'], `the kept Block Agent keys of ${label}`, extra, FLATTER_FILE, MAX_DEPTH + KEPT_FRAME);
  doc.state.forEach((field, i) => add(['state', i, 'default'], `the default of state field ${field.name}`, field.default));
  doc.blocks.forEach((block, i) => kept('blocks', i, `block ${block.name}`, block.extra));
  doc.stages.forEach((stage, i) => kept('stages', i, `stage ${stage.name}`, stage.extra));
  doc.edges.forEach((edge, i) => kept('edges', i, `edge #${i + 1}`, edge.extra));
  doc.tools.forEach((tool, i) => {
    const label = `tool ${tool.name || `#${i + 1}`}`;
    add(['tools', i, 'parameters'], `the parameters of ${label}`, tool.parameters, FLATTER_SCHEMA);
    add(['tools', i, 'mock'], `the mock result of ${label}`, tool.mock);
    add(['tools', i, 'mcp', 'mocks'], `the MCP mocks of ${label}`, tool.mcp?.mocks);
    kept('tools', i, label, tool.extra);
  });
  (doc.tests ?? []).forEach((test, i) => {
    add(['tests', i, 'state'], `the state of test ${test.name}`, test.state);
    add(['tests', i, 'call'], `the call facts of test ${test.name}`, test.call);
    add(['tests', i, 'mocks'], `the mocks of test ${test.name}`, test.mocks);
    add(['tests', i, 'expect', 'state'], `the expected state of test ${test.name}`, test.expect?.state);
  });
  // Every import's kept part, whichever runtime's file it came from (a Python or Ruby class, a flow).
  for (const [key, kept] of Object.entries(doc.preserved ?? {})) {
    add(['preserved', key], `what the import kept in preserved.${key}`, kept, FLATTER_FILE, MAX_DEPTH + KEPT_FRAME);
  }
  return out;
}

export interface TooDeepValue {
  /** JSON pointer of the value (not of its deepest part). */
  path: string;
  segments: (string | number)[];
  depth: number;
  limit: number;
  message: string;
}

/** The free-form values nested deeper than their limit, each with a message saying what and how deep. */
export function tooDeepValues(doc: AgentDocument): TooDeepValue[] {
  const out: TooDeepValue[] = [];
  for (const free of freeFormValues(doc)) {
    const depth = valueDepth(free.value);
    if (depth <= free.limit) continue;
    const reached = Number.isFinite(depth) ? depth : Number.MAX_SAFE_INTEGER;
    const message = Number.isFinite(depth)
      ? tooDeepMessage(free.what, reached, free.limit, free.fix)
      : `${free.what} contains itself, so it nests without end; Callboard reads at most ${free.limit} levels: ${free.fix}`;
    out.push({ path: pointer(...free.path), segments: free.path, depth: reached, limit: free.limit, message });
  }
  return out;
}

/** Thrown by an exporter given a value lint reports as too deep: says which value, where, and the limit. */
export class DepthLimitError extends Error {
  /** `path`: the value's JSON pointer; `reason`: the message without it. */
  constructor(readonly path: string, readonly reason: string) {
    super(`${path}: ${reason}`);
    this.name = 'DepthLimitError';
  }
}

/** For the exporters: throws DepthLimitError at the first free-form value nested past its limit. */
export function assertWithinDepth(doc: AgentDocument): void {
  const [first] = tooDeepValues(doc);
  if (first) throw new DepthLimitError(first.path, first.message);
}
