import { toolsVisibleIn, toolVisibleIn } from '../document';
import { parameterNames } from '../json-schema';
import type { Condition, Edge, Stage } from '../types';
import { closest, quoteList } from './context';
import { predicateScope, unknownNamesRead } from './expression-names';
import { expressionSyntaxError } from './js-syntax';
import { pointer } from './pointer';
import type { Finding, LintContext } from './types';

const edgeEntity = (edge: Edge) => ({ kind: 'edge' as const, id: edge.id });

/** Edges are data: their ends must be stages, and a loop edge is the one that stays (Block Agent's `type: loop`). */
export function checkEdgeShape(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  const names = quoteList(ctx.doc.stages.map((s) => s.name));
  const loopSeen = new Set<string>();
  ctx.doc.edges.forEach((edge, i) => {
    for (const end of ['from', 'to'] as const) {
      if (ctx.stageById.has(edge[end])) continue;
      out.push({
        rule: 'edge-unknown-stage', path: pointer('edges', i, end), entity: edgeEntity(edge),
        message: `this edge's ${end} names no stage (${edge[end] || 'empty'}); connect it to one of ${names}, or delete the edge`,
      });
    }
    const stageName = ctx.stageById.get(edge.from)?.name ?? edge.from;
    if (edge.conditions.length === 0) {
      const to = ctx.stageById.get(edge.to)?.name ?? edge.to;
      out.push({
        rule: 'edge-no-condition', path: pointer('edges', i, 'conditions'), entity: edgeEntity(edge),
        message: edge.kind === 'loop'
          ? `the loop edge of ${stageName} has no condition, so it holds every turn and the looping threshold counts every line; add the condition that should keep the call on ${stageName}, or delete the edge`
          : `the edge ${stageName} → ${to} has no condition, so it always fires: in Block Agent as soon as ${stageName} has run, whatever the caller says (in Pinecall after any tool of ${stageName}); add a condition (a tool condition, a sentence, or after a wait turn the outside answer: source external), or delete the edge`,
      });
    }
    if (edge.kind !== 'loop') return;
    if (edge.to !== edge.from) {
      out.push({
        rule: 'edge-loop-target', path: pointer('edges', i, 'to'), entity: edgeEntity(edge),
        message: `a loop edge stays on its stage: set its target to ${stageName} (its own stage), or make it an ordinary edge to move on`,
      });
    }
    if (loopSeen.has(edge.from)) {
      out.push({
        rule: 'edge-loop-multiple', path: pointer('edges', i), entity: edgeEntity(edge),
        message: `stage ${stageName} already has a loop edge, and a stage has at most one; move these conditions into that loop edge, or delete this one`,
      });
    }
    loopSeen.add(edge.from);
  });
  return out;
}

const isNlu = (c: Condition) => c.kind === 'nlu';

/** Block Agent: a stage's edges use expression conditions or natural-language ones, not both (a loop edge may). */
/**
 * Each stage's edges that are no loop, with their places in the document, in document order: found
 * once per check (every stage × every edge was the cost of a 500-stage agent's lint).
 */
function edgesLeaving(edges: readonly Edge[]): Map<string, { edge: Edge; i: number }[]> {
  const out = new Map<string, { edge: Edge; i: number }[]>();
  edges.forEach((edge, i) => {
    if (edge.kind === 'loop') return;
    const list = out.get(edge.from);
    if (list) list.push({ edge, i });
    else out.set(edge.from, [{ edge, i }]);
  });
  return out;
}

export function checkMixedConditions(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  const leaving = edgesLeaving(ctx.doc.edges);
  for (const stage of ctx.doc.stages) {
    const located = (leaving.get(stage.id) ?? [])
      .flatMap(({ edge, i }) => edge.conditions.map((condition, j) => ({ edge, i, j, nlu: isNlu(condition) })));
    if (located.length === 0) continue;
    const firstKind = located[0].nlu;
    const odd = located.find((c) => c.nlu !== firstKind);
    if (!odd) continue;
    const rewrite = odd.nlu
      ? 'write this one as a tool condition (a tool that captures what the sentence says)'
      : 'write this one as a natural-language sentence too';
    out.push({
      rule: 'edge-conditions-mixed', path: pointer('edges', odd.i, 'conditions', odd.j), entity: edgeEntity(odd.edge),
      message: `stage ${stage.name} mixes natural-language and tool/external/expression conditions on its edges, and Block Agent reads one kind per stage; ${rewrite}`,
    });
  }
  return out;
}

