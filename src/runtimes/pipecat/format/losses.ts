// What a flow file cannot say on its own. A referenced function is only a name in the file: its
// description, parameters and behaviour live in Python. Without the handlers.py beside the flow,
// Callboard knows these only as names, and says so, each at the reference.
import { transitionTargets, type FlowConfigModel, type Position } from './model';
import type { HandlersModule } from './handlers';

export type FlowLossKind =
  /** The tool's description (the docstring): the model is offered a tool it has no words for. */
  | 'tool-description'
  /** The tool's parameters (the signature): their names, types, which are required, their descriptions. */
  | 'tool-parameters'
  /** What the tool returns: the field a branch table reads, so which case is taken. */
  | 'tool-result'
  /** An action's handler (a `function` action or a custom type): what it does. */
  | 'action-handler';

export interface FlowLoss {
  kind: FlowLossKind;
  /** The function or handler name. */
  subject: string;
  at: Position;
  message: string;
}

/**
 * What is lost of `model` when its handlers.py is missing (`handlers` undefined) or lacks some
 * functions: one loss per missing thing, at its first reference.
 */
export function handlerLosses(model: FlowConfigModel, handlers?: HandlersModule): FlowLoss[] {
  const known = new Set(handlers?.functions.map((f) => f.name) ?? []);
  const losses: FlowLoss[] = [];
  const seen = new Set<string>();
  const functions = [...model.nodes.flatMap((n) => n.functions), ...model.globalFunctions];
  for (const fn of functions) {
    if (fn.transitionOnly || known.has(fn.name) || seen.has(fn.name)) continue;
    seen.add(fn.name);
    losses.push(
      { kind: 'tool-description', subject: fn.name, at: fn.at, message: `${fn.name}'s description lives in its Python docstring; without it the simulated model is offered ${fn.name} with no description` },
      { kind: 'tool-parameters', subject: fn.name, at: fn.at, message: `${fn.name}'s parameters live in its Python signature; without it the simulated model is offered ${fn.name} with no parameters` },
    );
    if (fn.transitionTo?.kind === 'branch') {
      losses.push({ kind: 'tool-result', subject: fn.name, at: fn.transitionTo.at, message: `which case of ${fn.name}'s branch table is taken depends on the '${fn.transitionTo.field}' its Python code returns; without it a run has to be told the result (cases: ${transitionTargets(fn).map((t) => t.value).join(', ')})` });
    }
  }
  for (const node of model.nodes) {
    for (const action of [...node.preActions, ...node.postActions]) {
      if (action.handler === undefined || known.has(action.handler) || seen.has(`action:${action.handler}`)) continue;
      seen.add(`action:${action.handler}`);
      losses.push({ kind: 'action-handler', subject: action.handler, at: action.at, message: `what the ${action.type} action's handler ${action.handler} does lives in Python; without it a run can only say that it ran` });
    }
  }
  return losses;
}
