import type { AgentDocument, Stage, StateField, Tool } from '../../../model';
import { toolVisibleIn } from '../../../model/document';
import { writeDocBlock, writeDocstring } from './doc-comments';
import type { ChainEntry, GuardTerm, ToolChain } from '../../../model/tool-chains';
import { indentCode, needsParentheses, prefixStateNames, tokenize } from './js-lexer';
import { jsLiteral } from './js-literal';
import { uniqueName } from '../../../model/ids';
import { isBindable, propertyKey } from '../../../model/names';
import { writesNoStageField, type PreservedTool } from './preserved';
import { sameJson } from './same-json';
import { paramText, type NameObject } from './type-shapes';
import { signatureShapes, stageUnion, stateMember } from './class-types';

const IN_CLASS = '  ';
const IN_METHOD = '    ';

// --- State --------------------------------------------------------------------------------------

function stateDecorator(field: StateField): string {
  const options = [field.pii ? 'pii: true' : '', field.visibility === 'public' ? 'visibility: "public"' : ''].filter(Boolean);
  return options.length ? `@state({ ${options.join(', ')} })` : '@state';
}

/** A field Pinecall can only be told about with `@state({...})`: pii, or public. */
export const needsStateOptions = (field: StateField): boolean => field.pii || field.visibility === 'public';

/**
 * `@state({ pii: true }) name: string = "";` without its JSDoc; no default is written `name?: T`.
 * `decorated: false` is the style of a class with no `@state` at all, where every field is state.
 */
export function stateDeclaration(field: StateField, decorated = true): string {
  const initializer = field.default === undefined ? '' : ` = ${jsLiteral(field.default)}`;
  return `${decorated ? `${stateDecorator(field)} ` : ''}${stateMember(field)}${initializer};`;
}

/** The stage field as the exporter writes it (without indentation): `@state stage: Stages<"a" | "b"> = "a";`. */
export function stageDeclaration(names: readonly string[], entry: string | undefined, decorated = true): string {
  const union = stageUnion(names.map((name) => ({ name })));
  return `${decorated ? '@state ' : ''}stage: Stages<${union}>${entry === undefined ? '' : ` = ${JSON.stringify(entry)}`};`;
}

export const stateFieldText = (field: StateField, decorated = true): string =>
  `${writeDocBlock(field.description ?? '', IN_CLASS)}${IN_CLASS}${stateDeclaration(field, decorated)}\n`;

// --- render() -----------------------------------------------------------------------------------

/**
 * JSX text cannot hold these; a line break or a tab would be folded to a space, and text of
 * spaces alone may be dropped: such text is written as a string expression instead.
 */
const JSX_TEXT = /^(?=[^]*\S)[^{}<>&\t\r\n\u2028\u2029]*$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g;

/** A stage's instructions as the children of its `<p>`: `{{ name }}` of a state field becomes `{this.name}`. */
export function instructionChildren(instructions: string, stateNames: ReadonlySet<string>): string {
  const text = (part: string) => (part === '' ? '' : JSX_TEXT.test(part) ? part : `{${JSON.stringify(part)}}`);
  let out = '';
  let at = 0;
  for (const m of instructions.matchAll(PLACEHOLDER)) {
    if (!stateNames.has(m[1])) continue;
    out += `${text(instructions.slice(at, m.index))}{this.${m[1]}}`;
    at = m.index + m[0].length;
  }
  return out + text(instructions.slice(at));
}

/** The getters among a class's kept members: derived state, which `{{ name }}` may name like a field (model/class-getters.ts). */
export { getterNames } from '../../../model/class-getters';

export function renderText(doc: AgentDocument, extras: string[], getters: readonly string[] = []): string {
  // `{{ caller }}` of a getter is `{this.caller}` as of a field: the simulator fills both.
  const stateNames = new Set([...doc.state.map((f) => f.name), ...getters]);
  // A class without a stage field writes its one stage's instructions as plain paragraphs, one per blank-line-separated part.
  const sections = writesNoStageField(doc)
    ? doc.stages[0].instructions.split(/\n\n/).filter((part) => part !== '').map((part) => `        <p>${instructionChildren(part, stateNames)}</p>`)
    : doc.stages
      .filter((s) => s.instructions !== '')
      .map((s) => `        {this.stage === ${JSON.stringify(s.name)} && <p>${instructionChildren(s.instructions, stateNames)}</p>}`);
  const children = [...sections, ...extras.map((e) => indentCode(e, '        '))];
  if (children.length === 0) return '';
  return `${IN_CLASS}render() {\n${IN_METHOD}return (\n      <>\n${children.join('\n')}\n      </>\n${IN_METHOD});\n${IN_CLASS}}\n`;
}

// --- Tools --------------------------------------------------------------------------------------

/** A `when` ending in a `// comment` would comment out what follows it: the line must break after it. */
const endsInLineComment = (source: string): boolean => {
  const last = tokenize(source).at(-1);
  return last?.kind === 'comment' && last.text.startsWith('//');
};

