// The argument check a class in Ruby gets (pinecall/ruby `Tools.run`, read at e3295b8d): the gem
// refuses an argument the tool never asked for, in its words, then calls the method with the
// arguments as keywords, so Ruby itself refuses a missing required keyword (ArgumentError's own
// message). Nothing checks a value's type: the method gets the JSON value as the model sent it.
import type { Tool } from '../../../model';

export function checkRubyArguments(tool: Tool, args: Record<string, unknown>): string | undefined {
  const declared = Object.keys(tool.parameters.properties ?? {});
  const unknown = Object.keys(args).filter((name) => !declared.includes(name));
  if (unknown.length) return `${tool.name}: it takes no ${unknown.join(', ')}`;
  const missing = (tool.parameters.required ?? []).filter((name) => declared.includes(name) && !Object.hasOwn(args, name));
  if (missing.length) return `missing keyword${missing.length > 1 ? 's' : ''}: ${missing.map((name) => `:${name}`).join(', ')}`;
  return undefined;
}
