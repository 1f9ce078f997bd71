// What the Pinecall class calls the document's state fields and tools. The class holds both as its
// own members, beside the members every Pinecall class already has (PINECALL_CLASS_MEMBERS: render,
// stage, this.call, log, say, the hooks…) and the names every JavaScript object answers to; Block
// Agent keeps tools and variables apart, and an intent tool `wants_refill(wants_refill)` that sets
// the variable `wants_refill` is a common shape there. Where two names meet, one is renamed, and the
// document is rewritten to the names the class uses (pinecallNamed), so every reference the
// exporter writes, and the projection of the round trip, follow one list (lossesOfPinecall names it):
// - A state field keeps its name whenever the class can hold it: templates, conditions, tool bodies
//   and the change log speak of it. It is renamed only where no class can: a member's name, an
//   Object.prototype name, a world's setting Pinecall refuses (`<name>_value`, `proto`), a config
//   field Pinecall never counts as state (`phone` → `caller_phone`). A repeated
//   field is one variable in Block Agent: the first stands for it, the others are not written.
// - A tool meeting a state field or a member is renamed `set_<name>` (`<name>_tool` for an
//   Object.prototype name), a name Pinecall refuses becomes one word, and a second tool of a taken
//   name gets `_2`. The model sees the new name beside the same description; renaming the state
//   instead would change what render(), `when` and every condition read.
// The suggested names are lint's own (lint/names.ts, lint/tools.ts), so a fix the user makes by
// hand lands on the name the export already uses.
import { uniqueName } from '../../../model/ids';
import { suggestToolName } from '../../../model/lint/context';
import { isEnvironmentField, PINECALL_CONFIG_FIELDS } from '../../../model/lint/pinecall-refusals';
import { PINECALL_CLASS_MEMBERS, PINECALL_TOOL_NAME } from '../../../model/names';
import { isPrototypeName, PROTOTYPE_NAMES } from '../../../model/own';
import type { AgentDocument, Condition, Tool } from '../../../model/types';
import { tokenize, type Token } from './js-lexer';

export interface MemberRename {
  kind: 'state' | 'tool';
  /** Where it stands in doc.state or doc.tools. */
  index: number;
  from: string;
  /** The name the class gives it; undefined: a repeated state field, not written. */
  to: string | undefined;
  /** Why, as the loss says it: "the class already has log". */
  why: string;
}

const isMember = (name: string) => PINECALL_CLASS_MEMBERS.includes(name);
const isWorldsField = (name: string) => isEnvironmentField(name) && !PINECALL_CONFIG_FIELDS.has(name);

function stateClash(name: string): string | undefined {
  if (isMember(name)) return `every Pinecall class already has ${name}`;
  if (isPrototypeName(name)) return `every JavaScript object already has ${name}`;
  if (isWorldsField(name)) return `Pinecall refuses ${name} as a call's state: it is the class's environment`;
  if (PINECALL_CONFIG_FIELDS.has(name)) return `Pinecall reads a class's ${name} as its configuration, never as state`;
  return undefined;
}

/** The name a clashing state field is written under: lint's suggestion (lint/names.ts), so a fix by hand lands on it. */
const stateRename = (name: string): string =>
  name === '__proto__' ? 'proto' : PINECALL_CONFIG_FIELDS.has(name) ? `caller_${name}` : `${name}_value`;

/** Every state field and tool the class writes under another name, in document order (state first). */
export function memberRenames(doc: AgentDocument): MemberRename[] {
  const renames: MemberRename[] = [];
  const taken = new Set<string>([...PINECALL_CLASS_MEMBERS, ...PROTOTYPE_NAMES, ...doc.state.map((f) => f.name)]);
  const fieldNames = new Map<string, string>();
  doc.state.forEach((field, index) => {
    const { name } = field;
    if (fieldNames.has(name)) {
      renames.push({ kind: 'state', index, from: name, to: undefined, why: `another state field is named ${name}, and a class field has one name` });
      return;
    }
    const why = stateClash(name);
    const to = why ? uniqueName(stateRename(name), taken) : name;
    taken.add(to);
    fieldNames.set(name, to);
    if (why) renames.push({ kind: 'state', index, from: name, to, why });
  });

  const written = new Set(fieldNames.values());
  const toolTaken = new Set<string>([...PINECALL_CLASS_MEMBERS, ...PROTOTYPE_NAMES, ...written]);
  // First the tools that keep their names, so that a renamed one never takes a later one's name.
  const keeps = doc.tools.map((tool) => {
    if (tool.kind !== 'function' || !PINECALL_TOOL_NAME.test(tool.name) || toolTaken.has(tool.name)) return false;
    toolTaken.add(tool.name);
    return true;
  });
  doc.tools.forEach((tool, index) => {
    if (tool.kind !== 'function' || keeps[index]) return;
    const { base, why } = toolBase(tool.name, written);
    const to = uniqueName(base, toolTaken);
    toolTaken.add(to);
    renames.push({ kind: 'tool', index, from: tool.name, to, why });
  });
  return renames;
}

function toolBase(name: string, stateNames: ReadonlySet<string>): { base: string; why: string } {
  const word = PINECALL_TOOL_NAME.test(name) ? name : suggestToolName(name);
  const refused = word === name ? '' : `Pinecall calls a tool by one word, not ${name || '""'}; `;
  if (stateNames.has(word)) return { base: `set_${word}`, why: `${refused}the state field ${word} keeps its name, and a class member has one name` };
  if (isMember(word)) return { base: `set_${word}`, why: `${refused}every Pinecall class already has ${word}` };
  if (isPrototypeName(word)) return { base: `${word}_tool`, why: `${refused}every JavaScript object already has ${word}` };
  return { base: word, why: refused ? refused.slice(0, -2) : `another tool is named ${name}, and a class has one method of a name` };
}

