import type { AgentDocument, StateField } from '../../../model';
import type { Loss } from '../../../model/loss';
import { lossesOfPinecall } from './losses';
import { assertWithinDepth } from '../../../model/value-depth';
import { getOwn, setOwn } from '../../../model/own';
import { writeDocBlock } from './doc-comments';
import { exportedTools, toolChains } from '../../../model/tool-chains';
import { getterNames, needsStateOptions, renderText, stageDeclaration, stateDeclaration, stateFieldText, toolText } from './export-members';
import { indentCode } from './js-lexer';
import { className, pascalCase, PINECALL_FILE_NAMES, slugOf } from '../../../model/names';
import { sameJson } from './same-json';
import { memberKey, preservedOf, writesNoStageField, type PinecallPreserved } from './preserved';
import { layMembers, otherMemberKey, type LaidMember } from './member-layout';
import { inheritedFrom } from './export-inherit';
import { memberText, type NameObject, type ObjectShape } from './type-shapes';
import { pinecallNamed } from './member-names';
import { keptSourceOf, mergeIntoSource, rewrittenNote, rewrittenWhole, type KeptSource, type RewrittenLines } from '../../../formats/kept-source';

/** The class's export as written (PinecallPreserved.classExport); the exporter's own is the default export. */
const CLASS_EXPORT = { default: 'export default ', named: 'export ', none: '' } as const;

export interface PinecallExport {
  /** The class file. */
  text: string;
  /** Where Pinecall expects it: `agents/<slug>/agent.tsx`. */
  path: string;
  /** What the file cannot say: lossesFor(doc, 'pinecall'), the one list of losses (design.md). */
  warnings: Loss[];
  /** Where the export had to write the imported file otherwise than it was written, beyond the edits (kept-source.ts), as sentences. */
  notes: string[];
  /** The same, as the lines of the export each note is about (empty when the edits alone changed the file). */
  normalised: RewrittenLines[];
  /** The name each object parameter's generated interface took, by tool and parameter (projectPinecall says which the import keeps). */
  interfaceNames: Record<string, Record<string, string>>;
  /** Whether the class uses JSX (a render() of stages, or kept code with tags): a download is then `.tsx`, else `.ts`. */
  jsx: boolean;
}

/**
 * Signs of JSX in code kept as written (a closing tag, a fragment, a self-closing tag). A hint,
 * not a parse (the exporter loads no compiler): it decides only the download's extension.
 */
const JSX_SIGN = /<\/[A-Za-z]*>|<>|<[A-Za-z][\w.]*(\s[^<>]*)?\/>/;
const keptJsx = (preserved: PinecallPreserved): boolean =>
  [...(preserved.members ?? []), ...(preserved.before ?? []), ...(preserved.after ?? []), ...(preserved.renderExtras ?? [])].some((text) => JSX_SIGN.test(text));

export const PINECALL_MODULE = '@pinecall/agents';
/** Marks the interfaces the exporter declares for object parameters: the importer drops them (the tools' schemas hold them). */
export const GENERATED_INTERFACE = "/** Generated from a tool's parameter schema (Callboard). */";

/**
 * The agent as a Pinecall class (formats/pinecall.md). Deterministic: the same document always
 * gives the same text. Pure: no TypeScript compiler here (see js-lexer.ts for why).
 */
