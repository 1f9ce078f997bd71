// Pydantic's validation of a FlowConfig (pipecat/flows/config.py, pipecat-ai 1.14.0), mirrored on
// the values Python holds after reading the file: the same problems, in the same order (each model's
// declared fields, then its unknown keys, then its own validator only when its fields passed), in
// the same words (Pydantic's messages; the validators' ValueErrors with Pydantic's "Value error, "
// prefix). Each finding adds where it is and what to write instead. The messages were read off the
// installed package (conformance/checks/c20_pipecat_loader.py compares them on every example).
import type { FlowFinding } from './findings';
import type { Position } from './model';
import { caseKey } from './model';
import { effectiveEntries, pythonStr, type Budget, type PyMap, type PyScalar, type PyValue } from './pytree';
import { editDistance } from '../../../model/edit-distance';

type Loc = (string | number)[];

const BOOL_TEXT = new Set(['0', 'off', 'f', 'false', 'n', 'no', '1', 'on', 't', 'true', 'y', 'yes']);
const BUILT_IN_WITHOUT_HANDLER = new Set(['tts_say', 'end_conversation']);

/** The keys each model declares, in its order (Pydantic validates them in this order). */
export const FIELDS = {
  FlowConfig: ['initial_node', 'nodes', 'global_functions'],
  Node: ['task_messages', 'role_message', 'functions', 'pre_actions', 'post_actions', 'context_strategy', 'respond_immediately'],
  Message: ['role', 'content'],
  Function: ['name', 'transition_only', 'description', 'transition_to'],
  Branch: ['field', 'cases', 'default'],
  Action: ['type', 'handler'],
} as const;

/** The keys each model requires (the rest have defaults). */
export const REQUIRED: { [model in keyof typeof FIELDS]: readonly string[] } = {
  FlowConfig: ['initial_node', 'nodes'],
  Node: ['task_messages'],
  Message: ['role', 'content'],
  Function: ['name'],
  Branch: ['field', 'cases'],
  Action: ['type'],
};

/** Keys people write from older Pipecat Flows or other builders, and what 1.14.0 takes instead. */
const RENAMED: Record<string, string> = {
  role_messages: 'Pipecat 1.14.0 takes one `role_message`, a string: write `role_message: <the instruction>`',
  handler: 'a function in the file names its Python function by `name`; the code is looked up in the handlers by that name: remove `handler`',
  properties: 'parameters live in the Python function (its signature and docstring): remove `properties` and write them in handlers.py',
  required: 'parameters live in the Python function (its signature and docstring): remove `required` and write them in handlers.py',
  next_node: 'write `transition_to: <node>`',
  name: 'a node\'s name is its key under `nodes`: remove `name`',
};

