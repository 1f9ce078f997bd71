import type { AgentDocument, StateField } from '../../model';
import type { Loss } from '../../model/loss';
import { lossesOfPinecall } from './losses';
import { assertWithinDepth } from '../../model/value-depth';
import { getOwn } from '../../model/own';
import { writeDocBlock } from './doc-comments';
import { exportedTools, toolChains } from '../../model/tool-chains';
import { renderText, stateDeclaration, stateFieldText, toolText } from './export-members';
import { indentCode } from './js-lexer';
import { className, pascalCase, slugOf } from '../../model/names';
import { sameJson } from './same-json';
import { memberKey, preservedOf, type PinecallPreserved } from './preserved';
import { memberText, type NameObject, type ObjectShape } from './type-shapes';
import { stageUnion } from './class-types';

export interface PinecallExport {
  /** The class file. */
  text: string;
  /** Where Pinecall expects it: `agents/<slug>/agent.tsx`. */
  path: string;
  /** What the file cannot say: lossesFor(doc, 'pinecall'), the one list of losses (design.md). */
  warnings: Loss[];
}

export const PINECALL_MODULE = '@pinecall/agents';
/** Marks the interfaces the exporter declares for object parameters: the importer drops them (the tools' schemas hold them). */
export const GENERATED_INTERFACE = "/** Generated from a tool's parameter schema (Callboard). */";

/**
 * The agent as a Pinecall class (formats/pinecall.md). Deterministic: the same document always
 * gives the same text. Pure: no TypeScript compiler here (see js-lexer.ts for why).
 */
export function exportPinecallTs(doc: AgentDocument): PinecallExport {
  assertWithinDepth(doc);
  const preserved = preservedOf(doc);
  const name = className(doc.name);
  const stateNames = new Set(doc.state.map((f) => f.name));
  const tools = exportedTools(doc);
  const chains = toolChains(doc);
  const interfaces = interfaceNamer(new Set([name, 'Agent', 'Stages', 'state', 'tool', ...(preserved.declaredNames ?? [])]));

  const comment = (key: string) => (preserved.comments?.[key] ? indentCode(preserved.comments[key], '  ') + '\n' : '');
  const fields = doc.state.map((field) => comment(memberKey.state(field.name)) + fieldText(field, preserved));
  if (doc.stages.length > 0) fields.push(comment(memberKey.stage) + stageFieldText(doc));
  const render = renderText(doc, preserved.renderExtras ?? []);
  const toolTexts = tools.map((tool, i) => comment(memberKey.tool(tool.name)) + toolText({
    doc, tool, chain: chains[i], preserved: getOwn(preserved.tools, tool.name), stateNames,
    nameObject: interfaces.nameFor(tool.name),
  }));
  const members = [
    fields.join(''),
    render && comment(memberKey.render) + render,
    ...toolTexts,
    ...(preserved.members ?? []).map((m) => indentCode(m, '  ') + '\n'),
  ].filter(Boolean);

  const used = ['Agent', ...(doc.state.length || doc.stages.length ? ['state'] : []), ...(tools.length ? ['tool'] : []), ...(doc.stages.length ? ['type Stages'] : [])];
  const head = [
    preserved.header ? preserved.header + '\n' : '',
    `import { ${[...used, ...(preserved.agentsImports ?? [])].join(', ')} } from "${PINECALL_MODULE}";\n`,
    ...(preserved.imports ?? []).map((i) => i + '\n'),
  ].join('');
  const blocks = [
    head,
    ...(preserved.before ?? []).map((s) => s + '\n'),
    ...interfaces.declarations(),
    (preserved.classComments ? preserved.classComments + '\n' : '') + writeDocBlock(doc.persona.replace(/\r\n?/g, '\n'), '') +
      `export default class ${name} extends Agent {\n${members.join('\n')}}\n`,
    ...(preserved.after ?? []).map((s) => s + '\n'),
  ];
  return {
    text: blocks.join('\n'),
    path: `agents/${slugOf(doc.name)}/agent.tsx`,
    warnings: lossesOfPinecall(doc),
  };
}

function fieldText(field: StateField, preserved: PinecallPreserved): string {
  const kept = getOwn(preserved.fields, field.name);
  const { id: _id, ...rest } = field;
  if (!kept || !sameJson(kept.field, rest)) return stateFieldText(field);
  return stateFieldText(field).replace(stateDeclaration(field), kept.text.replace(/\n/g, '\n  '));
}

function stageFieldText(doc: AgentDocument): string {
  const entry = doc.stages.find((s) => s.id === doc.entryStageId) ?? doc.stages[0];
  return `  @state stage: Stages<${stageUnion(doc.stages)}> = ${JSON.stringify(entry.name)};\n`;
}

/**
 * Interfaces for object parameters: named after the parameter (`Address`), or tool and parameter
 * (`BookAddress`) when that name is taken by another shape; an identical shape shares its name.
 */
function interfaceNamer(taken: Set<string>) {
  const declared = new Map<string, { key: string; shape: ObjectShape }>();
  return {
    nameFor(toolName: string): NameObject {
      return (shape, param) => {
        const key = JSON.stringify(shape.members);
        const candidates = [pascalCase(param), pascalCase(toolName) + pascalCase(param)];
        for (let n = 2; candidates.length < 40; n++) candidates.push(`${candidates[1]}${n}`);
        for (const candidate of candidates) {
          if (declared.get(candidate)?.key === key) return candidate;
          if (!declared.has(candidate) && !taken.has(candidate)) {
            declared.set(candidate, { key, shape });
            return candidate;
          }
        }
        return undefined;
      };
    },
    declarations(): string[] {
      return [...declared].map(([name, { shape }]) => `${GENERATED_INTERFACE}\ninterface ${name} {\n${shape.members.map((m) => `  ${memberText(m)};\n`).join('')}}\n`);
    },
  };
}
