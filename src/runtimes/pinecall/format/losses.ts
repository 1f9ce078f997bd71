// What a Pinecall class cannot say (formats/pinecall.md), path by path: lossesFor(doc, 'pinecall').
// The structural ones (which edges a tool can fire, which schema a signature gives back) are read
// from the exporter's own pure modules, so the list and the export cannot disagree.
import { keptPythonLosses } from '../../../formats/kept-python';
import { keptRubyLosses } from '../../../formats/kept-ruby';
import { toolChains } from '../../../model/tool-chains';
import { writtenPii } from './export-members';
import { agentNameOfClass, className } from '../../../model/names';
import { declaresGreeting, preservedOf } from './preserved';
import { sameJson } from './same-json';
import { pinecallParameters } from './type-shapes';
import { memberRenames, type MemberRename } from './member-names';
import { docstringOneLine } from '../../../model/docstring';
import { refFromName } from '../../../model/ids';
import type { JsonSchema } from '../../../model/json-schema';
import { getOwn } from '../../../model/own';
import { pointer } from '../../../model/lint/pointer';
import { walkSchema } from '../../../model/lint/schema-walk';
import { collectLosses, hasKeys, type AddLoss, type Loss } from '../../../model/loss';
import type { AgentDocument, Tool } from '../../../model/types';

const KEPT_KEYS = 'kept YAML keys are not written in a class; keep the Block Agent file if you need them';

/** Every path of `doc` a Pinecall class cannot express, in document order. */
export const lossesOfPinecall = (doc: AgentDocument): Loss[] => collectLosses('pinecall', (add) => {
  pinecallLosses(doc, add);
  // A class read from Python: what it keeps as Python, the TypeScript class cannot hold.
  keptPythonLosses(doc, add);
  keptRubyLosses(doc, add);
});

function pinecallLosses(doc: AgentDocument, add: AddLoss): void {
  agentLosses(doc, add);
  blockLosses(doc, add);
  stageLosses(doc, add);
  const renames = memberRenames(doc);
  const renamed = (kind: MemberRename['kind'], index: number) => renames.find((r) => r.kind === kind && r.index === index);
  doc.state.forEach((field, i) => {
    const rename = renamed('state', i);
    if (rename && rename.to === undefined) {
      add(pointer('state', i), { kind: 'state', id: field.id }, 'repeated state field',
        `${rename.why}: the first ${field.name} stands for this one too, as one variable does in Block Agent; delete this one or rename it`);
      return;
    }
    if (rename) {
      add(pointer('state', i, 'name'), { kind: 'state', id: field.id }, 'state field name',
        `${rename.why}, so the class names the field ${rename.to}; its templates, expression conditions, \`when\` and tool bodies say ${rename.to} too, and the change log shows it; rename it to ${rename.to} here to keep one name`);
    }
    if (field.type === 'integer') {
      add(pointer('state', i, 'type'), { kind: 'state', id: field.id }, 'integer type',
        `${field.name} is a TypeScript number and comes back as a number; check for whole numbers where the field is written`);
    }
  });
  edgeLosses(doc, add);
  doc.tools.forEach((tool, i) => {
    const rename = renamed('tool', i);
    if (rename) {
      add(pointer('tools', i, 'name'), { kind: 'tool', id: tool.id }, 'tool name',
        `${rename.why}, so the method is ${rename.to}: the model calls it ${rename.to} (its description is the same), and the change log names ${rename.to} as the author; rename it to ${rename.to} here to keep one name`);
    }
    toolLosses(doc, tool, i, add);
  });
}

function agentLosses(doc: AgentDocument, add: AddLoss): void {
  const agent = { kind: 'agent' as const };
  const name = className(doc.name);
  if (agentNameOfClass(name) !== doc.name) {
    add(pointer('name'), agent, 'agent name', `the class is named ${name}, and the name comes back as "${agentNameOfClass(name)}"; name the agent in words the class name can keep`);
  }
  if (doc.opening !== 'caller' && !declaresGreeting(doc.preserved?.pinecall)) {
    add(pointer('opening'), agent, 'agent opens the call', 'the class does not say who speaks first, and the caller does unless the deployment says otherwise; set "agent opens the call" where the agent is deployed');
  }
  if (Object.keys(doc.llm).length > 0) add(pointer('llm'), agent, 'llm settings', 'the class holds no model settings; set them where the agent is deployed');
  if (hasKeys(doc.preserved?.blockAgent)) add(pointer('preserved', 'blockAgent'), agent, 'Block Agent keys', KEPT_KEYS);
}

