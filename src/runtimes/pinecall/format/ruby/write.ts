// A Pinecall agent as a Ruby class (issue 36, part 4), as far as the gem's own documentation
// ("Writing an agent") describes the format: the comment above the class is the identity;
// `stage :a, :b` declares the stage field (its first value the opening one); `state :x, default,
// visibility: :pii`; `tool stage:, confirm:, preview:, pii:, timeout:, params:` on the line before
// `def name(kw:, other: nil)`, whose comment is the description; a parameter no `params:` types is a
// string; the view is `views/<slug>.erb`. No Ruby runs here (RubyGems is not reachable): nothing
// checks this against the gem, and the README says so. What the format cannot say is in losses.ts.
import type { AgentDocument, JsonSchema, StateField, Tool } from '../../../../model';
import { className, slugOf } from '../../../../model/names';
import { toolChains, exportedTools, type GuardTerm, type ToolChain } from '../../../../model/tool-chains';
import { toolStageNames, writtenPii } from '../export-members';
import { getOwn } from '../../../../model/own';
import { sameJson } from '../same-json';

const IN_CLASS = '  ';
const IN_METHOD = '    ';

/** Words Ruby reserves: no method or keyword argument may take them. */
const RESERVED = new Set(['BEGIN', 'END', 'alias', 'and', 'begin', 'break', 'case', 'class', 'def', 'defined?', 'do', 'else', 'elsif', 'end', 'ensure', 'false', 'for', 'if', 'in', 'module', 'next', 'nil', 'not', 'or', 'redo', 'rescue', 'retry', 'return', 'self', 'super', 'then', 'true', 'undef', 'unless', 'until', 'when', 'while', 'yield']);

/** A name Ruby takes as a method or a keyword argument (a local variable's name). */
export const isRubyLocalName = (name: string): boolean => /^[a-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name);

/** A symbol literal: `:greet`, or `:"two words"`. */
export const rubySymbol = (name: string): string => (/^[A-Za-z_][A-Za-z0-9_]*[?!]?$/.test(name) ? `:${name}` : `:${rubyString(name)}`);

