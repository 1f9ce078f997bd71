// The checks after the schema, on the typed model:
// - FlowConfig's `_check_graph` (config.py), in its order and words. Pipecat raises at the first of
//   them; Callboard lists them all, the first being the one Pipecat reports.
// - `Flow(config, handlers=…)` (flow.py) binding the file to its Python, when a handlers.py is known:
//   every referenced tool and action handler exists and is a valid direct function. Pipecat collects
//   these into one FlowReferenceError.
// - Callboard's own graph warnings, which Pipecat 1.14.0 does not make: nodes no transition reaches,
//   nodes with no way on, branch tables that decide nothing.
import type { FlowFinding } from './findings';
import { transitionTargets, type FlowConfigModel, type FlowFunction, type FlowNode, type Position } from './model';
import { editDistance } from '../../../model/edit-distance';

const finding = (severity: FlowFinding['severity'], stage: FlowFinding['stage'], code: string, at: Position, loc: (string | number)[], message: string, fix?: string): FlowFinding => ({
  severity, stage, code, loc, message, line: at.line, column: at.column, ...(fix ? { fix } : {}),
});

function nearest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const score = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

const nodeFix = (target: string, names: readonly string[]): string => {
  const near = nearest(target, names);
  return near ? `did you mean '${near}'? Write the name of a node under \`nodes\`` : `write one of the nodes (${names.slice(0, 8).map((n) => `'${n}'`).join(', ')}${names.length > 8 ? ', …' : ''}), or add a node '${target}'`;
};

/** `_check_graph`: run only when the schema passed, as Pipecat runs it. */
export function checkGraph(model: FlowConfigModel): FlowFinding[] {
  const out: FlowFinding[] = [];
  const names = model.nodes.map((n) => n.name);
  const known = new Set(names);
  if (model.initialNode && !known.has(model.initialNode.value)) {
    out.push(finding('error', 'graph', 'value_error', model.initialNode.at, ['initial_node'], `Value error, initial_node '${model.initialNode.value}' is not a defined node`, nodeFix(model.initialNode.value, names)));
  }
  const seen = new Set<string>();
  for (const fn of model.globalFunctions) {
    if (seen.has(fn.name)) out.push(finding('error', 'graph', 'value_error', fn.at, ['global_functions'], `Value error, duplicate function '${fn.name}' in global_functions`, 'give each global function its own name, or remove this one'));
    seen.add(fn.name);
  }
  const targets = (fn: FlowFunction, where: string, loc: (string | number)[]) => {
    for (const target of transitionTargets(fn)) {
      if (!known.has(target.value)) out.push(finding('error', 'graph', 'value_error', target.at, loc, `Value error, ${where} function '${fn.name}' transitions to unknown node '${target.value}'`, nodeFix(target.value, names)));
    }
  };
  for (const node of model.nodes) {
    for (const fn of node.functions) {
      if (seen.has(fn.name)) out.push(finding('error', 'graph', 'value_error', fn.at, ['nodes', node.name, 'functions'], `Value error, node '${node.name}' function '${fn.name}' is also a global function`, `a global function is offered at every node already: remove this one, or rename it`));
    }
    for (const fn of node.functions) targets(fn, `node '${node.name}'`, ['nodes', node.name, 'functions']);
  }
  for (const fn of model.globalFunctions) targets(fn, 'global_functions', ['global_functions']);
  return out;
}

/** What Callboard knows of a handlers module: its functions' names and whether each is a valid direct function. */
export interface HandlerNames {
  /** Name → why it is not a valid direct function (Pipecat's words), or undefined when it is. */
  functions: ReadonlyMap<string, string | undefined>;
  /** Functions whose return annotation names NodeConfig (Pipecat binds them with a warning). */
  annotatedWithNode?: ReadonlySet<string>;
}