export function exportPinecallTs(input: AgentDocument): PinecallExport {
  assertWithinDepth(input);
  // The document under the names the class gives its members (member-names.ts): a tool that meets a state field is renamed, and so on.
  const doc = pinecallNamed(input);
  const preserved = preservedOf(doc);
  const name = className(doc.name);
  const stateNames = new Set(doc.state.map((f) => f.name));
  const tools = exportedTools(doc);
  const chains = toolChains(doc);
  const interfaces = interfaceNamer(new Set([name, ...PINECALL_FILE_NAMES, ...(preserved.declaredNames ?? [])]));

  const comment = (key: string) => (preserved.comments?.[key] ? indentCode(preserved.comments[key], '  ') + '\n' : '');
  // The class's own style (all fields decorated, or none); a field that needs options decorates all.
  const decorated = !preserved.undecoratedState || doc.state.some(needsStateOptions);
  // A class read without a stage field is written without one while the document keeps its one stage.
  const writesStage = doc.stages.length > 0 && !writesNoStageField(doc);
  const render = renderText(doc, preserved.renderExtras ?? [], getterNames([...(preserved.baseMembers ?? []), ...(preserved.members ?? [])]));
  const base = inheritedFrom(preserved);
  const laid: LaidMember[] = [
    ...doc.state.filter((field) => !base.declares('state', field)).map((field): LaidMember => ({ key: memberKey.state(field.name), kind: 'state', text: comment(memberKey.state(field.name)) + fieldText(field, preserved, decorated) })),
    ...(writesStage && !base.declaresStage(doc) ? [{ key: memberKey.stage, kind: 'stage' as const, text: comment(memberKey.stage) + stageFieldText(doc, preserved, decorated) }] : []),
    ...(render && !base.declaresRender(doc) ? [{ key: memberKey.render, kind: 'render' as const, text: comment(memberKey.render) + render }] : []),
    ...tools.map((tool, i) => ({ tool, i })).filter(({ tool }) => !base.declares('tools', tool)).map(({ tool, i }): LaidMember => ({
      key: memberKey.tool(tool.name), kind: 'tool',
      text: comment(memberKey.tool(tool.name)) + toolText({
        doc, tool, chain: chains[i], preserved: getOwn(preserved.tools, tool.name), stateNames,
        nameObject: interfaces.nameFor(tool.name, getOwn(preserved.tools, tool.name)?.interfaceNames),
      }),
    })),
    ...(preserved.members ?? []).map((m, i): LaidMember => ({ key: otherMemberKey(i), kind: 'member', text: indentCode(m, '  ') + '\n' })),
  ];
  const body = layMembers(laid, preserved.memberOrder);

  // A base of another file (import-files.ts) brings Agent and its own members: the file imports what its class writes.
  const baseElsewhere = preserved.extendsClass !== undefined && !(preserved.declaredNames ?? []).includes(preserved.extendsClass);
  const writes = (kind: LaidMember['kind']) => laid.some((m) => m.kind === kind);
  const used = baseElsewhere
    ? [...(decorated && (writes('state') || writes('stage')) ? ['state'] : []), ...(writes('tool') ? ['tool'] : []), ...(writes('stage') ? ['type Stages'] : [])]
    : ['Agent', ...(decorated && (doc.state.length || writesStage) ? ['state'] : []), ...(tools.length ? ['tool'] : []), ...(writesStage ? ['type Stages'] : [])];
  const head = [
    preserved.header ? preserved.header + '\n' : '',
    `${agentsImportText([...used, ...(preserved.agentsImports ?? [])], preserved)}\n`,
    ...(preserved.imports ?? []).map((i) => i + '\n'),
  ].join('');
  const blocks = [
    head,
    ...(preserved.before ?? []).map((s) => s + '\n'),
    ...interfaces.declarations(),
    (preserved.classComments ? preserved.classComments + '\n' : '') + classDocText(doc, preserved) +
      (preserved.classDecorators ?? []).map((d) => `${d}\n`).join('') +
      `${CLASS_EXPORT[preserved.classExport ?? 'default']}class ${name} extends ${preserved.extendsClass ?? 'Agent'} {\n${body}}\n`,
    ...(preserved.after ?? []).map((s) => s + '\n'),
  ];
  const fresh = blocks.join('\n');
  const { text, notes, normalised } = mergedWithKept(input, fresh);
  return {
    text,
    notes,
    normalised,
    path: `agents/${slugOf(doc.name)}/agent.tsx`,
    interfaceNames: interfaces.assigned,
    warnings: lossesOfPinecall(input),
    jsx: laid.some((m) => m.kind === 'render') || keptJsx(preserved),
  };
}

const TOO_DIFFERENT = 'it differs too much from the imported file to merge the edits into that file';