/** The stage names a tool is offered in, or undefined for "everywhere" (no `stage` option). */
export function toolStageNames(doc: AgentDocument, tool: Tool): string[] | undefined {
  // A class without a stage field refuses `stage` (formats/pinecall.md), so there every tool is offered always (a loss).
  if (tool.scope.kind === 'all' || doc.stages.length === 0 || writesNoStageField(doc)) return undefined;
  if (tool.scope.kind === 'blocks') return doc.stages.filter((s) => toolVisibleIn(tool, s)).map((s) => s.name);
  const byId = new Map(doc.stages.map((s) => [s.id, s]));
  return [...new Set(tool.scope.stageIds)].map((id) => byId.get(id)).filter((s): s is Stage => !!s).map((s) => s.name);
}

export function toolOptions(doc: AgentDocument, tool: Tool): string {
  const stages = toolStageNames(doc, tool);
  const options: string[] = [];
  if (stages) options.push(`stage: ${stages.length === 1 ? JSON.stringify(stages[0]) : `[${stages.map((s) => JSON.stringify(s)).join(', ')}]`}`);
  if (tool.when !== undefined) options.push(`when: ${endsInLineComment(tool.when) ? `${tool.when}\n${IN_METHOD}` : tool.when}`);
  if (tool.confirm !== undefined) options.push(`confirm: ${JSON.stringify(tool.confirm)}`);
  if (tool.announce !== undefined) options.push(`announce: ${JSON.stringify(tool.announce)}`);
  if (tool.preview !== undefined) options.push(`preview: ${tool.preview}`);
  const pii = writtenPii(tool);
  if (pii.length > 0) options.push(`pii: [${pii.map((p) => JSON.stringify(p)).join(', ')}]`);
  if (tool.timeout !== undefined) options.push(`timeout: ${tool.timeout}`);
  if (options.length === 0) return '@tool()';
  const oneLine = `@tool({ ${options.join(', ')} })`;
  if (oneLine.length <= 100 && !oneLine.includes('\n')) return oneLine;
  return `@tool({\n${options.map((o) => `${IN_METHOD}${o},`).join('\n')}\n${IN_CLASS}})`;
}

/**
 * The `pii` entries a class can hold: Pinecall refuses one that names no parameter of the method,
 * and a parameter whose name cannot be bound is not in the signature (a loss lossesFor names).
 */
export const writtenPii = (tool: Tool): string[] =>
  tool.pii.filter((name) => isBindable(name) && Object.prototype.hasOwnProperty.call(tool.parameters.properties ?? {}, name));

/** The marker comments of a tool without implementation: the importer reads such a body back as "no implementation". */
export const NO_IMPLEMENTATION = {
  mock: '// No implementation yet: returns its mock result.',
  args: '// No implementation yet: returns its arguments.',
};

/** The arguments object a tool without implementation or mock returns: `{ day, visit }`. */
export function argumentsObject(tool: Tool): string {
  const names = signatureShapes(tool).map((p) => p.name);
  return names.length ? `{ ${names.join(', ')} }` : '{}';
}

export function bodyOf(tool: Tool): string {
  if (tool.implementation !== undefined) return tool.implementation.replace(/\r\n?/g, '\n');
  if (tool.mock !== undefined) return `${NO_IMPLEMENTATION.mock}\nreturn ${jsLiteral(tool.mock)};`;
  return `${NO_IMPLEMENTATION.args}\nreturn ${argumentsObject(tool)};`;
}

function termText(term: GuardTerm, stateNames: ReadonlySet<string>, toString: string): string {
  switch (term.kind) {
    case 'value':
      return `${toString}(${term.param}).toLowerCase() === ${JSON.stringify(term.expected)}`;
    case 'nonEmpty':
      return `${toString}(${term.param} ?? "") !== ""`;
    case 'expression': {
      const code = prefixStateNames(term.expression, stateNames);
      return needsParentheses(term.expression) ? `(${code})` : code;
    }
  }
}

/**
 * The `if / else if` chain of the edges a tool fires (edge-chains.ts describes the shape). In a
 * tool with a parameter named `String`, that parameter is what `String` means: the guards call
 * `globalThis.String` instead.
 */
export function chainText(chain: ToolChain, stateNames: ReadonlySet<string>, params: readonly string[] = []): string {
  const withStage = new Set([...stateNames, 'stage']);
  const toString = params.includes('String') ? 'globalThis.String' : 'String';
  const lines = chain.entries.map((entry: ChainEntry, i) => {
    const terms = [...(chain.guarded ? [`this.stage === ${JSON.stringify(entry.from)}`] : []), ...entry.terms.map((t) => termText(t, withStage, toString))];
    const move = `this.stage = ${JSON.stringify(entry.to)};${entry.stateEdge ? ' // state edge' : ''}`;
    const keyword = i === 0 ? '' : 'else ';
    return terms.length ? `${keyword}if (${terms.join(' && ')}) ${move}` : `${keyword}${move}`;
  });
  return lines.map((l) => IN_METHOD + l).join('\n');
}

