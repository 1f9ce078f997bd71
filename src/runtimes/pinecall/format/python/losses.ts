// What a Pinecall class in Python cannot say of the document, path by path. The class's shape
// (one block, stages moved by tools, no loops, no natural-language or outside conditions, no mcp
// tools) is the TypeScript class's, so those losses are that list's (../losses.ts); the rest are
// read from the Python export's own pieces (signature, docstrings, names, chains, view), so the
// list and the file cannot disagree.
import type { AgentDocument } from '../../../../model';
import { docstringOneLine, personaAsPinecallReads, docstringLines } from '../../../../model/docstring';
import type { Loss } from '../../../../model/loss';
import { pointer } from '../../../../model/lint/pointer';
import { toolChains } from '../../../../model/tool-chains';
import { lossesOfPinecall } from '../losses';
import { keptRubyLosses } from '../../../../formats/kept-ruby';
import { sameJson } from '../same-json';
import { writtenPii } from '../export-members';
import { chainPy } from './body';
import { pyFieldsOf, pyWhen } from './py-expression';
import { pyMembers } from './members';
import { pyOneLine } from './py-text';
import { pySchema, writableParameter } from './signature';
import { pyTools, type PyToolEntry } from './spec';
import { preservedOf } from '../preserved';
import { viewJinja, type ViewPlaceholders } from './view';

/** The TypeScript class's losses that are the class's shape, not its language: a Python class has them too. */
const SHAPE_FEATURES = new Set([
  'agent name', 'agent opens the call', 'llm settings', 'Block Agent keys', 'blocks', 'block looping', 'wait stage', 'wait token',
  'stage ref', 'block of a stage', 'loop edge', 'edge no tool fires', 'natural-language condition', 'external condition', 'mcp tool',
  'tool scope without stages', 'fallback tool', 'mcp server of a function tool',
]);

const IN_PYTHON = 'in a Pinecall class in Python';

/**
 * The parameters whose schema, as pydantic builds it from the hints, is not the document's: what
 * the loss names, and what conformance/checks/c10 accepts as declared for that tool.
 */
export function pyParameterChanges(entry: PyToolEntry): string[] {
  const sent = pySchema(entry.params, entry.nameOf, entry.describe);
  return Object.keys(sent.properties ?? {}).filter((name) => !sameJson(sent.properties![name], entry.tool.parameters.properties?.[name]));
}

/** The parameters the method cannot take at all: their names are no Python identifiers. */
export const pyDroppedParameters = (entry: PyToolEntry): string[] =>
  Object.keys(entry.tool.parameters.properties ?? {}).filter((name) => !writableParameter(name));

/** The name a kept member declares (`get caller()`, `private agenda()`, `hours = […]`), for the loss to name it. */
const memberName = (member: string): string =>
  /^(?:\s*(?:\/\/[^\n]*|\/\*[^]*?\*\/))*\s*(?:(?:public|private|protected|static|readonly|override|async|get|set)\s+)*\*?\s*([A-Za-z_$][\w$]*)/.exec(member)?.[1] ?? '…';

