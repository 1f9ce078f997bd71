// One `@tool` method read as the SDK declares it (`_tools.declaring`, `_spec.arguments_model`): its
// decorator's options, its docstring, its signature as the schema pydantic builds, and its body
// (import-body.ts).
import type { SyntaxNode } from '@lezer/common';
import type { JsonSchema, Tool } from '../../../../model';
import { newId } from '../../../../model/ids';
import { setOwn } from '../../../../model/own';
import type { ToolChain } from '../../../../model/tool-chains';
import { bodyStatements, readBody, type CodeWriteRead } from './import-body';
import { jsOfPython } from './import-expression';
import { schemaOfHint, withoutNone, type HintReader } from './import-hint';
import { isDocstring, readDocstring, type Reading } from './import-reading';
import { PYTHON_AGENT_MEMBERS } from './py-names';
import type { PyType } from './py-type';
import { callArguments, children, literalOf, pyStringValue, type PyFile } from './py-tree';

/** What `@tool(…)` takes (`_tools.ToolOptions`). */
const TOOL_OPTIONS = new Set(['stage', 'when', 'confirm', 'announce', 'preview', 'pii', 'timeout']);

export interface ToolRead {
  tool: Tool;
  stages?: string[];
  chain: ToolChain;
  fromBody: boolean;
  body?: string;
  isAsync: boolean;
  /** The docstring's lines after its `Args:` section (a `Returns:`), which the export writes after it again. */
  afterArgs?: string;
  /** The return annotation as written (`dict`, `list[Slot]`), '' for none; undefined where it is the exporter's `object`. */
  returns?: string;
  keptWhen?: string;
  codeWrites?: CodeWriteRead[];
}

export interface ToolContext {
  hints: HintReader;
  stages: string[];
  fieldNames: ReadonlySet<string>;
  className: string;
}

export function readTool(r: Reading, fn: SyntaxNode, decorator: SyntaxNode, others: SyntaxNode[], ctx: ToolContext): ToolRead | undefined {
  const file = r.file;
  const name = file.of(fn.getChild('VariableName')!);
  const isAsync = !!fn.getChild('async');
  if (others.length) r.warn(others[0], `${name}: its other decorators are not read; the tool is read as @tool declares it`);
  if (PYTHON_AGENT_MEMBERS.has(name)) r.error(fn, `tool ${name}: a tool named so would hide the agent's own ${name}`);
  const tool: Tool = {
    id: newId(), kind: 'function', name, description: '', parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
    scope: { kind: 'all' }, fallback: false, pii: [],
  };
  let stages: string[] | undefined;
  let keptWhen: string | undefined;
  const call = decorator.getChild('CallExpression') ?? (decorator.getChild('ArgList') ? decorator : null);
  const args = call ? callArguments(file, call) : undefined;
  if (args?.positional.length) r.error(args.positional[0], `@tool takes its options by name: @tool(stage="book")`);
  for (const [option, { name: at, value }] of args?.named ?? []) {
    if (!TOOL_OPTIONS.has(option)) {
      r.error(at, `@tool takes no ${option}`);
      continue;
    }
    const literal = literalOf(file, value);
    const said = literal.ok ? literal.value : undefined;
    switch (option) {
      case 'stage': {
        const names = typeof said === 'string' ? [said] : Array.isArray(said) && said.every((s) => typeof s === 'string') ? (said as string[]) : undefined;
        if (!names) r.error(value, `tool ${name}: stage is a stage's name or a tuple of them: stage=("identify", "book")`);
        else if (ctx.stages.length === 0) r.error(value, `tool ${name}: stage names a value of this agent's own stage field, and ${ctx.className} declares none; add stage: Literal["identify", "book"] to the class, or ask when= instead`);
        else {
          const unknown = names.filter((n) => !ctx.stages.includes(n));
          if (unknown.length) r.error(value, `tool ${name}: ${unknown.join(', ')} is not one of this agent's stages (${ctx.stages.join(', ')})`);
          else stages = names;
        }
        break;
      }
      case 'confirm':
      case 'announce':
        if (typeof said === 'string') tool[option] = said;
        else r.error(value, `tool ${name}: ${option} is text: ${option}="…"`);
        break;
      case 'preview':
        if (Number.isInteger(said) && (said as number) >= 0) tool.preview = said as number;
        else r.error(value, `tool ${name}: preview is how many rows the model sees: preview=3`);
        break;
      case 'timeout':
        if (typeof said === 'number' && said > 0) tool.timeout = said;
        else r.error(value, `tool ${name}: timeout is seconds: timeout=10`);
        break;
      case 'pii':
        if (Array.isArray(said) && said.every((s) => typeof s === 'string')) tool.pii = said as string[];
        else r.error(value, `tool ${name}: pii names parameters: pii=("phone",)`);
        break;
      case 'when': {
        const when = readWhen(file, value, ctx.fieldNames);
        if (when) tool.when = when;
        else {
          keptWhen = file.of(value);
          r.warn(value, `tool ${name}: its when= is kept as written, but it reads more than plain comparisons of state fields, so the simulator offers the tool as if it held`);
        }
        break;
      }
    }
  }

  // The docstring, then the signature.
  const body = fn.getChild('Body')!;
  const first = children(body).find((c) => c.name !== ':' && c.name !== 'Comment');
  const doc = first && isDocstring(first) ? readDocstring(pyStringValue(file.of(first.firstChild!)) ?? '') : undefined;
  if (!doc || !doc.description.trim()) r.error(fn, `tool ${name}: without a docstring no model can choose it; write one: """Books the hour."""`);
  tool.description = doc?.description ?? '';
  const params = readParameters(r, fn, name, ctx.hints, doc?.args ?? new Map());
  if (!params) return undefined;
  tool.parameters = params;
  const paramNames = Object.keys(params.properties ?? {});
  const visible = stages ?? ctx.stages;
  const read = readBody(file, body, { tool: name, visible, stages: ctx.stages, params: paramNames, fields: ctx.fieldNames });
  r.warnings.push(...read.warnings);
  if (read.implementation !== undefined) tool.implementation = read.implementation;
  if (read.mock) tool.mock = read.mock.value;
  const python = read.python !== undefined && bodyStatements(body).length ? read.python : undefined;
  const returnType = fn.getChild('TypeDef');
  const written = returnType ? file.of(returnType).replace(/^->\s*/, '') : '';
  const returns = written === 'object' ? undefined : written;
  return { tool, stages, chain: read.chain, fromBody: read.fromBody, body: python, isAsync, returns, afterArgs: doc?.afterArgs, keptWhen, ...(read.codeWrites?.length ? { codeWrites: read.codeWrites } : {}) };
}

