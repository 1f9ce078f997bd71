// The agent as a Pinecall class in Python (pinecall 0.11.24 on PyPI): `agents/<slug>/agent.py`,
// and its view `agents/<slug>/views/<slug>.jinja` beside it, where the SDK looks for it. Pure and
// deterministic, like the TypeScript export (../export.ts); what the file cannot say is
// lossesOfPinecallPython (losses.ts), computed from the same pieces.
import type { AgentDocument, StateField } from '../../../../model';
import type { Loss } from '../../../../model/loss';
import { assertWithinDepth } from '../../../../model/value-depth';
import { slugOf } from '../../../../model/names';
import { pyClassName } from './py-names';
import { toolChains } from '../../../../model/tool-chains';
import { docstringLines } from '../../../../model/docstring';
import { bodyPy } from './body';
import { pyMembers } from './members';
import { hintText, usesKind, type PyType, type TypedShape } from './py-type';
import { docstringSource, pyLiteral, pySplitLines, pyStrip } from './py-text';
import { pyPii, pyTools, pythonDocLines, typedDocOf, type PyToolEntry } from './spec';
import { signatureText, type NameOf } from './signature';
import { viewJinja } from './view';
import { pyFieldsOf, pyWhen, type PyField } from './py-expression';
import { lossesOfPinecallPython } from './losses';
import { preservedOf } from '../preserved';
import { getOwn } from '../../../../model/own';
import { bodyEntryKey, pythonPreservedOf, type PinecallPythonPreserved } from './preserved';
import type { RewrittenLines } from '../../../../formats/kept-source';

export interface PinecallPythonFile {
  /** Where the file goes: `agents/<slug>/agent.py`, `agents/<slug>/views/<slug>.jinja`. */
  path: string;
  text: string;
}

export interface PinecallPythonExport {
  /** The class file. */
  text: string;
  path: string;
  /** The class and, when a stage has instructions, its view. */
  files: PinecallPythonFile[];
  /** What the files cannot say, path by path. */
  warnings: Loss[];
  /** How the class file was written where the import kept it (kept-source.ts): merged into it, or written whole and why. */
  notes: string[];
  /** The class file's lines written in Callboard's layout, not as the imported file wrote them (the notes say each). */
  normalised: RewrittenLines[];
}

/** Kept text (dedented) at an indentation: every line that holds something. */
const indented = (text: string, indent: string): string =>
  text.split('\n').map((l) => (l.trim() === '' ? '' : `${indent}${l}`)).join('\n') + '\n';

const IN_CLASS = '    ';
const IN_METHOD = '        ';

const FIELD_TYPES: Record<StateField['type'], PyType> = {
  string: { kind: 'scalar', name: 'str' },
  number: { kind: 'scalar', name: 'float' },
  integer: { kind: 'scalar', name: 'int' },
  boolean: { kind: 'scalar', name: 'bool' },
  array: { kind: 'list', items: { kind: 'any' } },
  object: { kind: 'dict' },
};

/** The SDK names a class's slug from its name in kebab-case (`_config.slug_of`); the export's folder is slugOf(doc.name). */
export const sdkSlugOf = (name: string): string =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2').toLowerCase();

function fieldText(field: StateField, name: string): string {
  const nullable = field.default === undefined || field.default === null;
  const hint = hintText(FIELD_TYPES[field.type], () => 'dict') + (nullable ? ' | None' : '');
  const value = pyLiteral(field.default ?? null);
  const options = [field.pii ? 'pii=True' : '', field.visibility === 'public' && !field.pii ? 'visibility="public"' : ''].filter(Boolean);
  const comment = pySplitLines(field.description ?? '').map(pyStrip).filter(Boolean).map((l) => `${IN_CLASS}# ${l}\n`).join('');
  return `${comment}${IN_CLASS}${name}: ${hint} = ${options.length ? `state(${value}, ${options.join(', ')})` : value}\n`;
}

