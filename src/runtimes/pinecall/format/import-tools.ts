import ts from 'typescript';
import type { Tool } from '../../../model';
import { newId } from '../../../model/ids';
import { pascalCase } from '../../../model/names';
import { pinecallRefusal } from '../../../model/lint/pinecall-refusals';
import { docstringLines } from '../../../model/docstring';
import { foldDocstring, writeDocstringLines } from './doc-comments';
import type { ToolChain } from '../../../model/tool-chains';
import { argumentsObject, NO_IMPLEMENTATION } from './export-members';
import { readChain, type ChainScope } from './import-chain';
import { parametersSchema, readParameter, untypedDefault, type TypeDeclarations } from './import-signature';
import { blockInner, findDecorator, readJsLiteral, splitComments, withIndent, type ImportContext } from './import-util';
import type { PreservedTool } from './preserved';
import type { TypeBudget } from './type-budget';
import { paramText } from './type-shapes';
import { signatureShapes } from './class-types';

const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export interface ToolRead {
  tool: Tool;
  /** Stage names of the `stage` option (undefined: offered everywhere). */
  stages?: string[];
  chain?: ToolChain;
  preserved: PreservedTool;
  /** Comments above the method other than its docstring. */
  comments: string;
}

export interface ClassFacts {
  className: string;
  /** The stage field's values; undefined when the class declares none. */
  stageNames?: string[];
  declarations: TypeDeclarations;
  /** Generated interfaces (marked as such), which a parameter may name. */
  generated: ReadonlySet<string>;
  /** Bounds the expansion of the parameters' types, all tools together; import.ts reports what passes them. */
  typeBudget?: TypeBudget;
  /** A base the class extends that could not be read (`ClinicaNorte, imported from "./clinica-norte"`): its stage field may be the one a tool names. */
  unreadBase?: string;
}

/** A `@tool` method: docstring, name, options, signature, body and the edges it fires. */
export function readTool(ctx: ImportContext, method: ts.MethodDeclaration, facts: ClassFacts): ToolRead | undefined {
  const decorator = findDecorator(method, 'tool');
  if (!decorator) return undefined;
  const sf = ctx.sf;
  const name = ts.isIdentifier(method.name) || ts.isStringLiteral(method.name) ? method.name.text : method.name.getText(sf);
  if (!TOOL_NAME.test(name)) ctx.error(method.name, pinecallRefusal.toolNameNotOneWord(name));
  const { jsDoc, others } = splitComments(sf, method);
  const description = jsDoc ? foldDocstring(jsDoc.text) : '';
  if (!description) ctx.error(method.name, pinecallRefusal.docstringMissing(name));

  const read = method.parameters.map((p) => readParameter(p, facts.declarations, facts.typeBudget)).filter((p) => p !== undefined);
  for (const param of method.parameters) {
    // Pinecall types a parameter by its annotation only: `page = 1` is an open object on the wire.
    const suggested = param.type ? undefined : untypedDefault(param.initializer);
    if (suggested && ts.isIdentifier(param.name)) {
      const written = param.name.text;
      ctx.warn(param, `tool ${name}: parameter ${written} has no type, so Pinecall offers it as an open object and its argument check refuses a ${suggested}; write \`${written}: ${suggested} = ${param.initializer!.getText(sf)}\``);
    }
  }
  const parameters = parametersSchema(read);
  // The scope is set by the importer, which knows the stages' ids.
  const tool: Tool = { id: newId(), kind: 'function', name, description, parameters, scope: { kind: 'all' }, fallback: false, pii: [] };
  const stages = readOptions(ctx, tool, decorator.args[0], facts, read.map((p) => p.name));

  const preserved: PreservedTool = {};
  if (jsDoc && description) {
    // Kept unless it is laid out as the exporter lays out its own lines (then the description says it all).
    const text = withIndent(sf, jsDoc.pos, jsDoc.end);
    if (writeDocstringLines(docstringLines(jsDoc.text), '') !== `${text}\n`) preserved.docstring = { text, description };
  }
  const written = method.parameters.map((p) => p.getText(sf)).join(', ');
  const references = new Map(read.map((p) => [p.name, p.reference]));
  const generated = signatureShapes({ parameters }).map((p) => paramText(p, (_shape, param) => {
    const ref = references.get(param);
    return ref && facts.generated.has(ref) ? ref : undefined;
  })).join(', ');
  if (written !== generated) preserved.params = { text: written, parameters };
  // An interface named other than by its parameter alone depends on the other tools: kept, so it stays.
  for (const [param, ref] of references) {
    if (ref && facts.generated.has(ref) && ref !== pascalCase(param)) preserved.interfaceNames = { ...preserved.interfaceNames, [param]: ref };
  }
  if (method.type) preserved.returnType = method.type.getText(sf);
  if (!method.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) preserved.sync = true;

  const scope = { tool: name, visible: stages ?? facts.stageNames ?? [], stages: facts.stageNames ?? [], params: read.map((p) => p.name) };
  const body = method.body ? readBody(ctx, method.body, tool, scope) : { implementation: '' };
  Object.assign(tool, body.implementation === undefined ? {} : { implementation: body.implementation }, body.mock === undefined ? {} : { mock: body.mock });
  return { tool, stages, chain: body.chain, preserved, comments: others };
}