function unknownKeyFix(key: string, allowed: readonly string[]): string {
  if (RENAMED[key] && !allowed.includes(key)) return RENAMED[key];
  const near = allowed.filter((k) => editDistance(k, key) <= Math.max(2, Math.floor(k.length / 4)));
  return near.length > 0 ? `did you mean \`${near[0]}\`? This place takes ${allowed.map((k) => `\`${k}\``).join(', ')}` : `remove it; this place takes ${allowed.map((k) => `\`${k}\``).join(', ')}`;
}

const describe = (value: PyValue): string => {
  if (value.kind === 'map') return 'a map';
  if (value.kind === 'seq') return 'a list';
  if (value.kind === 'null') return 'nothing (null)';
  return value.kind === 'str' ? `the text ${JSON.stringify(value.value)}` : `${value.kind === 'bool' ? 'the boolean' : value.kind === 'timestamp' ? 'the date' : 'the number'} ${pythonStr(value)}`;
};

/** When YAML 1.1 turned text into something else, say so and how to keep it text. */
function yaml11Hint(value: PyValue): string {
  if (value.kind === 'map' || value.kind === 'seq' || value.kind === 'str' || !value.plain) return '';
  if (value.kind === 'null' && value.text === '') return '';
  return `PyYAML (YAML 1.1) reads the unquoted ${value.text} as ${describe(value)}; write "${value.text}" in quotes to keep it text`;
}

export interface SchemaResult {
  findings: FlowFinding[];
  /** Whether FlowConfig's fields all passed, so Pipecat goes on to `_check_graph`. */
  passed: boolean;
}

export function checkSchema(root: PyValue, budget: Budget): SchemaResult {
  const findings: FlowFinding[] = [];
  const add = (at: Position, loc: Loc, code: string, message: string, fix?: string) => {
    findings.push({ severity: 'error', stage: 'schema', code, loc, message, line: at.line, column: at.column, ...(fix ? { fix } : {}) });
  };
  /** Returns whether the value passed. */
  const str = (value: PyValue, loc: Loc, what: string, nullable = false): boolean => {
    if (value.kind === 'str' || (nullable && value.kind === 'null')) return true;
    add(value.at, loc, 'string_type', 'Input should be a valid string', yaml11Hint(value) || `write ${what} as text${nullable ? ', or leave the key out' : ''} (this is ${describe(value)})`);
    return false;
  };
  const bool = (value: PyValue, loc: Loc): boolean => {
    const scalar = value as PyScalar;
    if (value.kind === 'bool') return true;
    if (value.kind === 'int' && (value.value === 0 || value.value === 1)) return true;
    if (value.kind === 'float' && (value.value === 0 || value.value === 1)) return true;
    if (value.kind === 'str' && BOOL_TEXT.has((value.value as string).toLowerCase())) return true;
    const parsing = value.kind === 'str' || value.kind === 'int';
    add(value.at, loc, parsing ? 'bool_parsing' : 'bool_type', parsing ? 'Input should be a valid boolean, unable to interpret input' : 'Input should be a valid boolean', `write true or false (this is ${describe(scalar)})`);
    return false;
  };
  const list = (value: PyValue, loc: Loc, what: string): value is Extract<PyValue, { kind: 'seq' }> => {
    if (value.kind === 'seq') return true;
    add(value.at, loc, 'list_type', 'Input should be a valid list', `write ${what} as a list, each item on a line starting with "- " (this is ${describe(value)})`);
    return false;
  };
  const model = (value: PyValue, loc: Loc, name: string, what: string): value is PyMap => {
    if (value.kind === 'map') return true;
    add(value.at, loc, 'model_type', `Input should be a valid dictionary or instance of ${name}`, `write ${what} as a map of keys and values (this is ${describe(value)})`);
    return false;
  };
  /** Declared fields in order, then unknown keys; returns the fields as Python holds them and whether all passed. */
  const fields = (map: PyMap, loc: Loc, declared: readonly string[], extraAllowed: boolean, check: (key: string, value: PyValue) => boolean, required: readonly string[], example: Record<string, string>) => {
    const { entries } = effectiveEntries(map);
    const byName = new Map<string, PyValue>();
    for (const entry of entries) if (entry.key.kind === 'str') byName.set(entry.key.value as string, entry.value);
    let ok = true;
    for (const name of declared) {
      budget.tick(map.at);
      const value = byName.get(name);
      if (value === undefined) {
        if (required.includes(name)) {
          add(map.at, [...loc, name], 'missing', 'Field required', `add \`${name}:\`${example[name] ? ` ${example[name]}` : ''}`);
          ok = false;
        }
        continue;
      }
      if (!check(name, value)) ok = false;
    }
    if (!extraAllowed) {
      for (const entry of entries) {
        const key = entry.key;
        const name = key.kind === 'str' ? (key.value as string) : key.kind === 'map' || key.kind === 'seq' ? undefined : pythonStr(key);
        if (key.kind === 'str' && declared.includes(name as string)) continue;
        add(key.at, [...loc, name ?? '?'], 'extra_forbidden', 'Extra inputs are not permitted', name === undefined ? 'remove this key' : unknownKeyFix(name, declared));
        ok = false;
      }
    }
    return { ok, byName };
  };

  const message = (value: PyValue, loc: Loc): boolean => {
    if (!model(value, loc, 'Message', 'a task message ({role, content})')) return false;
    return fields(value, loc, FIELDS.Message, false, (key, v) => str(v, [...loc, key], key === 'role' ? 'the role (developer, system, user or assistant)' : 'the message'), REQUIRED.Message, { role: 'developer', content: '<what the model does here>' }).ok;
  };

  const branch = (value: PyMap, loc: Loc): boolean => {
    return fields(value, loc, FIELDS.Branch, false, (key, v) => {
      if (key === 'field') return str(v, [...loc, key], 'the result field to branch on');
      if (key === 'default') return str(v, [...loc, key], 'the node to go to when no case matches', true);
      // cases: dict[str, str] with at least one item, its keys made canonical first (`_canonical_keys`).
      if (v.kind !== 'map') {
        add(v.at, [...loc, key], 'dict_type', 'Input should be a valid dictionary', `write the cases as a map of result value to node name (this is ${describe(v)})`);
        return false;
      }
      // Python's dict first (keys it holds equal are one, the first key kept), then `case_key`.
      const canonical = new Map<string, PyValue>();
      for (const entry of effectiveEntries(v).entries) {
        if (entry.key.kind === 'map' || entry.key.kind === 'seq') continue;
        canonical.set(caseKey(pythonStr(entry.key)), entry.value);
      }
      let ok = true;
      for (const [caseName, target] of canonical) if (!str(target, [...loc, key, caseName], 'the node this case goes to')) ok = false;
      if (canonical.size === 0) {
        add(v.at, [...loc, key], 'too_short', 'Dictionary should have at least 1 item after validation, not 0', 'write at least one case: `<result value>: <node>`, or use `transition_to: <node>` for one target');
        ok = false;
      }
      return ok;
    }, REQUIRED.Branch, { field: '<the result key to branch on>', cases: '{<value>: <node>}' }).ok;
  };

  const transition = (value: PyValue, loc: Loc): { ok: boolean; kind: 'null' | 'str' | 'branch' | 'bad' } => {
    if (value.kind === 'null') return { ok: true, kind: 'null' };
    if (value.kind === 'str') return { ok: true, kind: 'str' };
    if (value.kind === 'map') {
      const before = findings.length;
      if (branch(value, [...loc, 'Branch'])) return { ok: true, kind: 'branch' };
      // Pydantic lists the union's every member that failed: the string first.
      findings.splice(before, 0, { severity: 'error', stage: 'schema', code: 'string_type', loc: [...loc, 'str'], message: 'Input should be a valid string', line: value.at.line, column: value.at.column, fix: 'transition_to is a node name, or a branch table {field, cases, default}; fix the branch table as said below' });
      return { ok: false, kind: 'bad' };
    }
    add(value.at, [...loc, 'str'], 'string_type', 'Input should be a valid string', yaml11Hint(value) || `write the node to go to (this is ${describe(value)})`);
    add(value.at, [...loc, 'Branch'], 'model_type', 'Input should be a valid dictionary or instance of Branch', 'or a branch table: {field: <result key>, cases: {<value>: <node>}, default: <node>}');
    return { ok: false, kind: 'bad' };
  };

  const fn = (value: PyValue, loc: Loc): boolean => {
    if (!model(value, loc, 'Function', 'a function ({name, transition_to})')) return false;
    let transitionKind: string = 'null';
    const result = fields(value, loc, FIELDS.Function, false, (key, v) => {
      if (key === 'name') return str(v, [...loc, key], 'the function\'s name');
      if (key === 'transition_only') return bool(v, [...loc, key]);
      if (key === 'description') return str(v, [...loc, key], 'the description', true);
      const t = transition(v, [...loc, key]);
      transitionKind = t.kind;
      return t.ok;
    }, REQUIRED.Function, { name: '<the Python function\'s name>' });
    if (!result.ok) return false;
    // `_check_shape`, on the values as Pydantic converted them.
    const name = (result.byName.get('name') as PyScalar).value as string;
    const only = result.byName.get('transition_only');
    const transitionOnly = only !== undefined && truthy(only);
    const description = result.byName.get('description');
    const hasDescription = description !== undefined && description.kind === 'str' && (description.value as string) !== '';
    if (transitionOnly) {
      if (!hasDescription) {
        add(value.at, loc, 'value_error', `Value error, function '${name}' is transition_only and needs a description`, 'add `description: <when the model should call it>`');
        return false;
      }
      if (transitionKind !== 'str') {
        add(value.at, loc, 'value_error', `Value error, function '${name}' is transition_only and must name the node it transitions to`, 'write `transition_to: <node>`; a branch table needs a Python function whose result it reads');
        return false;
      }
    } else if (description !== undefined && description.kind !== 'null') {
      add(description.at, loc, 'value_error', `Value error, function '${name}' has a description, which only a transition_only function takes; a direct function describes itself in its docstring`, 'move the description into the Python function\'s docstring (handlers.py), or add `transition_only: true` if the function only moves to another node');
      return false;
    }
    return true;
  };

  const action = (value: PyValue, loc: Loc): boolean => {
    if (!model(value, loc, 'Action', 'an action ({type, …})')) return false;
    const result = fields(value, loc, FIELDS.Action, true, (key, v) => str(v, [...loc, key], key === 'type' ? 'the action type (tts_say, end_conversation, function)' : 'the handler\'s name', key === 'handler'), REQUIRED.Action, { type: 'tts_say' });
    if (!result.ok) return false;
    const type = (result.byName.get('type') as PyScalar).value as string;
    const handler = result.byName.get('handler');
    const handlerName = handler?.kind === 'str' ? (handler.value as string) : undefined;
    if (type === 'function' && !handlerName) {
      add(value.at, loc, 'value_error', "Value error, a 'function' action requires a 'handler' name", 'add `handler: <the Python function to run>`');
      return false;
    }
    if (BUILT_IN_WITHOUT_HANDLER.has(type) && handler !== undefined && handler.kind !== 'null') {
      add(handler.at, loc, 'value_error', `Value error, the built-in '${type}' action does not take a 'handler'`, 'remove `handler`');
      return false;
    }
    return true;
  };

  const listOf = (value: PyValue, loc: Loc, what: string, item: (v: PyValue, l: Loc) => boolean): boolean => {
    if (!list(value, loc, what)) return false;
    let ok = true;
    value.items.forEach((v, i) => {
      if (!item(v, [...loc, i])) ok = false;
    });
    return ok;
  };

  const node = (value: PyValue, loc: Loc): boolean => {
    if (!model(value, loc, 'Node', 'a node ({task_messages, functions, …})')) return false;
    const result = fields(value, loc, FIELDS.Node, false, (key, v) => {
      const at = [...loc, key];
      switch (key) {
        case 'task_messages':
          return listOf(v, at, 'the task messages', message);
        case 'role_message':
          return str(v, at, 'the role message', true);
        case 'functions':
          return listOf(v, at, 'the functions', fn);
        case 'pre_actions':
        case 'post_actions':
          return listOf(v, at, 'the actions', action);
        case 'context_strategy':
          if (v.kind === 'null' || (v.kind === 'str' && (v.value === 'append' || v.value === 'reset'))) return true;
          add(v.at, at, 'literal_error', "Input should be 'append' or 'reset'", `write append or reset, in lower case (this is ${describe(v)})`);
          return false;
        default:
          return bool(v, at);
      }
    }, REQUIRED.Node, { task_messages: '\n  - role: developer\n    content: <what the model does at this node>' });
    if (!result.ok) return false;
    // `_check_unique_function_names`.
    const functions = result.byName.get('functions');
    if (functions?.kind === 'seq') {
      const seen = new Set<string>();
      for (const f of functions.items) {
        const name = nameOf(f);
        if (name === undefined) continue;
        if (seen.has(name)) {
          add(f.at, loc, 'value_error', `Value error, duplicate function '${name}' in node`, 'give each function of a node its own name, or remove this one');
          return false;
        }
        seen.add(name);
      }
    }
    return true;
  };

  if (root.kind !== 'map') {
    findings.push({ severity: 'error', stage: 'schema', code: 'value_error', loc: [], message: 'flow config: top level must be a mapping', line: root.at.line, column: root.at.column, fix: 'write `initial_node: <node>` and `nodes:` at the top level' });
    return { findings, passed: false };
  }
  const top = fields(root, [], FIELDS.FlowConfig, false, (key, v) => {
    if (key === 'initial_node') return str(v, [key], 'the name of the node the flow starts in');
    if (key === 'global_functions') return listOf(v, [key], 'the global functions', fn);
    if (v.kind !== 'map') {
      add(v.at, [key], 'dict_type', 'Input should be a valid dictionary', `write the nodes as a map of node name to node (this is ${describe(v)})`);
      return false;
    }
    const { entries } = effectiveEntries(v);
    let ok = true;
    for (const entry of entries) {
      if (entry.key.kind !== 'str') {
        const keyName = pydanticKeyLoc(entry.key);
        add(entry.key.at, [key, keyName, '[key]'], 'string_type', 'Input should be a valid string', yaml11Hint(entry.key) || 'write the node\'s name as text');
        ok = false;
      }
      if (!node(entry.value, [key, pydanticKeyLoc(entry.key)])) ok = false;
    }
    if (entries.length === 0) {
      add(v.at, [key], 'too_short', 'Dictionary should have at least 1 item after validation, not 0', 'write at least one node');
      ok = false;
    }
    return ok;
  }, REQUIRED.FlowConfig, { initial_node: '<the node the flow starts in>', nodes: '\n  <name>:\n    task_messages: …' });
  return { findings, passed: top.ok };
}

/** A dict key as Pydantic's error location holds it: text as it is, an int or a bool as a number. */
function pydanticKeyLoc(key: PyValue): string | number {
  if (key.kind === 'str') return key.value as string;
  if (key.kind === 'bool') return key.value ? 1 : 0;
  if (key.kind === 'int') return key.value as number;
  return key.kind === 'map' || key.kind === 'seq' ? '?' : pythonStr(key);
}

/** Pydantic's lax boolean of a value that passed `bool`. */
function truthy(value: PyValue): boolean {
  if (value.kind === 'str') return ['1', 'on', 't', 'true', 'y', 'yes'].includes((value.value as string).toLowerCase());
  return Boolean(value.kind === 'map' || value.kind === 'seq' ? false : value.value);
}

function nameOf(value: PyValue): string | undefined {
  if (value.kind !== 'map') return undefined;
  const { entries } = effectiveEntries(value);
  const entry = entries.find((e) => e.key.kind === 'str' && e.key.value === 'name');
  return entry?.value.kind === 'str' ? (entry.value.value as string) : undefined;
}

export { truthy as pydanticTruthy };
