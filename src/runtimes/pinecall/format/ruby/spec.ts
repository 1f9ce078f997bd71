// The tool specs the gem builds of a class in Ruby (pinecall/ruby `Agent::Spec.build`, read at
// 028096a6): the description as one line up to the first @tag line, the keyword arguments' schema
// with the required ones first and no other properties allowed, `irreversible` for a tool with a
// confirm sentence, then confirm, announce, pii and timeout_s only where the class gives them.
// `stage:`, `when:` and `preview:` never reach the spec: the class decides them.
import type { AgentDocument, Tool } from '../../../../model';
import type { PyToolSpec } from '../python/spec';
import { rubyOneLine } from './scan';
import { exportedTools } from '../../../../model/tool-chains';

/** The platform's wire ToolSpec, which the gem builds as the Python SDK does. */
export type RubyToolSpec = PyToolSpec;

export function rubyToolSpec(tool: Tool): RubyToolSpec {
  const properties = tool.parameters.properties ?? {};
  const required = (tool.parameters.required ?? []).filter((name) => Object.hasOwn(properties, name));
  return {
    name: tool.name,
    description: rubyOneLine(tool.description.split('\n')),
    parameters: { type: 'object', properties, required, additionalProperties: false },
    side_effect: tool.confirm ? 'irreversible' : 'read',
    ...(tool.confirm ? { confirm: tool.confirm } : {}),
    ...(tool.announce ? { announce: tool.announce } : {}),
    ...(tool.pii?.length ? { pii: tool.pii } : {}),
    ...(tool.timeout !== undefined ? { timeout_s: tool.timeout } : {}),
  };
}

/** The specs of a class in Ruby, in the class's order; undefined for a document in another language. */
export function rubyToolSpecs(doc: AgentDocument, tools: readonly Tool[] = exportedTools(doc)): RubyToolSpec[] {
  return tools.filter((t) => t.kind === 'function').map(rubyToolSpec);
}
