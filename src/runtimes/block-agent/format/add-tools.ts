// "Add these tools to the open agent": the tools a pasted tool list gave (importBlockAgentTools)
// join the document. A tool the agent already has, identically, is not added twice; a different
// tool under a taken name is renamed, with a sentence saying so.
import { newId, uniqueName, type AgentDocument, type Tool, type ToolScope } from '../../../model';
import { deepEqual } from './extra';
import { writeTool } from './write';

export interface AddedTools {
  doc: AgentDocument;
  added: Tool[];
  warnings: string[];
}

/** Pure: returns a new document; `scope` is where the new tools are offered (every block by default). */
export function addImportedTools(doc: AgentDocument, tools: Tool[], scope: ToolScope = { kind: 'all' }): AddedTools {
  const added: Tool[] = [];
  const warnings: string[] = [];
  const taken = doc.tools.map((t) => t.name);
  for (const tool of tools) {
    if (doc.tools.some((t) => t.name === tool.name && deepEqual(writeTool(t), writeTool(tool)))) {
      warnings.push(`${tool.name} is already in the agent, defined the same way; it is not added again`);
      continue;
    }
    const name = uniqueName(tool.name, taken);
    if (name !== tool.name) warnings.push(`the agent already has a different tool named ${tool.name}; this one is added as ${name}`);
    taken.push(name);
    added.push({ ...structuredClone(tool), id: newId(), name, scope: structuredClone(scope) });
  }
  return { doc: { ...doc, tools: [...doc.tools, ...added] }, added, warnings };
}