/** A double-quoted Ruby string: JSON's escapes are Ruby's, and `#` before `{`, `$` or `@` would interpolate. */
export const rubyString = (text: string): string => JSON.stringify(text).replace(/#(?=[{$@])/g, '\\#');

/** A JSON value as a Ruby literal. */
export function rubyLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'nil';
  if (typeof value === 'string') return rubyString(value);
  if (Array.isArray(value)) return `[${value.map(rubyLiteral).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length ? `{ ${entries.map(([k, v]) => `${rubyString(k)} => ${rubyLiteral(v)}`).join(', ')} }` : '{}';
}

const symbols = (names: readonly string[]): string =>
  names.every((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) ? `%i[${names.join(' ')}]` : `[${names.map(rubySymbol).join(', ')}]`;

/** The tools a Ruby class can declare: function tools whose name and keyword arguments Ruby takes. */
export const rubyTools = (doc: AgentDocument): Tool[] => exportedTools(doc).filter((t) => isRubyLocalName(t.name));

/** The keyword arguments a method declares: the parameters whose names Ruby takes. */
export const rubyParameters = (tool: Tool): string[] => Object.keys(tool.parameters.properties ?? {}).filter(isRubyLocalName);

/** `params:` for a parameter: nothing for a bare string (the gem's default), a class for a bare type, else its schema. */
export function rubyParamType(schema: JsonSchema | undefined): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const keys = Object.keys(schema);
  if (keys.length === 1 && schema.type === 'string') return undefined;
  if (keys.length === 1 && schema.type === 'integer') return 'Integer';
  if (keys.length === 1 && schema.type === 'number') return 'Float';
  if (keys.length === 1 && schema.type === 'boolean') return 'TrueClass';
  if (keys.length === 2 && schema.type === 'array' && sameJson(schema.items, { type: 'string' })) return '[String]';
  if (keys.length === 2 && schema.type === 'object' && schema.additionalProperties === true) return 'Hash';
  return rubyLiteral(schema);
}

/** A description's lines as comments carry them: as written, trailing spaces and blank lines at the ends dropped (the gem reads the comment as it stands). */
export function rubyCommentLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd());
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines;
}

/** The comment lines of a text (`# …`, `#` for a blank line). */
const comments = (lines: readonly string[], indent: string): string => lines.map((l) => (l === '' ? `${indent}#\n` : `${indent}# ${l}\n`)).join('');

function stateLine(field: StateField): string {
  const options = [
    ...(field.default !== undefined && field.default !== null ? [rubyLiteral(field.default)] : []),
    ...(field.pii ? ['visibility: :pii'] : field.visibility === 'public' ? ['visibility: :public'] : []),
  ];
  return `${IN_CLASS}state ${rubySymbol(field.name)}${options.length ? `, ${options.join(', ')}` : ''}\n`;
}

/** A guard term in Ruby; undefined when Ruby cannot be written for it (an expression over the state). */
function termRuby(term: GuardTerm, params: ReadonlySet<string>): string | undefined {
  switch (term.kind) {
    case 'value':
      return params.has(term.param) ? `${term.param}.to_s.downcase == ${rubyString(term.expected.toLowerCase())}` : undefined;
    case 'nonEmpty':
      return params.has(term.param) ? `!${term.param}.to_s.empty?` : undefined;
    case 'expression':
      return undefined;
  }
}

/** The `if / elsif` chain of the edges a tool fires, in Ruby, and how many of its entries it could not write. */
export function chainRuby(chain: ToolChain | undefined, params: ReadonlySet<string>): { lines: string[]; dropped: number } {
  const lines: string[] = [];
  let dropped = 0;
  for (const entry of chain?.entries ?? []) {
    const terms = entry.terms.map((t) => termRuby(t, params));
    if (terms.some((t) => t === undefined)) {
      dropped++;
      continue;
    }
    const all = [...(chain!.guarded ? [`stage == ${rubySymbol(entry.from)}`] : []), ...(terms as string[])];
    const move = `self.stage = ${rubySymbol(entry.to)}`;
    if (all.length === 0) {
      lines.push(...(lines.length ? [`${IN_METHOD}else`, `${IN_METHOD}  ${move}`] : [`${IN_METHOD}${move}`]));
      break;
    }
    lines.push(`${IN_METHOD}${lines.length ? 'elsif' : 'if'} ${all.join(' && ')}`, `${IN_METHOD}  ${move}`);
  }
  if (lines.length && lines[0].startsWith(`${IN_METHOD}if `)) lines.push(`${IN_METHOD}end`);
  return { lines, dropped };
}

/** What a Ruby import kept (import.ts): the team's own members and bodies, written back as read. */
const keptRuby = (doc: AgentDocument): { members?: string[]; bodies?: Record<string, string>; whens?: Record<string, string> } =>
  (doc.preserved?.pinecallRuby ?? {}) as { members?: string[]; bodies?: Record<string, string>; whens?: Record<string, string> };

const indentedBy = (text: string, indent: string) => text.split('\n').map((l) => (l.trim() === '' ? '' : indent + l)).join('\n');

function toolText(doc: AgentDocument, tool: Tool, chain: ToolChain | undefined): string {
  const params = rubyParameters(tool);
  const required = new Set(tool.parameters.required ?? []);
  // A class of one stage declares no `stage` field, and the gem refuses `stage:` on its tools.
  const stages = rubyStageNames(doc).length > 1 ? toolStageNames(doc, tool) : undefined;
  const pii = writtenPii(tool).filter((p) => params.includes(p));
  const typed = params.flatMap((p) => { const type = rubyParamType(tool.parameters.properties?.[p]); return type === undefined ? [] : [`${p}: ${type}`]; });
  const options = [
    ...(stages ? [`stage: ${stages.length === 1 ? rubySymbol(stages[0]) : symbols(stages)}`] : []),
    ...(getOwn(keptRuby(doc).whens, tool.name) !== undefined ? [`when: ${getOwn(keptRuby(doc).whens, tool.name)}`] : []),
    ...(tool.confirm !== undefined ? [`confirm: ${rubyString(tool.confirm)}`] : []),
    ...(tool.announce !== undefined ? [`announce: ${rubyString(tool.announce)}`] : []),
    ...(tool.preview !== undefined ? [`preview: ${tool.preview}`] : []),
    ...(pii.length ? [`pii: ${symbols(pii)}`] : []),
    ...(tool.timeout !== undefined ? [`timeout: ${tool.timeout}`] : []),
    ...(typed.length ? [`params: { ${typed.join(', ')} }`] : []),
  ];
  const description = rubyCommentLines(tool.description);
  const signature = params.map((p) => (required.has(p) ? `${p}:` : `${p}: nil`)).join(', ');
  const body: string[] = [];
  if (tool.implementation !== undefined) {
    body.push(`${IN_METHOD}# The TypeScript implementation, not run here: port it to Ruby.`);
    body.push(...tool.implementation.replace(/\r\n?/g, '\n').split('\n').map((l) => `${IN_METHOD}# ${l}`.trimEnd()));
  }
  const result = tool.mock !== undefined ? rubyLiteral(tool.mock) : `{ ${params.map((p) => `${p}: ${p}`).join(', ')} }`.replace('{  }', '{}');
  // A class of one stage has no stage field to move.
  const moves = stages ? chainRuby(chain, new Set(params)).lines : [];
  body.push(`${IN_METHOD}# No Ruby implementation yet: returns ${tool.mock !== undefined ? 'its mock result' : 'its arguments'}.`);
  if (moves.length) body.push(`${IN_METHOD}result = ${result}`, `${IN_METHOD}# Where this tool moves the call: the document's edges, tried in order.`, ...moves, `${IN_METHOD}result`);
  else body.push(`${IN_METHOD}${result}`);
  const kept = Object.hasOwn(keptRuby(doc).bodies ?? {}, tool.name) ? keptRuby(doc).bodies![tool.name] : undefined;
  return `${comments(description, IN_CLASS)}${IN_CLASS}tool${options.length ? ` ${options.join(', ')}` : ''}\n`
    + `${IN_CLASS}def ${tool.name}${signature ? `(${signature})` : ''}\n${kept !== undefined ? indentedBy(kept, IN_METHOD) : body.join('\n')}\n${IN_CLASS}end\n`;
}

/** The view: one `<% if stage == :x -%>` section per stage with instructions, `{{ x }}` as `<%= x %>`. */
export function viewErb(doc: AgentDocument): string | undefined {
  const erb = (text: string) => text.replace(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g, (_m, name: string) => `<%= ${name} %>`);
  const names = rubyStageNames(doc);
  const withText = names.map((name) => doc.stages.find((s) => s.name === name)!).filter((s) => s.instructions.trim() !== '');
  if (withText.length === 0) return undefined;
  if (names.length === 1) return `${erb(withText[0].instructions.trimEnd())}\n`;
  return withText.map((s) => `<% if stage == ${rubySymbol(s.name)} -%>\n${erb(s.instructions.trimEnd())}\n<% end -%>\n`).join('');
}

export interface PinecallRubyExport {
  /** The class file. */
  text: string;
  path: string;
  files: { path: string; text: string }[];
}

/** The class's stages, the opening one first (the gem opens a call in the first value `stage` declares). */
export const rubyStageNames = (doc: AgentDocument): string[] => {
  const names = [...new Set(doc.stages.map((s) => s.name))];
  const entry = doc.stages.find((s) => s.id === doc.entryStageId)?.name;
  return entry ? [entry, ...names.filter((n) => n !== entry)] : names;
};

/** The slug the gem looks the view up under: the class's own `slug "…"` where it declares one, else the agent's. */
export function rubySlugOf(doc: AgentDocument): string {
  for (const member of keptRuby(doc).members ?? []) {
    const declared = /^slug\s*\(?\s*["']([^"'\\]+)["']\s*\)?\s*$/m.exec(member);
    if (declared) return declared[1];
  }
  return slugOf(doc.name);
}

/** The class's name: a Ruby constant (an ASCII capital first), from the agent's name. */
export function rubyClassName(agentName: string): string {
  const name = className(agentName).replace(/[^A-Za-z0-9_]/g, '').replace(/^[^A-Z]+/, '');
  // `Agent` (or nothing) would read back as the agent "Agent", whose class the name rule calls AgentAgent: one name both ways.
  return name === '' || name === 'Agent' || name === 'AgentAgent' ? 'MyAgent' : name;
}

/** The class as this writer lays it out, from the document alone (export.ts merges it into a class imported from a file). */
export function writePinecallRuby(doc: AgentDocument): PinecallRubyExport {
  const name = rubyClassName(doc.name);
  const slug = rubySlugOf(doc);
  const stages = rubyStageNames(doc);
  // Each chain in the class's stage order (the opening stage first, as `stage` declares them): its
  // branches are guarded by their stage, so the order says nothing, and the file reads back alike.
  const rank = new Map(stages.map((n, i) => [n, i]));
  const chains = new Map(toolChains(doc).map((c) => [c.tool, { ...c, entries: [...c.entries].sort((a, b) => rank.get(a.from)! - rank.get(b.from)!) }]));
  const persona = rubyCommentLines(doc.persona);
  const parts = [
    ...(stages.length > 1 ? [`${IN_CLASS}stage ${stages.map(rubySymbol).join(', ')}\n`] : []),
    ...(doc.state.length ? [doc.state.map(stateLine).join('')] : []),
    ...(keptRuby(doc).members ?? []).map((m) => `${indentedBy(m, IN_CLASS)}\n`),
    ...rubyTools(doc).map((t) => toolText(doc, t, chains.get(t.name))),
  ];
  const text = `# frozen_string_literal: true\n\nrequire "pinecall"\n\n${comments(persona, '')}class ${name} < Pinecall::Agent\n${parts.join('\n')}end\n`;
  const path = `agents/${slug}/agent.rb`;
  const view = viewErb(doc);
  return { text, path, files: [{ path, text }, ...(view !== undefined ? [{ path: `agents/${slug}/views/${slug}.erb`, text: view }] : [])] };
}
