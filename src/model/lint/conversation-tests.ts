// Conversation tests (issue 6) name tools, stages and state fields by name, as the files a person
// writes do. A rename rewrites them (ops/rename-tests.ts); a name typed by hand or left behind by a
// delete is caught here. Unknown names are warnings: the test still runs, and simply fails.
import { fitsJsonType } from '../document';
import type { TestStart } from '../types';
import { pointer } from './pointer';
import type { Finding, LintContext, ProblemEntity } from './types';

const AGENT: ProblemEntity = { kind: 'agent' };
const listed = (names: Iterable<string>): string => [...names].join(', ') || 'none';

export function checkConversationTests(ctx: LintContext): Finding[] {
  const { doc } = ctx;
  const tests = doc.tests ?? [];
  const out: Finding[] = [];
  // An mcp tool is called by its allowed tools' names (Block Agent), so a test may name those too.
  const tools = new Set(doc.tools.flatMap((t) => [t.name, ...(t.kind === 'mcp' ? (t.mcp?.allowedTools ?? []) : [])]));
  const stages = new Set(doc.stages.map((s) => s.name));
  const seen = new Set<string>();
  tests.forEach((test, i) => {
    if (seen.has(test.name)) {
      out.push({ rule: 'test-name-duplicate', path: pointer('tests', i, 'name'), entity: AGENT, message: `two tests are named ${test.name}, and each is saved as tests/${test.name}.golden.json; rename this one` });
    }
    seen.add(test.name);
    const unknownTool = (path: (string | number)[], name: string) =>
      out.push({ rule: 'test-tool-unknown', path: pointer('tests', i, ...path), entity: AGENT, message: `test ${test.name} names the tool ${name}, which the agent does not have (tools: ${listed(tools)}); write one of those or remove it` });
    (['tools', 'not_tools'] as const).forEach((key) => test.expect[key]?.forEach((name, j) => tools.has(name) || unknownTool(['expect', key, j], name)));
    for (const name of Object.keys(test.mocks ?? {})) if (!tools.has(name)) unknownTool(['mocks', name], name);
    test.model?.forEach((turn, j) => turn.tools?.forEach((call, k) => tools.has(call.name) || unknownTool(['model', j, 'tools', k, 'name'], call.name)));
    const stage = test.expect.stage;
    if (stage !== undefined && !stages.has(stage)) {
      out.push({ rule: 'test-stage-unknown', path: pointer('tests', i, 'expect', 'stage'), entity: AGENT, message: `test ${test.name} expects the call to end on stage ${stage}, which the agent does not have (stages: ${listed(stages)}); write a stage's name` });
    }
    const unknownField = (path: (string | number)[], name: string) =>
      out.push({ rule: 'test-state-unknown', path: pointer('tests', i, ...path), entity: AGENT, message: `test ${test.name} names the state field ${name}, which the agent does not declare (fields: ${listed(ctx.stateNames)}); write a declared field` });
    for (const name of Object.keys(test.state ?? {})) if (!ctx.stateNames.has(name)) unknownField(['state', name], name);
    for (const name of Object.keys(test.expect.state ?? {})) if (!ctx.stateNames.has(name)) unknownField(['expect', 'state', name], name);
    if (test.start) out.push(...checkStart(ctx, test.start, i, test.name, stages, unknownField));
  });
  return out;
}

/** `start: {stage, state}`: the stage must exist, and each value must be its field's type (the call opens with it). */
function checkStart(ctx: LintContext, start: TestStart, i: number, name: string, stages: Set<string>, unknownField: (path: (string | number)[], field: string) => void): Finding[] {
  const out: Finding[] = [];
  if (!stages.has(start.stage)) {
    out.push({ rule: 'test-stage-unknown', path: pointer('tests', i, 'start', 'stage'), entity: AGENT, message: `test ${name} starts at stage ${start.stage}, which the agent does not have (stages: ${listed(stages)}); write a stage's name in start.stage` });
  }
  for (const [field, value] of Object.entries(start.state ?? {})) {
    const declared = ctx.doc.state.find((f) => f.name === field);
    if (!declared) unknownField(['start', 'state', field], field);
    else if (!fitsJsonType(value, declared.type)) {
      out.push({ rule: 'test-state-unknown', path: pointer('tests', i, 'start', 'state', field), entity: AGENT, message: `test ${name} starts with ${field} = ${JSON.stringify(value)}, but ${field} is a ${declared.type}; write a ${declared.type} value` });
    }
  }
  return out;
}