/** `Flow(config, handlers=…)`'s reference checks (flow.py `_build_function`, `_build_action`, `_lookup`). */
export function checkHandlers(model: FlowConfigModel, handlers: HandlerNames): FlowFinding[] {
  const out: FlowFinding[] = [];
  const tool = (fn: FlowFunction, where: string, loc: (string | number)[]) => {
    if (fn.transitionOnly) return;
    if (!handlers.functions.has(fn.name)) {
      out.push(finding('error', 'handlers', 'missing_tool', fn.at, loc, `${where} references tool '${fn.name}', which is not in the handlers`, `add \`async def ${fn.name}(flow_manager, …)\` to handlers.py, or fix the name`));
      return;
    }
    const invalid = handlers.functions.get(fn.name);
    if (invalid) out.push(finding('error', 'handlers', 'invalid_tool', fn.at, loc, `${where} tool '${fn.name}' is not a valid direct function: ${invalid}`, `write it as \`async def ${fn.name}(flow_manager, …)\``));
    else if (handlers.annotatedWithNode?.has(fn.name)) out.push(finding('warning', 'handlers', 'annotated_with_node', fn.at, loc, `${where} tool '${fn.name}' is annotated as returning a NodeConfig; in a configured flow it must return (result, TRANSITION_IN_YAML)`, 'return `result, TRANSITION_IN_YAML` and drop the NodeConfig annotation: the flow file decides where to go'));
  };
  for (const node of model.nodes) {
    const where = `node '${node.name}'`;
    for (const fn of node.functions) tool(fn, where, ['nodes', node.name, 'functions']);
    for (const [key, actions] of [['pre_actions', node.preActions], ['post_actions', node.postActions]] as const) {
      for (const action of actions) {
        if (action.handler !== undefined && !handlers.functions.has(action.handler)) {
          out.push(finding('error', 'handlers', 'missing_handler', action.at, ['nodes', node.name, key], `${where} ${key} references action handler '${action.handler}', which is not in the handlers`, `add \`async def ${action.handler}(action, flow_manager)\` to handlers.py, or fix the name`));
        }
      }
    }
  }
  for (const fn of model.globalFunctions) tool(fn, 'global_functions', ['global_functions']);
  return out;
}

const ends = (node: FlowNode) => [...node.preActions, ...node.postActions].some((a) => a.type === 'end_conversation');

/** Callboard's warnings: what Pipecat loads without a word but a person most likely did not mean. */
export function lintGraph(model: FlowConfigModel): FlowFinding[] {
  const out: FlowFinding[] = [];
  const byName = new Map(model.nodes.map((n) => [n.name, n]));
  const globalTargets = model.globalFunctions.flatMap((fn) => transitionTargets(fn).map((t) => t.value));
  const reached = new Set<string>();
  const start = model.initialNode?.value;
  if (start !== undefined && byName.has(start)) {
    const queue = [start, ...globalTargets.filter((t) => byName.has(t))];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (reached.has(name)) continue;
      reached.add(name);
      for (const fn of byName.get(name)?.functions ?? []) for (const t of transitionTargets(fn)) if (byName.has(t.value) && !reached.has(t.value)) queue.push(t.value);
    }
    for (const node of model.nodes) {
      if (!reached.has(node.name)) out.push(finding('warning', 'lint', 'unreachable', node.at, ['nodes', node.name], `node '${node.name}' cannot be reached: no function's transition_to leads to it from the initial node '${start}'`, `add a transition to '${node.name}' from a node that is reached, or remove it`));
    }
  }
  for (const node of model.nodes) {
    const ways = [...node.functions.flatMap(transitionTargets).map((t) => t.value), ...globalTargets].filter((t) => t !== node.name);
    if (ways.length === 0 && !ends(node)) {
      out.push(finding('warning', 'lint', 'dead-end', node.at, ['nodes', node.name], `node '${node.name}' has no way on: no function here${model.globalFunctions.length ? ' or among the global functions' : ''} transitions to another node, and it does not end the conversation, so the call stays here`, 'add a function with `transition_to: <node>`, or a post_action `- type: end_conversation`'));
    }
    node.functions.forEach((fn, index) => {
      const to = fn.transitionTo;
      // Without a default a table with one target still decides something: go there, or stay.
      if (to?.kind !== 'branch' || !to.default) return;
      const targets = new Set([...to.cases.map((c) => c.node), to.default.value]);
      if (targets.size !== 1) return;
      out.push(finding('warning', 'lint', 'branch-one-target', to.at, ['nodes', node.name, 'functions', index, 'transition_to'], `every case of this branch table and its default go to '${to.default.value}': the table decides nothing`, `write \`transition_to: ${to.default.value}\``));
    });
  }
  return out;
}

