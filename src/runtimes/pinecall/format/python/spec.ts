// The tool spec the Pinecall SDK for Python builds from the exported class (pinecall 0.11.24,
// `_spec.spec_of`): what the gateway, and then the model, receive. Read from the same pieces the
// export writes (signature.ts, the docstring lines), so prediction and file cannot drift apart;
// conformance/checks/c10_pinecall_sdk.py compares it with the SDK's own.
import type { AgentDocument, JsonSchema, Tool } from '../../../../model';
import { docstringLines } from '../../../../model/docstring';
import { exportedTools } from '../../../../model/tool-chains';
import { toolStageNames, writtenPii } from '../export-members';
import { pyMembers, type PyMembers } from './members';
import { pythonPreservedOf } from './preserved';
import { getOwn } from '../../../../model/own';
import { pyOneLine, pySplitLines, pyStrip } from './py-text';
import { argsSection, pyParameters, pySchema, typedNamer, writableParameter, type NameOf, type PyParameter, type TypedNamer } from './signature';
import { pyClassName, PYTHON_FILE_NAMES } from './py-names';
import type { DescribeTyped, TypedShape } from './py-type';

/** `pinecall.wire.parts.ToolSpec`, as `model_dump(exclude_none=True)` gives it. */
export interface PyToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
  side_effect: 'read' | 'irreversible';
  confirm?: string;
  announce?: string;
  pii?: string[];
  timeout_s?: number;
}

/**
 * A docstring's lines for a document read from Python: each line as written, its indentation
 * beyond the docstring's own kept (a `Returns:` section's body stays under its header, as
 * `inspect.cleandoc` read it), trailing white space and blank lines at the ends dropped. A
 * document from TypeScript keeps JSDoc's reading instead (docstringLines: `*` prefixes and `@`
 * tags are JSDoc's), which is what its runtime read.
 */
export function pythonDocLines(text: string): string[] {
  // Python's rstrip: the `x` holds the left side in place.
  const lines = pySplitLines(text).map((line) => pyStrip(`x${line}`).slice(1));
  while (lines.length && lines[0].trim() === '') lines.shift();
  while (lines.length && lines.at(-1)!.trim() === '') lines.pop();
  if (lines.length) lines[0] = pyStrip(lines[0]);
  // What cleandoc would take off every line after the first, it takes off on reading: none is written.
  const rest = lines.slice(1).filter((l) => l.trim() !== '');
  const common = rest.length ? Math.min(...rest.map((l) => l.length - l.trimStart().length)) : 0;
  return lines.map((l, i) => (i === 0 || l.trim() === '' ? pyStrip(l) : l.slice(common)));
}

/** The lines of a tool's docstring as the export writes them: the description as Callboard reads it, then `Args:`. */
export function toolDocLines(tool: Tool, params = pyParameters(tool), python = false, afterArgs?: string): string[] {
  const said = python ? pythonDocLines(tool.description) : docstringLines(tool.description);
  const args = argsSection(params);
  if (!args.length) return said;
  // Sections the class wrote after `Args:` (a `Returns:`) go after it again, while the description still ends with them.
  const after = afterArgs === undefined ? [] : pySplitLines(afterArgs);
  const head = said.slice(0, said.length - after.length);
  if (after.length && head.length < said.length && said.slice(head.length).join('\n') === after.join('\n')) {
    while (head.length && head.at(-1) === '') head.pop();
    return [...head, ...(head.length ? [''] : []), ...args, '', ...after];
  }
  return [...said, ...(said.length ? [''] : []), ...args];
}

/** The `pii` the decorator writes: the parameters the signature holds. */
export const pyPii = (tool: Tool): string[] => writtenPii(tool).filter(writableParameter);

export interface PyToolEntry {
  tool: Tool;
  /** Where it stands in doc.tools. */
  index: number;
  /** The method's name. */
  name: string;
  params: PyParameter[];
  nameOf: NameOf;
  docLines: string[];
  /** The stages `stage=` names; undefined: offered in every stage. */
  stages: string[] | undefined;
  /** The description of each TypedDict class the signature names (its docstring, kept from the import). */
  describe: DescribeTyped;
}