/** The type an unhinted parameter's default says: a bool, an int, a float or text (anything else is text too). */
function scalarOfDefault(file: PyFile, node: SyntaxNode | undefined): 'bool' | 'int' | 'float' | 'str' {
  if (node?.name === 'Boolean') return 'bool';
  const number = node?.name === 'Number' ? file.of(node) : node?.name === 'UnaryExpression' && node.lastChild?.name === 'Number' ? file.of(node.lastChild) : undefined;
  if (number !== undefined) return /^0[xob]/i.test(number) || !/[.eEjJ]/.test(number) ? 'int' : 'float';
  return 'str';
}

/** `when=lambda self: self.attempts < 5` as the document's `(s) => s.attempts < 5`. */
function readWhen(file: PyFile, value: SyntaxNode, fields: ReadonlySet<string>): string | undefined {
  if (value.name !== 'LambdaExpression') return undefined;
  const params = value.getChild('ParamList');
  const self = params ? file.of(params).trim() : '';
  if (!/^\w+$/.test(self)) return undefined;
  const bodyNode = children(value).at(-1)!;
  const js = jsOfPython(file, bodyNode, fields, self, 's.');
  return js === undefined ? undefined : `(s) => ${js}`;
}

/** The parameters' JSON Schema: each hint's type (optional with `= None`: without the None), its default, its `Args:` description. */
function readParameters(r: Reading, fn: SyntaxNode, toolName: string, hints: HintReader, described: Map<string, string[]>): JsonSchema | undefined {
  const file = r.file;
  const list = children(fn.getChild('ParamList')!).filter((c) => c.name !== '(' && c.name !== ')');
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let i = 0;
  let sawSelf = false;
  while (i < list.length) {
    const part = list[i];
    if (part.name === ',' || part.name === '*' || part.name === '/') {
      i++;
      continue;
    }
    if (part.name === '**' || (part.name === '*' && list[i + 1]?.name === 'VariableName')) {
      r.error(part, `tool ${toolName}: **kwargs and *args take arguments no schema names; declare each parameter by name`);
      return undefined;
    }
    if (part.name !== 'VariableName') {
      i++;
      continue;
    }
    const name = file.of(part);
    i++;
    let hint: SyntaxNode | undefined;
    let defaultNode: SyntaxNode | undefined;
    if (list[i]?.name === 'TypeDef') {
      hint = children(list[i]).find((c) => c.name !== ':');
      i++;
    }
    if (list[i]?.name === 'AssignOp') {
      defaultNode = list[i + 1];
      i += 2;
    }
    if (!sawSelf) {
      sawSelf = true;
      continue;
    }
    // No hint: the default's own type, else text (`_spec._type_of`: `houses=1` is an integer).
    let type: PyType = { kind: 'scalar', name: hint ? 'str' : scalarOfDefault(file, defaultNode) };
    if (hint) {
      const read = hints.read(hint, [name]);
      if (!read.ok) {
        r.error(read.node, `tool ${toolName}, parameter ${name}: ${read.message}`);
        continue;
      }
      type = read.type;
    }
    const schema: JsonSchema = {};
    if (defaultNode) {
      const literal = literalOf(file, defaultNode);
      if (!literal.ok) {
        r.error(defaultNode, `tool ${toolName}, parameter ${name}: its default is code; write a literal default (a string, number, True/False/None)`);
        continue;
      }
      // `x: str | None = None` is how Python says optional; unhinted, `x=None` is text that opens as None.
      if (literal.value === null && hint) type = withoutNone(type) ?? { kind: 'any' };
      Object.assign(schema, schemaOfHint(type), literal.value === null && hint ? {} : { default: literal.value });
    } else {
      Object.assign(schema, schemaOfHint(type));
      required.push(name);
    }
    const description = described.get(name);
    if (description?.length) schema.description = description.join('\n');
    // By own key: a parameter may be called `__proto__` in a hostile file.
    setOwn(properties, name, schema);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}