/** The options object of `@tool({...})`; returns the `stage` names when given. */
function readOptions(ctx: ImportContext, tool: Tool, options: ts.Expression | undefined, facts: ClassFacts, params: string[]): string[] | undefined {
  if (!options) return undefined;
  if (!ts.isObjectLiteralExpression(options)) {
    ctx.warn(options, `tool ${tool.name}: the options are not an object literal, so none of them is read`);
    return undefined;
  }
  let stages: string[] | undefined;
  for (const p of options.properties) {
    const key = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
    if (!ts.isPropertyAssignment(p) || key === undefined) {
      ctx.warn(p, `tool ${tool.name}: this option is not read; write it as key: value`);
      continue;
    }
    const value = p.initializer;
    const strings = () => (ts.isStringLiteral(value) ? [value] : ts.isArrayLiteralExpression(value) && value.elements.every(ts.isStringLiteral) ? (value.elements as ts.NodeArray<ts.StringLiteral>) : undefined);
    const unread = () => ctx.warn(value, `tool ${tool.name}: ${key} is not a literal, so it is not read`);
    switch (key) {
      case 'stage': {
        const list = strings();
        if (!list) { unread(); break; }
        if (!facts.stageNames && facts.unreadBase) ctx.error(p, `tool ${tool.name}: stage names a value of a stage field ${facts.className} does not declare; it may be the stage field of ${facts.unreadBase}, which Callboard did not read: import the agent with its folder (the CLI reads the file's folder on disk; the app reads a dropped folder or a .zip of it)`);
        else if (!facts.stageNames) ctx.error(p, pinecallRefusal.stageWithoutStageField(tool.name, facts.className));
        else list.filter((s) => !facts.stageNames!.includes(s.text)).forEach((s) => ctx.error(s, pinecallRefusal.stageUnknown(tool.name, s.text, facts.stageNames!)));
        stages = [...new Set(list.map((s) => s.text))];
        break;
      }
      case 'when': {
        // As written, with the comments before it and after it on its line (the exporter breaks the line after a `//` one).
        const trailing = ts.getTrailingCommentRanges(ctx.sf.text, value.end) ?? [];
        tool.when = ctx.sf.text.slice(value.pos, trailing.at(-1)?.end ?? value.end).trimStart();
        break;
      }
      case 'confirm':
      case 'announce':
        if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) tool[key] = value.text;
        else unread();
        break;
      case 'preview':
      case 'timeout':
        if (ts.isNumericLiteral(value)) tool[key] = Number(value.text);
        else unread();
        break;
      case 'pii': {
        const list = strings();
        if (!list) { unread(); break; }
        tool.pii = list.map((s) => s.text);
        const unknown = list.filter((s) => !params.includes(s.text));
        if (unknown.length) ctx.error(unknown[0], pinecallRefusal.piiUnknown(tool.name, unknown.map((s) => s.text)));
        break;
      }
      default:
        ctx.warn(p, `tool ${tool.name}: Pinecall has no option ${key}; it is not read`);
    }
  }
  return stages;
}

interface BodyRead {
  implementation?: string;
  mock?: unknown;
  chain?: ToolChain;
}

/** The body as the implementation; the exporter's edge shape and "no implementation" shape read back. */
function readBody(ctx: ImportContext, block: ts.Block, tool: Tool, scope: ChainScope): BodyRead {
  const wrapped = readChain(ctx, block, scope);
  const code = blockInner(ctx.sf, wrapped?.inner ?? block);
  return { ...noImplementation(code, tool), ...(wrapped ? { chain: wrapped.chain } : {}) };
}

function noImplementation(code: string, tool: Tool): BodyRead {
  if (code === `${NO_IMPLEMENTATION.args}\nreturn ${argumentsObject(tool)};`) return {};
  const mock = code.startsWith(`${NO_IMPLEMENTATION.mock}\nreturn `) && code.endsWith(';') ? code.slice(NO_IMPLEMENTATION.mock.length + 8, -1) : undefined;
  // Not the exporter's value any more (readJsLiteral says undefined): the body is code.
  const value = mock === undefined ? undefined : readJsLiteral(mock);
  if (value) return { mock: value.value };
  return { implementation: code };
}