/**
 * A TypedDict's docstring kept from the import (preserved.ts `typedDocs`), as pydantic describes
 * its class: only for the class the file declares under the name it was read by.
 */
export function typedDocOf(doc: AgentDocument): (shape: TypedShape, name: string) => { source: string; description: string } | undefined {
  const docs = pythonPreservedOf(doc).typedDocs;
  return (shape, name) => (docs && shape.title === name ? getOwn(docs, name) : undefined);
}

/** What each exported tool becomes, and the one namer of the TypedDict classes the file declares. */
export function pyTools(doc: AgentDocument, members: PyMembers = pyMembers(doc)): { entries: PyToolEntry[]; namer: TypedNamer } {
  // A class named as a member would be replaced by it in the class body, where the hints are read.
  const namer = typedNamer(new Set([pyClassName(doc.name), ...PYTHON_FILE_NAMES, ...members.fields.values(), ...members.toolNames]));
  const docOf = typedDocOf(doc);
  const describe: DescribeTyped = (shape, name) => docOf(shape, name)?.description;
  const entries = exportedTools(doc).map((tool) => {
    const index = doc.tools.indexOf(tool);
    const name = members.toolNames[index];
    const params = pyParameters(tool);
    return { tool, index, name, params, nameOf: namer.forTool(name), docLines: toolDocLines(tool, params, doc.language === 'python', getOwn(pythonPreservedOf(doc).afterArgs, tool.name)), stages: toolStageNames(doc, tool), describe };
  });
  // Named in the class's order, as the file declares them.
  for (const entry of entries) pySchema(entry.params, entry.nameOf, entry.describe);
  return { entries, namer };
}

/** The spec of one exported tool, as the SDK builds it; undefined when the SDK refuses the tool (no docstring). */
export function pyToolSpec(entry: PyToolEntry): PyToolSpec | undefined {
  const { tool, name, params, nameOf, docLines, describe } = entry;
  const description = pyOneLine(docLines.join('\n'));
  if (description === undefined) return undefined;
  const pii = pyPii(tool);
  return {
    name,
    description,
    parameters: pySchema(params, nameOf, describe),
    side_effect: tool.confirm ? 'irreversible' : 'read',
    ...(tool.confirm !== undefined ? { confirm: tool.confirm } : {}),
    ...(tool.announce !== undefined ? { announce: tool.announce } : {}),
    ...(pii.length ? { pii } : {}),
    ...(tool.timeout !== undefined ? { timeout_s: tool.timeout } : {}),
  };
}

/** Every exported tool's spec, in the class's order (the document's). */
export const pyToolSpecs = (doc: AgentDocument): PyToolSpec[] =>
  pyTools(doc).entries.map(pyToolSpec).filter((s): s is PyToolSpec => s !== undefined);

/**
 * The message the SDK refuses the exported class with, or undefined when it accepts it. The
 * export avoids every other refusal by naming (members.ts); a tool with nothing to say cannot be
 * given a docstring, and the SDK refuses the class at its first such tool.
 */
export function pyRefusal(doc: AgentDocument): string | undefined {
  const silent = pyTools(doc).entries.find((t) => pyOneLine(t.docLines.join('\n')) === undefined);
  return silent && `tool ${silent.name}: without a docstring no model can choose it; write one: """Books the hour."""`;
}

/**
 * What the model is offered of `tools` when the document is a class in Python: the specs the SDK
 * builds (pydantic's schemas from the hints, the docstring's line as Python reads it), for the
 * simulator's StepDeps.toolSpecs. Undefined for any other document: the tools' own specs stand.
 */
export function pinecallPythonToolSpecs(doc: AgentDocument, tools: readonly Tool[]): { name: string; description: string; parameters: JsonSchema }[] | undefined {
  if (doc.language !== 'python') return undefined;
  const entries = new Map(pyTools(doc).entries.map((e) => [e.tool.id, e]));
  return tools.map((tool) => {
    const entry = entries.get(tool.id);
    const spec = entry && pyToolSpec(entry);
    return spec ? { name: spec.name, description: spec.description, parameters: spec.parameters } : { name: tool.name, description: '', parameters: tool.parameters };
  });
}
