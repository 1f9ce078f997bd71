// The typed model of a flow, from the values Python holds. Lenient: a part Pipecat would refuse is
// left out (the schema check says why, at its place), so a flow with one bad node still shows the
// rest. Also the YAML 1.1 warnings Pipecat never gives: keys of a branch table that PyYAML reads as
// booleans or numbers, and keys Python then holds equal, where one case silently replaces another.
import type { FlowFinding } from './findings';
import { caseKey, placeholdersIn, type BranchCase, type FlowAction, type FlowConfigModel, type FlowFunction, type FlowMessage, type FlowNode, type Located, type Transition } from './model';
import { effectiveEntries, pythonKeyIdentity, pythonStr, type Budget, type PyEntry, type PyMap, type PyScalar, type PyValue } from './pytree';
import { pydanticTruthy } from './schema';

const asText = (value: PyValue | undefined): string | undefined => (value?.kind === 'str' ? (value.value as string) : undefined);
const located = (value: PyValue | undefined): Located<string> | undefined => (value?.kind === 'str' ? { value: value.value as string, at: value.at } : undefined);

function field(map: PyValue | undefined, key: string): PyValue | undefined {
  if (map?.kind !== 'map') return undefined;
  const entry = effectiveEntries(map).entries.find((e) => e.key.kind === 'str' && e.key.value === key);
  return entry?.value;
}

const itemsOf = (value: PyValue | undefined): PyValue[] => (value?.kind === 'seq' ? value.items : []);

const describeKey = (key: PyScalar): string => (key.kind === 'bool' ? `the boolean ${pythonStr(key)}` : key.kind === 'null' ? 'None (null)' : key.kind === 'timestamp' ? `the date ${key.text}` : `the number ${pythonStr(key)}`);

export function buildModel(root: PyValue | undefined, budget: Budget): { model: FlowConfigModel; warnings: FlowFinding[] } {
  const warnings: FlowFinding[] = [];
  const warn = (at: PyValue['at'], loc: (string | number)[], code: string, message: string, fix: string) => {
    warnings.push({ severity: 'warning', stage: 'read', code, loc, message, fix, line: at.line, column: at.column });
  };

  const transition = (value: PyValue | undefined, loc: (string | number)[]): Transition | undefined => {
    if (value?.kind === 'str') return { kind: 'node', node: value.value as string, at: value.at };
    if (value?.kind !== 'map') return undefined;
    const fieldValue = field(value, 'field');
    const cases = field(value, 'cases');
    if (fieldValue?.kind !== 'str' || cases?.kind !== 'map') return undefined;
    const table = branchCases(cases, budget);
    for (const { entry, canonical, first } of table.written) {
      const key = entry.key as PyScalar;
      const caseLoc = [...loc, 'transition_to', 'cases', canonical];
      if (key.plain && key.kind !== 'str') {
        warn(key.at, caseLoc, 'yaml11-key', `PyYAML (YAML 1.1), which Pipecat reads flows with, reads the unquoted key ${key.text} as ${describeKey(key)}, so this case matches a result whose ${fieldValue.value as string} is ${canonical}`, `if the result holds the text "${key.text}", write the key in quotes: "${key.text}":`);
      }
      if (first !== entry) {
        const earlier = first.key as PyScalar;
        const final = table.byKey.get(canonical);
        warn(key.at, caseLoc, 'collapsed-key', `this case and the one written ${earlier.text} (line ${earlier.at.line}, column ${earlier.at.column}) are one key once Pipecat reads them (both are ${canonical}), so only the last one written counts: a result of ${canonical} goes to '${final?.node ?? '?'}' and the earlier case is lost`, `if they are different answers, write both keys in quotes ("${earlier.text}": …, "${key.text}": …); otherwise remove one`);
      }
    }
    const fallback = located(field(value, 'default'));
    return { kind: 'branch', field: fieldValue.value as string, fieldAt: fieldValue.at, cases: [...table.byKey.values()], ...(fallback ? { default: fallback } : {}), at: value.at };
  };

  const fn = (value: PyValue, loc: (string | number)[]): FlowFunction | undefined => {
    const name = asText(field(value, 'name'));
    if (name === undefined) return undefined;
    const only = field(value, 'transition_only');
    const description = asText(field(value, 'description'));
    const to = transition(field(value, 'transition_to'), loc);
    return { name, at: value.at, transitionOnly: only !== undefined && pydanticTruthy(only), ...(description !== undefined ? { description } : {}), ...(to ? { transitionTo: to } : {}) };
  };

  const action = (value: PyValue): FlowAction | undefined => {
    if (value.kind !== 'map') return undefined;
    const type = asText(field(value, 'type'));
    if (type === undefined) return undefined;
    const handler = asText(field(value, 'handler'));
    const extras: Record<string, unknown> = {};
    for (const { key, value: v } of effectiveEntries(value).entries) {
      if (key.kind === 'str' && key.value !== 'type' && key.value !== 'handler') extras[key.value as string] = plainOf(v);
    }
    const text = type === 'tts_say' ? asText(field(value, 'text')) : undefined;
    return { type, ...(handler !== undefined ? { handler } : {}), ...(text !== undefined ? { text } : {}), extras, at: value.at, placeholders: text ? placeholdersIn(text) : [] };
  };

  const functions = (value: PyValue | undefined, loc: (string | number)[]) =>
    itemsOf(value).flatMap((f, i) => {
      const built = fn(f, [...loc, i]);
      return built ? [built] : [];
    });

  const nodes: FlowNode[] = [];
  const nodesValue = field(root, 'nodes');
  if (nodesValue?.kind === 'map') {
    const { entries, collapsed } = effectiveEntries(nodesValue);
    for (const { first, later } of collapsed) {
      warn(later.key.at, ['nodes', pythonStr(later.key as PyScalar)], 'repeated-node', `the node ${(later.key as PyScalar).text} is written twice (first on line ${first.key.at.line}); Pipecat reads both without a word and keeps only this one`, 'rename one of them, or remove the one you do not mean');
    }
    for (const { key, value } of entries) {
      budget.tick(key.at);
      if (key.kind !== 'str' || value.kind !== 'map') continue;
      const name = key.value as string;
      const loc = ['nodes', name];
      const taskMessages: FlowMessage[] = itemsOf(field(value, 'task_messages')).flatMap((m) => {
        const role = asText(field(m, 'role'));
        const content = asText(field(m, 'content'));
        return role !== undefined && content !== undefined ? [{ role, content, at: m.at, placeholders: placeholdersIn(content) }] : [];
      });
      const role = located(field(value, 'role_message'));
      const strategy = field(value, 'context_strategy');
      const respond = field(value, 'respond_immediately');
      nodes.push({
        name,
        at: key.at,
        taskMessages,
        ...(role ? { roleMessage: role } : {}),
        roleMessagePlaceholders: role ? placeholdersIn(role.value) : [],
        functions: functions(field(value, 'functions'), [...loc, 'functions']),
        preActions: itemsOf(field(value, 'pre_actions')).flatMap((a) => action(a) ?? []),
        postActions: itemsOf(field(value, 'post_actions')).flatMap((a) => action(a) ?? []),
        ...(strategy?.kind === 'str' && (strategy.value === 'append' || strategy.value === 'reset') ? { contextStrategy: { value: strategy.value, at: strategy.at } } : {}),
        respondImmediately: respond === undefined || (respond.kind !== 'null' && pydanticTruthy(respond)),
        ...(respond ? { respondImmediatelyAt: respond.at } : {}),
      });
    }
  }
  const initial = located(field(root, 'initial_node'));
  return { model: { ...(initial ? { initialNode: initial } : {}), nodes, globalFunctions: functions(field(root, 'global_functions'), ['global_functions']) }, warnings };
}

