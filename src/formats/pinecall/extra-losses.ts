import type { AgentDocument, JsonSchema } from '../../model';
import { refFromName } from '../../model/ids';
import { docstringOneLine } from '../../model/docstring';
import { pointer } from '../../model/lint/pointer';
import { walkSchema } from '../../model/lint/schema-walk';
import { TARGET_LABEL, type Loss } from '../../model/losses';
import { toolChains } from './edge-chains';
import { agentNameOfClass, className } from './names';
import { sameJson } from './same-json';
import { pinecallParameters } from './type-shapes';

/**
 * What else the Pinecall export changes, beyond `lossesFor(doc, 'pinecall')`: the class has no
 * place for these, so the round trip (project.ts) drops or rewrites them too. Same shape and
 * wording as lossesFor, so that they can move there (and reach lint) without changing a test.
 */
export function extraPinecallLosses(doc: AgentDocument): Loss[] {
  const out: Loss[] = [];
  const add = (path: string, entity: Loss['entity'], feature: string, why: string) =>
    out.push({ path, entity, feature, message: `${feature} is not expressed in ${TARGET_LABEL.pinecall}: ${why}` });
  const name = className(doc.name);
  if (agentNameOfClass(name) !== doc.name) add(pointer('name'), { kind: 'agent' }, 'agent name', `the class is named ${name}, and the name comes back as "${agentNameOfClass(name)}"`);
  if (doc.opening !== 'caller') add(pointer('opening'), { kind: 'agent' }, 'agent opens the call', 'the class does not say who speaks first; the caller does unless the deployment says otherwise');
  if (doc.preserved?.blockAgent !== undefined) add(pointer('preserved', 'blockAgent'), { kind: 'agent' }, 'Block Agent keys', 'YAML keys kept from a Block Agent import are not written in a class');
  if (!blocksAsImported(doc)) {
    add(pointer('blocks'), { kind: 'agent' }, 'blocks',
      `a class has no blocks: the stages come back in one block named ${name}, and a tool scoped to blocks is scoped to their stages`);
  }
  doc.stages.forEach((stage, i) => {
    const entity = { kind: 'stage' as const, id: stage.id };
    const ref = refFromName(stage.name, doc.stages.slice(0, i).map((s) => refFromName(s.name)));
    if (stage.ref !== ref) add(pointer('stages', i, 'ref'), entity, 'stage ref', `the turn_id ${stage.ref} is not written; it comes back as ${ref}`);
    if (stage.extra !== undefined) add(pointer('stages', i, 'extra'), entity, 'Block Agent keys', 'kept YAML keys are not written in a class');
  });
  doc.state.forEach((field, i) => {
    if (field.type === 'integer') add(pointer('state', i, 'type'), { kind: 'state', id: field.id }, 'integer type', `${field.name} is a TypeScript number; it comes back as a number`);
  });
  doc.tools.forEach((tool, i) => {
    if (tool.kind !== 'function') return;
    const entity = { kind: 'tool' as const, id: tool.id };
    if (tool.fallback) add(pointer('tools', i, 'fallback'), entity, 'fallback tool', 'Pinecall has no intent detection; the flag is not written');
    if (tool.implementation !== undefined && tool.mock !== undefined) add(pointer('tools', i, 'mock'), entity, 'mock result', 'the method runs its implementation; the mock is not written');
    if (tool.extra !== undefined) add(pointer('tools', i, 'extra'), entity, 'Block Agent keys', 'kept YAML keys are not written in a class');
    if (docstringOneLine(tool.description) !== tool.description) {
      add(pointer('tools', i, 'description'), entity, 'multi-line description', 'Pinecall reads the docstring as one line (line breaks become spaces, and an @tag line ends it)');
    }
    if (!sameJson(withoutPatterns(tool.parameters), pinecallParameters(tool.parameters))) {
      add(pointer('tools', i, 'parameters'), entity, 'parameter schema details',
        'Pinecall builds the schema from the TypeScript signature, which keeps names, types, string enums and optionality; descriptions, integer, number enums, formats, bounds and names that are not identifiers are dropped');
    }
  });
  const written = new Set(toolChains(doc).flatMap((c) => c.entries.map((e) => e.edge)));
  doc.edges.forEach((edge, i) => {
    const entity = { kind: 'edge' as const, id: edge.id };
    if (edge.kind === 'loop') return; // lossesFor names it
    if (!written.has(edge)) {
      add(pointer('edges', i), entity, 'edge no tool fires',
        'a Pinecall stage changes only inside a tool, and no function tool offered in its stage can fire this edge (or an earlier edge always fires first); give it a tool condition on such a tool');
    } else if (edge.extra !== undefined) add(pointer('edges', i, 'extra'), entity, 'Block Agent keys', 'kept YAML keys are not written in a class');
  });
  return out;
}

/** Whether the blocks are already what an import makes of the class: one block named after it. */
function blocksAsImported(doc: AgentDocument): boolean {
  if (doc.stages.length === 0) return doc.blocks.length === 0;
  const name = className(doc.name);
  const [block] = doc.blocks;
  return doc.blocks.length === 1 && block.name === name && block.ref === refFromName(name) && !block.intent &&
    block.color === undefined && block.extra === undefined;
}

/** `pattern` is lossesFor's own entry: leave it out when comparing with what Pinecall keeps. */
function withoutPatterns(schema: JsonSchema): JsonSchema {
  const copy = structuredClone(schema);
  walkSchema(copy, (node) => { delete node.pattern; });
  return copy;
}