function decoratorText(entry: PyToolEntry, fields: ReadonlyMap<string, PyField>, kept: PinecallPythonPreserved): string {
  const { tool, stages } = entry;
  const options: string[] = [];
  if (stages) options.push(`stage=${stages.length === 1 ? JSON.stringify(stages[0]) : `(${stages.map((s) => JSON.stringify(s)).join(', ')})`}`);
  // A `when` the document could not hold is written back as the class wrote it.
  const when = tool.when === undefined ? getOwn(kept.whens, tool.name) : pyWhen(tool.when, fields);
  if (when) options.push(`when=${when}`);
  if (tool.confirm !== undefined) options.push(`confirm=${pyLiteral(tool.confirm)}`);
  if (tool.announce !== undefined) options.push(`announce=${pyLiteral(tool.announce)}`);
  if (tool.preview !== undefined) options.push(`preview=${tool.preview}`);
  const pii = pyPii(tool);
  if (pii.length) options.push(`pii=(${pii.map((p) => JSON.stringify(p)).join(', ')}${pii.length === 1 ? ',' : ''})`);
  if (tool.timeout !== undefined) options.push(`timeout=${tool.timeout}`);
  if (options.length === 0) return `${IN_CLASS}@tool\n`;
  const oneLine = `${IN_CLASS}@tool(${options.join(', ')})`;
  return oneLine.length <= 100 ? `${oneLine}\n` : `${IN_CLASS}@tool(\n${options.map((o) => `${IN_METHOD}${o},\n`).join('')}${IN_CLASS})\n`;
}

/** The TypedDict classes in an order Python can run: each after the classes its members name. */
function declarationOrder(types: PyType[], nameOf: NameOf): { name: string; shape: TypedShape }[] {
  const out = new Map<string, TypedShape>();
  const visit = (type: PyType): void => {
    if (type.kind === 'list') visit(type.items);
    else if (type.kind === 'union') type.members.forEach(visit);
    else if (type.kind === 'typed') {
      const name = nameOf(type.shape);
      if (out.has(name)) return;
      type.shape.members.forEach((m) => visit(m.type));
      out.set(name, type.shape);
    }
  };
  types.forEach(visit);
  return [...out].map(([name, shape]) => ({ name, shape }));
}