/** Plain data of a value (action extras). */
function plainOf(value: PyValue): unknown {
  if (value.kind === 'seq') return value.items.map(plainOf);
  if (value.kind === 'map') {
    const out: Record<string, unknown> = {};
    for (const { key, value: v } of effectiveEntries(value as PyMap).entries) if (key.kind !== 'map' && key.kind !== 'seq') out[key.kind === 'str' ? (key.value as string) : pythonStr(key)] = plainOf(v);
    return out;
  }
  return value.kind === 'timestamp' ? value.text : value.value;
}

/**
 * A branch table's cases as Pipecat holds them: first Python's dict (keys it holds equal, like
 * `yes`, `1` and `1.0`, are one, keeping the first key and the last value), then `case_key` on each
 * remaining key (so `True` and `"true"` meet too, the later one winning). `written` says, for each
 * key as written, its canonical key and the first written key of its group.
 */
export function branchCases(cases: PyMap, budget: Budget) {
  const firstOfIdentity = new Map<string, PyEntry>();
  const written: { entry: PyEntry; canonical: string; first: PyEntry }[] = [];
  const firstOfCanonical = new Map<string, PyEntry>();
  for (const entry of cases.entries) {
    budget.tick(entry.key.at);
    const identity = pythonKeyIdentity(entry.key);
    if (identity === undefined) continue;
    const pythonKey = firstOfIdentity.get(identity) ?? entry;
    if (!firstOfIdentity.has(identity)) firstOfIdentity.set(identity, entry);
    const canonical = caseKey(pythonStr(pythonKey.key as PyScalar));
    if (!firstOfCanonical.has(canonical)) firstOfCanonical.set(canonical, entry);
    written.push({ entry, canonical, first: firstOfCanonical.get(canonical)! });
  }
  const byKey = new Map<string, BranchCase>();
  for (const { entry, canonical, first } of written) {
    const node = entry.value.kind === 'str' ? (entry.value.value as string) : undefined;
    if (node === undefined) continue;
    const key = first.key as PyScalar;
    byKey.set(canonical, { key: canonical, written: key.text, at: key.at, node, nodeAt: entry.value.at });
  }
  return { written, byKey };
}