/**
 * Block Agent has no state conditions: its export writes a state expression as a natural-language
 * sentence, so a stage that also leaves on tool or external conditions would mix kinds there.
 */
export function checkStateExpressionMix(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  const leaving = edgesLeaving(ctx.doc.edges);
  for (const stage of ctx.doc.stages) {
    const located = (leaving.get(stage.id) ?? [])
      .flatMap(({ edge, i }) => edge.conditions.map((condition, j) => ({ edge, i, j, kind: condition.kind })));
    const expression = located.find((c) => c.kind === 'expression');
    if (!expression || !located.some((c) => c.kind === 'tool' || c.kind === 'external')) continue;
    out.push({
      rule: 'edge-state-expression-mixed', path: pointer('edges', expression.i, 'conditions', expression.j), entity: edgeEntity(expression.edge),
      message: `stage ${stage.name} leaves on a state expression beside tool or external conditions; Block Agent has no state conditions, so its export asks the model about the expression in words and the turn then mixes kinds; capture the value with a tool and use a tool condition instead`,
    });
  }
  return out;
}

/** Tool conditions must name a tool the from-stage offers, and a field that tool captures. */
export function checkConditions(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  ctx.doc.edges.forEach((edge, i) => {
    const from = ctx.stageById.get(edge.from);
    edge.conditions.forEach((condition, j) => out.push(...conditionFindings(ctx, edge, from, condition, ['edges', i, 'conditions', j])));
  });
  return out;
}

function conditionFindings(ctx: LintContext, edge: Edge, from: Stage | undefined, condition: Condition, at: (string | number)[]): Finding[] {
  const entity = edgeEntity(edge);
  if (condition.kind === 'expression') {
    const error = expressionSyntaxError(condition.expression);
    if (!error) {
      const scope = predicateScope(ctx.doc);
      return unknownNamesRead(condition.expression, scope).map((read) => ({
        rule: 'condition-expression-unknown-name' as const, path: pointer(...at, 'expression'), entity,
        message: `this condition reads ${read.written}, which names nothing: no state field, captured parameter or class member is called ${read.name}; write one of ${quoteList([...scope].sort())}, or add a state field ${read.name}${closest(read.name, scope)}`,
      }));
    }
    return [{
      rule: 'condition-expression-syntax', path: pointer(...at, 'expression'), entity,
      message: `this condition does not parse as JavaScript (${error}); write an expression over the state fields, e.g. searches >= 3`,
    }];
  }
  if (condition.kind !== 'tool') return [];
  const offered = from ? toolsVisibleIn(ctx.doc, from).map((t) => t.name) : ctx.doc.tools.map((t) => t.name);
  const tool = ctx.toolById.get(condition.toolId);
  if (!tool) {
    return [{
      rule: 'condition-tool-unknown', path: pointer(...at, 'toolId'), entity,
      message: `this condition names a tool that does not exist (${condition.toolId || 'empty'}); pick one of ${quoteList(offered)}`,
    }];
  }
  const out: Finding[] = [];
  if (from && !toolVisibleIn(tool, from)) {
    out.push({
      rule: 'condition-tool-not-offered', path: pointer(...at, 'toolId'), entity,
      message: `tool ${tool.name} is not offered in stage ${from.name}, so this edge can never fire; pick one of ${quoteList(offered)}, or add ${from.name} to ${tool.name}'s scope`,
    });
  }
  // An mcp tool's result fields come from its server, so they cannot be checked here.
  if (tool.kind !== 'function') return out;
  const params = parameterNames(tool.parameters);
  if (condition.field !== undefined && !params.includes(condition.field)) {
    out.push({
      rule: 'condition-tool-field-unknown', path: pointer(...at, 'field'), entity,
      message: `tool ${tool.name} has no parameter ${condition.field}; compare one of ${quoteList(params)}, or leave field empty to compare the first parameter`,
    });
  }
  if (params.length === 0 && condition.expected.trim() !== '*') {
    out.push({
      rule: 'condition-tool-no-parameters', path: pointer(...at, 'expected'), entity,
      message: `tool ${tool.name} captures no value, so only * (it fired) can match; write expected: *`,
    });
  }
  return out;
}