/** The exporter's text merged into the imported file, when the import kept it; else the exporter's text. */
function mergedWithKept(doc: AgentDocument, fresh: string): { text: string; notes: string[]; normalised: RewrittenLines[] } {
  const kept = keptSourceOf(doc, 'pinecall');
  if (!kept?.baseline) return { text: fresh, notes: [], normalised: [] };
  const merged = mergeIntoSource(doc.preserved!.sources!.pinecall as KeptSource, fresh);
  if (!merged) {
    return {
      text: fresh, normalised: [rewrittenWhole(kept.text, fresh, TOO_DIFFERENT)],
      notes: [`the class is written whole in Callboard's layout: ${TOO_DIFFERENT}`],
    };
  }
  return { text: merged.text, notes: merged.rewritten.map(rewrittenNote), normalised: merged.rewritten };
}

function fieldText(field: StateField, preserved: PinecallPreserved, decorated: boolean): string {
  const kept = getOwn(preserved.fields, field.name);
  const { id: _id, ...rest } = field;
  const text = stateFieldText(field, decorated);
  // Kept as written only in the style it was written in.
  if (!kept || !sameJson(kept.field, rest) || decorated === !!preserved.undecoratedState) return text;
  return text.replace(stateDeclaration(field, decorated), kept.text.replace(/\n/g, '\n  '));
}

function stageFieldText(doc: AgentDocument, preserved: PinecallPreserved, decorated: boolean): string {
  const entry = (doc.stages.find((s) => s.id === doc.entryStageId) ?? doc.stages[0]).name;
  const names = [...new Set(doc.stages.map((s) => s.name))];
  const kept = preserved.stageField;
  const same = kept && kept.entry === entry && sameJson(kept.names, names) && decorated === !preserved.undecoratedState;
  return `  ${same ? kept.text.replace(/\n/g, '\n  ') : stageDeclaration(names, entry, decorated)}\n`;
}

/** The persona's JSDoc: as the class wrote it while the persona read from it is unchanged. */
function classDocText(doc: AgentDocument, preserved: PinecallPreserved): string {
  const persona = doc.persona.replace(/\r\n?/g, '\n');
  return preserved.classDoc && preserved.classDoc.persona === persona ? `${preserved.classDoc.text}\n` : writeDocBlock(persona, '');
}

/** The `@pinecall/agents` import: as the class wrote it while that still names everything the export uses. */
function agentsImportText(names: string[], preserved: PinecallPreserved): string {
  const kept = preserved.agentsImport;
  if (kept && names.every((n) => kept.names.includes(n))) return kept.text;
  return `import { ${names.join(', ')} } from "${PINECALL_MODULE}";`;
}


/**
 * Interfaces for object parameters: named after the parameter (`Address`), or tool and parameter
 * (`BookAddress`) when that name is taken by another shape; an identical shape shares its name.
 */
function interfaceNamer(taken: Set<string>) {
  const declared = new Map<string, { key: string; shape: ObjectShape }>();
  const assigned: Record<string, Record<string, string>> = {};
  const remember = (toolName: string, param: string, name: string) => {
    if (!Object.hasOwn(getOwn(assigned, toolName) ?? {}, param)) setOwn(assigned, toolName, { ...getOwn(assigned, toolName), [param]: name });
    return name;
  };
  return {
    assigned,
    /** `kept`: the names the class gave its parameters' interfaces, tried first (PreservedTool.interfaceNames). */
    nameFor(toolName: string, kept?: Record<string, string>): NameObject {
      return (shape, param) => {
        const key = JSON.stringify(shape.members);
        const own = kept && Object.hasOwn(kept, param) ? [kept[param]] : [];
        const candidates = [...own, pascalCase(param), pascalCase(toolName) + pascalCase(param)];
        for (let n = 2; candidates.length < 40; n++) candidates.push(`${pascalCase(toolName) + pascalCase(param)}${n}`);
        for (const candidate of candidates) {
          if (declared.get(candidate)?.key === key) return remember(toolName, param, candidate);
          if (!declared.has(candidate) && !taken.has(candidate)) {
            declared.set(candidate, { key, shape });
            return remember(toolName, param, candidate);
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