/** The Python export as the exporter writes it, the class file merged into its kept file by `merge` (export.ts). */
export function writePinecallPython(doc: AgentDocument, merge: KeptMerge = asWritten): PinecallPythonExport {
  assertWithinDepth(doc);
  const name = pyClassName(doc.name);
  const slug = slugOf(doc.name);
  const members = pyMembers(doc);
  const { entries, namer } = pyTools(doc, members);
  const chains = toolChains(doc);
  const view = viewJinja(doc, members.fields);

  const stageNames = [...new Set(doc.stages.map((s) => s.name))];
  const entry = (doc.stages.find((s) => s.id === doc.entryStageId) ?? doc.stages[0])?.name;
  const body: string[] = [];
  const persona = doc.language === 'python' ? pythonDocLines(doc.persona) : docstringLines(doc.persona);
  body.push(persona.length ? docstringSource(persona, IN_CLASS) : `${IN_CLASS}pass\n`);
  // The SDK's own slug is the class name in kebab-case; the folder's is the agent name's. When they differ, the class says its folder's.
  if (sdkSlugOf(name) !== slug) body.push(`\n${IN_CLASS}slug = ${JSON.stringify(slug)}\n`);
  const fields = [
    ...(stageNames.length ? [`${IN_CLASS}stage: Literal[${stageNames.map((s) => JSON.stringify(s)).join(', ')}] = ${JSON.stringify(entry)}\n`] : []),
    ...doc.state.flatMap((field, i) => (members.fieldNames[i] === undefined ? [] : [fieldText(field, members.fieldNames[i]!)])),
  ];
  if (fields.length) body.push('\n' + fields.join(''));
  const keptPy = pythonPreservedOf(doc);
  // The class's own Python beyond fields and tools (environment settings, helpers, properties), as written.
  for (const member of keptPy.members ?? []) body.push('\n' + indented(member, IN_CLASS));
  for (const tool of entries) {
    // toolChains and pyTools both follow exportedTools: the same tool at the same place.
    const chain = chains[entries.indexOf(tool)];
    const keptBody = getOwn(keptPy.bodies, tool.tool.name);
    const isAsync = keptPy.asyncTools?.includes(tool.tool.name) ? 'async ' : '';
    const returns = getOwn(keptPy.returns, tool.tool.name);
    const annotation = returns === undefined ? ' -> object' : returns === '' ? '' : ` -> ${returns}`;
    body.push(
      '\n' + decoratorText(tool, pyFieldsOf(doc, members.fields), keptPy) +
        `${IN_CLASS}${isAsync}def ${tool.name}(${signatureText(tool.params, tool.nameOf)})${annotation}:\n` +
        (docstringSource(tool.docLines, IN_METHOD) || '') +
        (keptBody !== undefined ? indented(keptBody, IN_METHOD) : bodyPy(tool, chain, pyFieldsOf(doc, members.fields))),
    );
  }

  // The TypeScript class's own members (helpers, getters), kept as comments for whoever ports them (a loss says so).
  const kept = [...(preservedOf(doc).baseMembers ?? []), ...(preservedOf(doc).members ?? [])];
  if (kept.length) {
    body.push(`\n${IN_CLASS}# Kept from the TypeScript class, not run here: port to Python.\n` +
      kept.flatMap((m) => m.replace(/\r\n?/g, '\n').split('\n')).map((l) => `${IN_CLASS}# ${l}`.trimEnd() + '\n').join(''));
  }

  const types = entries.flatMap((t) => t.params.map((p) => p.type));
  const nameOf = namer.forTool('');
  const typed = declarationOrder(types, nameOf);
  const typing = [
    ...(types.some((t) => usesKind(t, 'any')) ? ['Any'] : []),
    ...(stageNames.length || types.some((t) => usesKind(t, 'literal')) ? ['Literal'] : []),
  ];
  const pinecall = ['Agent', ...(doc.state.some((f) => f.pii || f.visibility === 'public') ? ['state'] : []), ...(entries.length ? ['tool'] : [])];
  const head = [
    `"""${name}: a Pinecall agent, written by Callboard."""\n\n`,
    typing.length ? `from typing import ${typing.join(', ')}\n\n` : '',
    typed.length ? 'from typing_extensions import NotRequired, TypedDict\n\n' : '',
    `from pinecall import ${pinecall.join(', ')}\n`,
  ].join('');
  const docOf = typedDocOf(doc);
  const classes = typed.map(({ name: typedName, shape }) => {
    // The class's docstring as the import read it (pydantic's description of its $defs entry).
    const docstring = docOf(shape, typedName);
    return `\n\nclass ${typedName}(TypedDict):\n${docstring ? `${IN_CLASS}${docstring.source}\n` : ''}${shape.members.map((m) => `${IN_CLASS}${m.name}: ${m.required ? hintText(m.type, nameOf) : `NotRequired[${hintText(m.type, nameOf)}]`}\n`).join('')}`;
  });
  const around = (kept: string[] | undefined) => (kept?.length ? `\n\n${kept.join('\n\n')}\n` : '');
  const decorators = (keptPy.classDecorators ?? []).map((d) => `${d}\n`).join('');
  // The TypedDicts go before the first kept statement that names one (`Caller = CallerInfo`, an
  // alias Python runs where it stands), else after them all.
  const before = keptPy.before ?? [];
  const namesClass = typed.length ? new RegExp(`\\b(?:${typed.map((t) => t.name).join('|')})\\b`) : undefined;
  const split = namesClass ? before.findIndex((statement) => namesClass.test(statement)) : -1;
  const at = split < 0 ? before.length : split;
  const fresh = `${head}${around(before.slice(0, at))}${classes.join('')}${around(before.slice(at))}\n\n${decorators}class ${name}(Agent):\n${body.join('')}${around(keptPy.after)}`;
  const { text, notes, normalised } = merge(doc, fresh);
  const path = `agents/${slug}/agent.py`;
  // A view the import kept whole goes back as it was while no stage has instructions of the document's own.
  const viewText = view ?? keptPy.view;
  return {
    text,
    path,
    files: [{ path, text }, ...(viewText !== undefined ? [{ path: `agents/${slug}/views/${slug}.jinja`, text: viewText }] : [])],
    warnings: lossesOfPinecallPython(doc),
    notes,
    normalised,
  };
}

/** How the class file meets the file it was imported from (export.ts merges; the import's baseline takes the exporter's text as it is). */
export type KeptMerge = (doc: AgentDocument, fresh: string) => { text: string; notes: string[]; normalised: RewrittenLines[] };

const asWritten: KeptMerge = (_doc, fresh) => ({ text: fresh, notes: [], normalised: [] });

/** The entries of a tool's chain its kept body does not write itself. */
export function entriesBeyondBody(doc: AgentDocument, toolName: string, entries: { from: string; to: string; terms: unknown[] }[]): typeof entries {
  const written = new Set(getOwn(pythonPreservedOf(doc).bodyEntries, toolName) ?? []);
  return entries.filter((e) => !written.has(bodyEntryKey(e)));
}