/** What an imported TypeScript class kept as code (preserved.ts): none of it is Python. */
function keptTypeScriptLosses(doc: AgentDocument, add: (path: string, entity: Loss['entity'], feature: string, why: string) => void): void {
  const kept = preservedOf(doc);
  const at = (key: string) => pointer('preserved', 'pinecall', key);
  const agent = { kind: 'agent' as const };
  const members = [...(kept.members ?? []), ...(kept.baseMembers ?? [])];
  if (members.length) {
    add(at(kept.members?.length ? 'members' : 'baseMembers'), agent, 'TypeScript members',
      `${members.map(memberName).join(', ')} ${members.length === 1 ? 'is' : 'are'} TypeScript, written as comments at the end of the class; a getter is derived state that when, the view and conditions read, so port them to Python`);
  }
  if (kept.renderExtras?.length || kept.classDecorators?.some((d) => /^@render\b/.test(d))) {
    add(at(kept.renderExtras?.length ? 'renderExtras' : 'classDecorators'), agent, 'view kept as code',
      'the class renders its view in TypeScript (render() beyond the stages\' sections, or @render(…)); the Jinja view has the stages\' instructions alone, as Callboard shows them where it cannot run the code');
  }
  const decorators = (kept.classDecorators ?? []).filter((d) => !/^@render\b/.test(d));
  if (decorators.length) add(at('classDecorators'), agent, 'class decorators', `${decorators.join(', ')} ${decorators.length === 1 ? 'is' : 'are'} TypeScript's; write the Python SDK's own (@llm, @voice, panel…) by hand`);
  if (kept.before?.length || kept.after?.length || kept.imports?.length) {
    add(at(kept.before?.length ? 'before' : kept.after?.length ? 'after' : 'imports'), agent, 'TypeScript module code',
      'the imports, types and helper functions around the class are TypeScript and are not written; port what the tools need beside agent.py');
  }
  if (kept.folder && Object.keys(kept.folder.files).length) {
    add(at('folder'), agent, 'helper files', `${Object.keys(kept.folder.files).join(', ')} ${Object.keys(kept.folder.files).length === 1 ? 'is' : 'are'} TypeScript beside the class and not written; port them beside agent.py`);
  }
}