export interface ToolTextInput {
  doc: AgentDocument;
  tool: Tool;
  chain: ToolChain | undefined;
  preserved: PreservedTool | undefined;
  nameObject: NameObject;
  stateNames: ReadonlySet<string>;
}

/**
 * The parameter list after an edit of the schema, with each parameter the edit left as it was
 * written as the class wrote it, and a destructured one (no schema entry) kept in its place:
 * adding or removing one parameter must not rewrite the others (issue 33: `vehicle: Vehicle` came
 * back as a generated interface). Undefined when the written list cannot be read part by part.
 */
function keptParamsText(kept: PreservedTool['params'], tool: Tool, nameObject: NameObject): string | undefined {
  const parts = kept ? topLevelParts(kept.text) : undefined;
  if (!kept || !parts) return undefined;
  const before = new Map(signatureShapes({ parameters: kept.parameters }).map((p) => [p.name, p]));
  const named = parts.map((part) => ({ part, name: /^(?:\.\.\.)?([\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$_]*)/u.exec(part)?.[1] }));
  if (named.some((p) => p.name !== undefined && !before.has(p.name))) return undefined;
  const written = new Map(named.filter((p) => p.name !== undefined).map((p) => [p.name!, p.part]));
  const now = signatureShapes(tool);
  const out = now.map((p) => {
    const was = before.get(p.name);
    return was && sameJson(was, p) && written.has(p.name) ? written.get(p.name)! : paramText(p, nameObject);
  });
  // A destructured parameter goes back after the parameters that stood before it and are still there.
  const still = new Set(now.map((p) => p.name));
  let inserted = 0;
  named.forEach((p, i) => {
    if (p.name !== undefined) return;
    const at = named.slice(0, i).filter((q) => q.name !== undefined && still.has(q.name)).length + inserted;
    out.splice(at, 0, p.part);
    inserted++;
  });
  return out.join(', ');
}

/** A parameter list cut at its top-level commas (brackets, braces, parentheses and type arguments nest). */
function topLevelParts(text: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (const token of tokenize(text)) {
    if (token.kind !== 'punct') continue;
    if ('([{<'.includes(token.text)) depth++;
    else if (')]}'.includes(token.text)) depth--;
    else if (/^>+$/.test(token.text)) depth -= token.text.length;
    else if (token.text === ',' && depth === 0) {
      parts.push(text.slice(from, token.start).trim());
      from = token.end;
    }
    if (depth < 0) return undefined;
  }
  const last = text.slice(from).trim();
  if (last !== '') parts.push(last);
  return depth === 0 ? parts : undefined;
}

export function toolText({ doc, tool, chain, preserved, nameObject, stateNames }: ToolTextInput): string {
  const docstring = preserved?.docstring && preserved.docstring.description === tool.description
    ? indentCode(preserved.docstring.text, IN_CLASS) + '\n'
    : writeDocstring(tool.description, IN_CLASS);
  const params = preserved?.params && sameJson(preserved.params.parameters, tool.parameters)
    ? preserved.params.text
    : keptParamsText(preserved?.params, tool, nameObject) ?? signatureShapes(tool).map((p) => paramText(p, nameObject)).join(', ');
  // The exporter's own chain (the document's edges after the body) awaits the body, so it needs an
  // async method; a method written without `async` stays so while nothing asks for the chain.
  const chained = !!chain && chain.entries.length > 0;
  const sync = preserved?.sync === true && !chained;
  const returns = !preserved?.returnType ? '' : preserved.sync && !sync ? `: Promise<${preserved.returnType}>` : `: ${preserved.returnType}`;
  const name = propertyKey(tool.name);
  const body = bodyOf(tool);
  let inner: string;
  if (chained) {
    // A parameter named `result` would be declared twice in the method: the body's value takes another name.
    const paramNames = Object.keys(tool.parameters.properties ?? {});
    const result = uniqueName('result', paramNames);
    inner = [
      `${IN_METHOD}const ${result} = await (async () => {`,
      indentCode(body, IN_METHOD + '  '),
      `${IN_METHOD}})();`,
      `${IN_METHOD}// Where this tool moves the call: the document's edges, tried in order once the body ran.`,
      chainText(chain, stateNames, paramNames),
      `${IN_METHOD}return ${result};`,
    ].join('\n');
  } else {
    inner = indentCode(body, IN_METHOD);
  }
  return `${docstring}${IN_CLASS}${toolOptions(doc, tool)}\n${IN_CLASS}${sync ? '' : 'async '}${name}(${params})${returns} {\n${inner}\n${IN_CLASS}}\n`;
}