/** The block an imported class puts every stage in: one, named after the class, with the first block's id in the oracle. */
export const pinecallBlockId = (doc: AgentDocument): string => doc.blocks[0]?.id ?? 'block';

/** Whether the blocks are already what an import makes of the class: one block named after it. */
function blocksAsImported(doc: AgentDocument): boolean {
  if (doc.stages.length === 0) return doc.blocks.length === 0;
  const name = className(doc.name);
  const [block] = doc.blocks;
  return doc.blocks.length === 1 && block.name === name && block.ref === refFromName(name) && !block.intent &&
    block.color === undefined && !hasKeys(block.extra);
}

function blockLosses(doc: AgentDocument, add: AddLoss): void {
  const name = className(doc.name);
  if (!blocksAsImported(doc)) {
    add(pointer('blocks'), { kind: 'agent' }, 'blocks',
      `a class has no blocks: the stages come back in one block named ${name}, without names, refs, colours or intent flags of their own; scope tools to stages instead`);
  }
  doc.blocks.forEach((block, i) => {
    if (!block.looping) return;
    add(pointer('blocks', i, 'looping'), { kind: 'block', id: block.id }, 'block looping',
      'Pinecall counts no loops; count attempts in a state field and leave with an expression condition, e.g. searches >= 3');
  });
}

function stageLosses(doc: AgentDocument, add: AddLoss): void {
  const blockId = pinecallBlockId(doc);
  const name = className(doc.name);
  const refs: string[] = [];
  doc.stages.forEach((stage, i) => {
    const entity = { kind: 'stage' as const, id: stage.id };
    if (stage.kind === 'wait') {
      add(pointer('stages', i, 'kind'), entity, 'wait stage', `${stage.name} becomes an ordinary stage; let a tool fetch the outside answer instead of waiting for it`);
    }
    if (stage.waitToken !== undefined) {
      add(pointer('stages', i, 'waitToken'), entity, 'wait token', `nothing answers ${stage.waitToken || 'the token'} in Pinecall; let a tool fetch the outside answer`);
    }
    const ref = refFromName(stage.name, refs);
    refs.push(ref);
    if (stage.ref !== ref) add(pointer('stages', i, 'ref'), entity, 'stage ref', `the turn_id ${stage.ref || '(empty)'} is not written in a class; it comes back as ${ref}, made from the stage's name`);
    if (stage.blockId !== blockId) add(pointer('stages', i, 'blockId'), entity, 'block of a stage', `${stage.name} comes back in the one block ${name}; a class has no blocks, so group stages by their tools' stage lists`);
    if (hasKeys(stage.extra)) add(pointer('stages', i, 'extra'), entity, 'Block Agent keys', KEPT_KEYS);
  });
}

function edgeLosses(doc: AgentDocument, add: AddLoss): void {
  const written = new Set(toolChains(doc).flatMap((c) => c.entries.map((e) => e.edge)));
  doc.edges.forEach((edge, i) => {
    const entity = { kind: 'edge' as const, id: edge.id };
    if (edge.kind === 'loop') {
      // The whole edge goes, its conditions with it: Pinecall stays on a stage until a tool moves it.
      add(pointer('edges', i), entity, 'loop edge', 'a Pinecall stage is kept until a tool moves it, so the export leaves this edge out; nothing is needed to stay, and a state field can count the attempts');
      return;
    }
    const onResult = edge.conditions.findIndex((c) => c.kind === 'result');
    if (onResult >= 0) {
      add(pointer('edges', i), entity, 'result condition',
        "a Pinecall tool moves the stage from its own code; write the case in the tool's body (if the result's field has the value, set this.stage), and the edge comes back as a code edge");
      return;
    }
    if (!written.has(edge)) {
      // Lost whole, like a loop edge: its conditions are not listed again.
      add(pointer('edges', i), entity, 'edge no tool fires',
        'a Pinecall stage changes only inside a tool, and no function tool offered in its stage can fire this edge (or an earlier edge always fires first); give it a tool condition on such a tool');
      return;
    }
    // Every condition dropped: the edge is written as a move with no guard, which fires after any
    // tool of its stage, and a re-import reads it as an edge with no condition. Said, not left to be found.
    const left = edge.conditions.some((c) => c.kind === 'tool' || c.kind === 'expression');
    const from = doc.stages.find((s) => s.id === edge.from)?.name ?? edge.from;
    const to = doc.stages.find((s) => s.id === edge.to)?.name ?? edge.to;
    const always = left ? '' : `; with no condition left, the class moves from ${from} to ${to} after any tool of ${from} runs, and the edge comes back with no condition (one that always fires)`;
    edge.conditions.forEach((condition, j) => {
      if (condition.kind === 'nlu') {
        add(pointer('edges', i, 'conditions', j), entity, 'natural-language condition',
          `only tool firing and the state move a Pinecall stage; add a tool the model calls when this holds, and use a tool condition${always}`);
      } else if (condition.kind === 'external') {
        add(pointer('edges', i, 'conditions', j), entity, 'external condition',
          `nothing outside the call answers in Pinecall; let a tool fetch the answer, and use a tool condition on it${always}`);
      }
    });
    if (hasKeys(edge.extra)) add(pointer('edges', i, 'extra'), entity, 'Block Agent keys', KEPT_KEYS);
  });
}