export function lossesOfPinecallPython(doc: AgentDocument): Loss[] {
  const losses: Loss[] = lossesOfPinecall(doc)
    .filter((loss) => SHAPE_FEATURES.has(loss.feature))
    .map((loss) => ({ ...loss, message: loss.message.replace(/ is not expressed in Pinecall:/, ` is not expressed ${IN_PYTHON}:`) }));
  const add = (path: string, entity: Loss['entity'], feature: string, why: string) =>
    losses.push({ path, entity, feature, message: `${feature} is not expressed ${IN_PYTHON}: ${why}` });

  const members = pyMembers(doc);
  // A class read from Python is read as Python reads it: only a TypeScript class's JSDoc can read otherwise.
  if (doc.language !== 'python' && pyOneLine(docstringLines(doc.persona).join('\n')) !== (personaAsPinecallReads(doc.persona) || undefined)) {
    add(pointer('persona'), { kind: 'agent' }, 'persona as Python reads it', 'the SDK reads the class docstring up to its first section header (Args:, Returns:, Note: …) and expands tabs; write the persona as plain lines');
  }
  for (const rename of members.renames) {
    const list = rename.kind === 'state' ? 'state' : 'tools';
    const entity = rename.kind === 'state' ? { kind: 'state' as const, id: doc.state[rename.index].id } : { kind: 'tool' as const, id: doc.tools[rename.index].id };
    add(pointer(list, rename.index, 'name'), entity, `${rename.kind === 'state' ? 'state field' : 'tool'} name`,
      `${rename.why}, so the class names it ${rename.to}; rename it to ${rename.to} here to keep one name`);
  }
  doc.state.forEach((field, i) => {
    if (members.fieldNames[i] === undefined) {
      add(pointer('state', i), { kind: 'state', id: field.id }, 'repeated state field', `the first ${field.name} stands for this one too; delete this one or rename it`);
    }
  });

  keptTypeScriptLosses(doc, add);
  keptRubyLosses(doc, add);

  const seen: ViewPlaceholders = { fields: [], unknown: [] };
  viewJinja(doc, members.fields, seen);
  const stringFields = new Set(doc.state.filter((f) => f.type === 'string').map((f) => f.name));
  for (const name of new Set(seen.unknown)) {
    add(pointer('stages'), { kind: 'agent' }, 'placeholder of no state field', `{{ ${name} }} names no state field: Callboard fills it with nothing and Jinja refuses it, so the view leaves it out`);
  }
  doc.stages.forEach((stage, i) => {
    const text = stage.instructions.replace(/\r\n?/g, '\n').trim();
    if (/[^\S\n]\n|\n{3,}/.test(text)) {
      add(pointer('stages', i, 'instructions'), { kind: 'stage', id: stage.id }, 'view whitespace',
        'the SDK takes the spaces off the end of every line of the view and cuts a run of blank lines to one, where Callboard sends them; take them out here');
    }
  });
  for (const name of new Set(seen.fields.filter((n) => !stringFields.has(n)))) {
    add(pointer('stages'), { kind: 'agent' }, 'placeholder of a value that is not text', `Jinja prints {{ ${name} }} as Python writes it (True, None, ['a']), where Callboard writes JSON (true, null, ["a"]); format it in the view if the model must read JSON`);
  }

  const chains = toolChains(doc);
  const { entries } = pyTools(doc, members);
  entries.forEach((entry, k) => {
    const { tool, index: i } = entry;
    const at = (...rest: (string | number)[]) => pointer('tools', i, ...rest);
    const entity = { kind: 'tool' as const, id: tool.id };
    const read = pyOneLine(entry.docLines.join('\n'));
    if (read !== undefined && read !== docstringOneLine(tool.description)) {
      add(at('description'), entity, 'description as Python reads it', `the SDK reads "${read}": a line that is a section header (Args:, Returns:, Note: …) ends the docstring and tabs become spaces; reword that line`);
    }
    const dropped = pyDroppedParameters(entry);
    if (dropped.length) {
      add(at('parameters'), entity, 'parameter that is no Python identifier', `${dropped.join(', ')} cannot be a parameter of the method, so the tool does not take it; rename it to an identifier`);
    }
    const changed = pyParameterChanges(entry);
    const { properties: _sent, $defs: _defs, ...sentAround } = pySchema(entry.params, entry.nameOf, entry.describe);
    const { properties: _own, ...ownAround } = tool.parameters;
    if (changed.length || !sameJson(sentAround, ownAround)) {
      add(at('parameters'), entity, 'parameter schema as pydantic builds it',
        `the SDK builds the schema from the type hints with pydantic, and the model receives ${changed.length ? changed.join(', ') : 'the parameters\' object (always closed, its required list always written)'} otherwise than the document says (an optional parameter is anyOf with null and a default, an object a $defs class, a number enum its type; formats, bounds, patterns and nested descriptions are dropped); say those in the tool's description`);
    }
    if (writtenPii(tool).filter(writableParameter).length !== tool.pii.length) {
      add(at('pii'), entity, 'pii of a parameter the signature lacks', `pii names a parameter the method cannot take (${tool.pii.filter((p) => !writableParameter(p) || !writtenPii(tool).includes(p)).join(', ')}), so the entry is not written`);
    }
    if (tool.when !== undefined && pyWhen(tool.when, pyFieldsOf(doc, members.fields)) === undefined) {
      add(at('when'), entity, 'when predicate', `${tool.when} is TypeScript beyond comparisons and logic over state fields, so the class offers ${entry.name} whenever its stage does; write it as when=lambda self: … by hand`);
    }
    if (tool.implementation !== undefined) {
      add(at('implementation'), entity, 'TypeScript implementation',
        `the body is kept as comments and the method returns its ${tool.mock !== undefined ? 'mock result' : 'arguments'}: the writes and the result of the TypeScript body do not happen until it is ported; Callboard cannot run Python, so it keeps simulating the TypeScript`);
    }
    const moves = chainPy(chains[k], new Set(entry.params.map((p) => p.name)), pyFieldsOf(doc, members.fields));
    for (const dropped of moves.dropped) {
      const e = dropped.edge ? doc.edges.indexOf(dropped.edge) : -1;
      add(e >= 0 ? pointer('edges', e) : at(), e >= 0 ? { kind: 'edge', id: doc.edges[e].id } : entity, 'edge Python cannot guard',
        `its condition is JavaScript beyond comparisons and logic over state fields (or names a parameter the method lacks), so ${entry.name} does not move the call from ${dropped.from} to ${dropped.to}; write the condition in Python by hand`);
    }
  });
  return losses;
}