/**
 * The document as the class names it: renamed state fields and tools, and every reference to a
 * renamed field rewritten (`{{ name }}` in instructions, expression conditions, `this.name` in tool
 * bodies, `s.name` in `when`). The same document when nothing is renamed.
 */
export function pinecallNamed(doc: AgentDocument): AgentDocument {
  const renames = memberRenames(doc);
  if (renames.length === 0) return doc;
  const fields = new Map<string, string>();
  const dropped = new Set<number>();
  const tools = new Map<number, string>();
  for (const r of renames) {
    if (r.kind === 'tool') tools.set(r.index, r.to!);
    else if (r.to === undefined) dropped.add(r.index);
    else fields.set(r.from, r.to);
  }
  const rewrite = fields.size > 0;
  return {
    ...doc,
    state: doc.state.flatMap((field, i) => (dropped.has(i) ? [] : [fields.has(field.name) ? { ...field, name: fields.get(field.name)! } : field])),
    stages: rewrite ? doc.stages.map((s) => ({ ...s, instructions: renamePlaceholders(s.instructions, fields) })) : doc.stages,
    edges: rewrite ? doc.edges.map((e) => ({ ...e, conditions: e.conditions.map((c) => renamedCondition(c, fields)) })) : doc.edges,
    tools: doc.tools.map((tool, i) => renamedTool(tool, tools.get(i), rewrite ? fields : undefined)),
  };
}

function renamedCondition(condition: Condition, fields: ReadonlyMap<string, string>): Condition {
  return condition.kind === 'expression' ? { ...condition, expression: renameStateInExpression(condition.expression, fields) } : condition;
}

function renamedTool(tool: Tool, name: string | undefined, fields: ReadonlyMap<string, string> | undefined): Tool {
  if (name === undefined && fields === undefined) return tool;
  const out: Tool = { ...tool, name: name ?? tool.name };
  if (fields && tool.implementation !== undefined) out.implementation = renameThisFields(tool.implementation, fields);
  if (fields && tool.when !== undefined) out.when = renameStateInWhen(tool.when, fields);
  return out;
}

// --- Rewriting references (on tokens: a name inside a string or a comment is left alone) --------

/** `{{ old }}` → `{{ new }}`, its spacing kept: the placeholders the exporter writes as `{this.new}`. */
export function renamePlaceholders(text: string, fields: ReadonlyMap<string, string>): string {
  return text.replace(/\{\{(\s*)([A-Za-z_$][\w$]*)(\s*)\}\}/g, (whole, before: string, name: string, after: string) =>
    (fields.has(name) ? `{{${before}${fields.get(name)}${after}}}` : whole));
}

function rewriteTokens(source: string, rename: (tokens: Token[], k: number) => string | undefined): string {
  const tokens = tokenize(source).filter((t) => t.kind !== 'comment');
  let out = '';
  let at = 0;
  tokens.forEach((token, k) => {
    const to = rename(tokens, k);
    if (to === undefined) return;
    out += source.slice(at, token.start) + to;
    at = token.end;
  });
  return out + source.slice(at);
}

const isPunct = (token: Token | undefined, ...texts: string[]) => token?.kind === 'punct' && texts.includes(token.text);
const isIdent = (token: Token | undefined, text?: string) => token?.kind === 'ident' && (text === undefined || token.text === text);

/** The renamed field `tokens[k]` names as `<object>.name`, when `<object>` is `objectName`. */
function memberOf(tokens: Token[], k: number, objectName: string, fields: ReadonlyMap<string, string>): string | undefined {
  const token = tokens[k];
  if (!isIdent(token) || !fields.has(token.text) || !isPunct(tokens[k - 1], '.', '?.') || !isIdent(tokens[k - 2], objectName)) return undefined;
  // `this.x.y` is a property of x, but `obj.this.x` is not this's: the object must start its chain.
  if (isPunct(tokens[k - 3], '.', '?.')) return undefined;
  return fields.get(token.text);
}

/**
 * A tool body's `this.old` → `this.new` (the state is `this`). A call `this.log(…)` is the class's
 * own method, not the field, and stays.
 */
export function renameThisFields(body: string, fields: ReadonlyMap<string, string>): string {
  return rewriteTokens(body, (tokens, k) => (isPunct(tokens[k + 1], '(') ? undefined : memberOf(tokens, k, 'this', fields)));
}

/**
 * An expression condition over the fields (`attempts >= 3`, `this.found`): a free name of a renamed
 * field, or `this.name`, gets the new name (prefixStateNames decides what is free the same way).
 */
export function renameStateInExpression(expression: string, fields: ReadonlyMap<string, string>): string {
  return rewriteTokens(expression, (tokens, k) => {
    const token = tokens[k];
    if (!isIdent(token) || !fields.has(token.text)) return undefined;
    if (isPunct(tokens[k - 1], '.', '?.')) return memberOf(tokens, k, 'this', fields);
    if (isPunct(tokens[k + 1], ':') && isPunct(tokens[k - 1], '{', ',')) return undefined;
    return fields.get(token.text);
  });
}

/** `(s) => s.old` → `(s) => s.new`: members of the predicate's parameter (a destructured one stays as written). */
export function renameStateInWhen(source: string, fields: ReadonlyMap<string, string>): string {
  const tokens = tokenize(source).filter((t) => t.kind !== 'comment');
  const param = isIdent(tokens[0]) && isPunct(tokens[1], '=>') ? tokens[0].text
    : isPunct(tokens[0], '(') && isIdent(tokens[1]) && isPunct(tokens[2], ')', ',', ':') ? tokens[1].text : undefined;
  if (param === undefined) return source;
  return rewriteTokens(source, (all, k) => memberOf(all, k, param, fields));
}