function toolLosses(doc: AgentDocument, tool: Tool, i: number, add: AddLoss): void {
  const entity = { kind: 'tool' as const, id: tool.id };
  if (tool.kind === 'mcp') {
    add(pointer('tools', i), entity, 'mcp tool', `a Pinecall tool is a method; call the ${tool.mcp?.serverLabel || 'mcp'} server from a function tool's implementation`);
    return;
  }
  if (docstringOneLine(tool.description) !== tool.description) {
    add(pointer('tools', i, 'description'), entity, 'multi-line description',
      'Pinecall reads the docstring as one line: line breaks and outer spaces become single spaces, and an @tag line ends it; write the description as one line');
  }
  walkSchema(tool.parameters, (node, at) => {
    if (node.pattern === undefined) return;
    add(pointer('tools', i, 'parameters', ...at, 'pattern'), entity, 'parameter pattern',
      'Pinecall derives parameters from the TypeScript signature, which has no regex; check the value in the implementation and throw a sentence the model can use');
  });
  // A parameter list kept from an imported class is written as it was, and reads back as it did.
  const kept = getOwn(preservedOf(doc).tools, tool.name)?.params;
  if (!(kept && sameJson(kept.parameters, tool.parameters)) && !sameJson(withoutPatterns(tool.parameters), pinecallParameters(tool.parameters))) {
    add(pointer('tools', i, 'parameters'), entity, 'parameter schema details',
      'Pinecall builds the schema from the TypeScript signature, which keeps names, types, string enums and optionality; descriptions, integer, number enums, formats, bounds and names that are not identifiers are dropped; say them in the tool\'s description');
  }
  if (doc.stages.length === 0 && tool.scope.kind !== 'all') {
    add(pointer('tools', i, 'scope'), entity, 'tool scope without stages',
      `a class without a stage field offers every tool in every turn, so ${tool.name} is offered always; hide it with when(state), or add stages`);
  }
  if (writtenPii(tool).length !== tool.pii.length) {
    add(pointer('tools', i, 'pii'), entity, 'pii of a parameter the signature lacks',
      `pii names a parameter whose name cannot be a TypeScript parameter (${tool.pii.filter((p) => !writtenPii(tool).includes(p)).join(', ')}), so the entry is not written; rename the parameter to an identifier`);
  }
  if (tool.fallback) add(pointer('tools', i, 'fallback'), entity, 'fallback tool', 'Pinecall has no intent detection, so the flag is not written; nothing to do unless you export to Block Agent');
  if (tool.implementation !== undefined && tool.mock !== undefined) {
    add(pointer('tools', i, 'mock'), entity, 'mock result', 'the method runs its implementation, so the mock is not written; return the mock from the implementation while testing');
  }
  if (tool.mcp !== undefined) add(pointer('tools', i, 'mcp'), entity, 'mcp server of a function tool', 'a function tool calls no server; make it an mcp tool, or call the server from the implementation');
  if (hasKeys(tool.extra)) add(pointer('tools', i, 'extra'), entity, 'Block Agent keys', KEPT_KEYS);
}

/** `pattern` has its own entry: leave it out when comparing with what Pinecall keeps. */
function withoutPatterns(schema: JsonSchema): JsonSchema {
  const copy = structuredClone(schema);
  walkSchema(copy, (node) => { delete node.pattern; });
  return copy;
}
