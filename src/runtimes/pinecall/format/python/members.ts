// What the Python class calls the document's state fields and tools. The SDK refuses a field or a
// tool named as something `Agent` has (`_state.fields_of`, `_tools.declared_tools`), an
// environment setting annotated as state (`_config.refuse_the_environment`), and Python refuses a
// keyword; a field starting with `_` is no state at all, and a tool meeting a field would replace
// it. Such a member is written under another name, and the loss list says which.
import type { AgentDocument } from '../../../../model';
import { uniqueName } from '../../../../model/ids';
import { PINECALL_TOOL_NAME } from '../../../../model/names';
import { isPythonIdentifier, PYTHON_AGENT_MEMBERS, PYTHON_ENVIRONMENT, PYTHON_FILE_NAMES } from './py-names';

export interface PyRename {
  kind: 'state' | 'tool';
  index: number;
  from: string;
  to: string;
  why: string;
}

export interface PyMembers {
  /** Document field name → the class's (first field of a repeated name wins). */
  fields: Map<string, string>;
  /** The class's name of each state field, by index; undefined: a repeated name, not written. */
  fieldNames: (string | undefined)[];
  /** The class's name of each tool, by index. */
  toolNames: string[];
  renames: PyRename[];
}

function clash(name: string, stages: boolean): string | undefined {
  if (!isPythonIdentifier(name)) return `${JSON.stringify(name)} is no Python identifier`;
  if (name.startsWith('_')) return 'a name starting with _ is no state field in Python';
  if (PYTHON_ENVIRONMENT.has(name)) return `the SDK reads ${name} as the class's environment, never as state`;
  if (PYTHON_AGENT_MEMBERS.has(name)) return `every pinecall.Agent already has ${name}`;
  // Without stages too: the SDK reads a field named stage as the stage, and refuses it unless it is a Literal.
  if (name === 'stage') return stages ? 'the stage field is the class\'s own' : 'the SDK reads a field named stage as the stage field, whose values a Literal must name';
  // The class body reads these names after the field: a field of one would replace the decorator or the type.
  if (PYTHON_FILE_NAMES.has(name)) return `the class's own code uses ${name} (an import or a type)`;
  return undefined;
}

const sanitized = (name: string): string => {
  const word = name.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^[_0-9]+/, '');
  return word || 'field';
};

export function pyMembers(doc: AgentDocument): PyMembers {
  const stages = doc.stages.length > 0;
  const renames: PyRename[] = [];
  const fields = new Map<string, string>();
  const taken: string[] = [...PYTHON_AGENT_MEMBERS, ...PYTHON_ENVIRONMENT, ...PYTHON_FILE_NAMES, 'stage'];
  const fieldNames = doc.state.map((field, index) => {
    if (fields.has(field.name)) return undefined;
    const why = clash(field.name, stages);
    const to = why ? uniqueName(`${sanitized(field.name)}_value`, taken) : field.name;
    if (why) renames.push({ kind: 'state', index, from: field.name, to, why });
    taken.push(to);
    fields.set(field.name, to);
    return to;
  });
  const toolNames = doc.tools.map((tool, index) => {
    const own = PINECALL_TOOL_NAME.test(tool.name) ? clash(tool.name, stages) : `${JSON.stringify(tool.name)} is not one word a model can call`;
    const why = own ?? (taken.includes(tool.name) ? `the class already has ${tool.name}` : undefined);
    const to = why ? uniqueName(`${sanitized(tool.name)}_tool`, taken) : tool.name;
    if (why) renames.push({ kind: 'tool', index, from: tool.name, to, why });
    taken.push(to);
    return to;
  });
  return { fields, fieldNames, toolNames, renames };
}
