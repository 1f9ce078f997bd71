import { toolVisibleIn } from '../document';
import { uniqueName } from '../ids';
import { isPrototypeName } from '../own';
import type { AgentDocument, Tool, ToolScope } from '../types';
import { docstringOneLine } from '../docstring';
import { className, PINECALL_CLASS_MEMBERS, PINECALL_TOOL_NAME } from '../names';
import { quoteList, suggestToolName, toolLabel } from './context';
import { pinecallRefusal } from './pinecall-refusals';
import { pointer } from './pointer';
import type { Finding, LintContext } from './types';
import { RUNTIME_TRAITS } from '../runtime-homes';

const PINECALL_NAME = PINECALL_TOOL_NAME;
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Members every Pinecall class already has: `render()`, the `stage` field, `this.call`, its base class's `log`, `say`, hooks… */
export const CLASS_MEMBERS: readonly string[] = PINECALL_CLASS_MEMBERS;

/**
 * Why a Pinecall member (a tool method or a state field) may not take a name every JavaScript
 * object already answers to (Object.prototype's, `__proto__` among them), or undefined when it
 * may. The compiler accepts most of them, but the agent object is where Pinecall keeps its state
 * and finds its tools: a member `toString` or `hasOwnProperty` replaces what the runtime (and any
 * code) gets when it asks the agent for that name, and `__proto__` is no field at all in
 * JavaScript but the object's prototype. `constructor` has its own message (CLASS_MEMBERS).
 */
export function prototypeClash(name: string): string | undefined {
  if (!isPrototypeName(name) || name === 'constructor') return undefined;
  return name === '__proto__'
    ? 'in JavaScript __proto__ is the object\'s prototype, not a name a member can have'
    : `every JavaScript object already has ${name} (Object.prototype.${name}), and a member of that name on the agent replaces it for the runtime and for any code that asks the agent for it`;
}

/** Docstring and name format: what Pinecall refuses at class load, and what OpenAI refuses. */
export function checkToolNaming(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  ctx.doc.tools.forEach((tool, i) => {
    // An mcp tool's name and description never reach either runtime: Block Agent writes the
    // server's label and allowed tools, and Pinecall drops the tool (a loss).
    if (tool.kind === 'mcp') return;
    const entity = { kind: 'tool' as const, id: tool.id };
    const traits = RUNTIME_TRAITS[ctx.target];
    const docstring = traits.description === 'class-docstring';
    const described = docstring ? docstringOneLine(tool.description) : tool.description.trim();
    if (!described) {
      out.push({
        rule: 'tool-docstring', path: pointer('tools', i, 'description'), entity,
        message: docstring
          ? pinecallRefusal.docstringMissing(tool.name)
          : `tool ${tool.name}: without a description no model can choose it; write one line saying when to call it`,
      });
    }
    const pinecallOk = PINECALL_NAME.test(tool.name);
    const openaiOk = OPENAI_NAME.test(tool.name);
    const write = suggestToolName(tool.name);
    // When both rules refuse a name, the target's own rule says it once.
    // A Pipecat function is a Python function too: one word, as a Pinecall method.
    if (!pinecallOk && (traits.toolName === 'one-word' || openaiOk)) {
      out.push({
        rule: 'tool-name-pinecall', path: pointer('tools', i, 'name'), entity,
        message: `${pinecallRefusal.toolNameNotOneWord(tool.name || '""')}; write ${write}`,
      });
    }
    if (!openaiOk && (traits.toolName === 'openai' || pinecallOk)) {
      out.push({
        rule: 'tool-name-openai', path: pointer('tools', i, 'name'), entity,
        message: `OpenAI refuses the function name ${tool.name || '""'}: 1 to 64 letters, digits, _ or -; write ${write}`,
      });
    }
  });
  return out;
}

/** Whether two scopes offer their tools in a common place; decided on the lists, so it holds before stages exist. */
function scopesOverlap(a: ToolScope, b: ToolScope, doc: AgentDocument): boolean {
  const listed = (s: ToolScope) => (s.kind === 'blocks' ? s.blockIds : s.kind === 'stages' ? s.stageIds : ['*']);
  if (a.kind === 'all' || b.kind === 'all') return listed(a).length > 0 && listed(b).length > 0;
  if (a.kind === b.kind) return listed(a).some((id) => listed(b).includes(id));
  // One lists blocks, the other stages: they meet in a listed stage of a listed block.
  const blocks = a.kind === 'blocks' ? a.blockIds : listed(b);
  const stages = a.kind === 'stages' ? a.stageIds : listed(b);
  return doc.stages.some((s) => stages.includes(s.id) && blocks.includes(s.blockId));
}

/** Tool names are unique in the agent (design.md); within one stage a model could not tell them apart. */
export function checkToolDuplicates(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  const taken = ctx.doc.tools.map((t) => t.name);
  // The names taken are the same for every tool: one suggestion per name (each was a copy of all names).
  const suggested = new Map<string, string>();
  const renameFor = (name: string) => suggested.get(name) ?? suggested.set(name, uniqueName(name, taken)).get(name)!;
  // The tools before each one, by name: filtering all of them for each tool was quadratic.
  const byName = new Map<string, Tool[]>();
  ctx.doc.tools.forEach((tool, i) => {
    if (!tool.name) return;
    const named = byName.get(tool.name);
    if (!named) {
      byName.set(tool.name, [tool]);
      return;
    }
    // The ones before this tool; it joins them once it is checked.
    const earlier = named.slice();
    named.push(tool);
    const rename = renameFor(tool.name);
    const entity = { kind: 'tool' as const, id: tool.id };
    const path = pointer('tools', i, 'name');
    const clash = earlier.find((t) => scopesOverlap(t.scope, tool.scope, ctx.doc));
    if (clash) {
      const stage = ctx.doc.stages.find((s) => toolVisibleIn(clash, s) && toolVisibleIn(tool, s));
      const where = stage ? `stage "${stage.name}"` : 'the same place';
      out.push({
        rule: 'tool-name-duplicate-in-scope', path, entity,
        message: `two tools named ${tool.name} are offered together in ${where}, and a model cannot tell them apart; rename this one, e.g. ${rename}`,
      });
    } else {
      out.push({
        rule: 'tool-name-duplicate', path, entity,
        message: `tool name ${tool.name} is already taken by another tool, offered elsewhere; a Block Agent block may define its own tool of a name, but a Pinecall class has one method per name and a Pipecat flow names one function per name (a node's functions and handlers.py find it by its name alone): rename this one, e.g. ${rename}`,
      });
    }
  });
  return out;
}

/** In Pinecall a tool is a method of the class, so it cannot share a name with a field or with render(). */
export function checkToolReservedNames(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  ctx.doc.tools.forEach((tool, i) => {
    if (tool.kind === 'mcp' || !tool.name) return;
    const isField = ctx.stateNames.has(tool.name);
    const path = pointer('tools', i, 'name');
    const entity = { kind: 'tool' as const, id: tool.id };
    const rename = (base: string) => uniqueName(base, ctx.doc.tools.map((t) => t.name));
    // A name that is not one word (`__proto__`, `__lookupGetter__`) is refused by tool-name-pinecall already.
    const clash = PINECALL_NAME.test(tool.name) ? prototypeClash(tool.name) : undefined;
    if (clash && !isField) {
      out.push({ rule: 'tool-name-reserved', path, entity, message: `tool ${tool.name} cannot be a method of the class: ${clash}; rename the tool, e.g. ${rename(`${tool.name}_tool`)}` });
      return;
    }
    if (!isField && !CLASS_MEMBERS.includes(tool.name)) return;
    const what = isField ? `the state field ${tool.name}` : `the class's own ${tool.name}`;
    out.push({
      rule: 'tool-name-reserved', path, entity,
      message: `tool ${tool.name} clashes with ${what}: a class member has one name; rename the tool, e.g. ${rename(`set_${tool.name}`)}`,
    });
  });
  return out;
}

/** Scope lists must name blocks and stages that exist; Pinecall's `stage` needs a declared stage field. */
export function checkToolScopes(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  const stageNames = ctx.doc.stages.map((s) => s.name);
  ctx.doc.tools.forEach((tool, i) => out.push(...scopeFindings(ctx, tool, i, stageNames)));
  return out;
}

function scopeFindings(ctx: LintContext, tool: Tool, i: number, stageNames: string[]): Finding[] {
  const entity = { kind: 'tool' as const, id: tool.id };
  const label = toolLabel(tool, i);
  const scope = tool.scope;
  if (scope.kind === 'all') return [];
  const ids = scope.kind === 'blocks' ? scope.blockIds : scope.stageIds;
  if (ids.length === 0) {
    return [{
      rule: 'tool-scope-empty', path: pointer('tools', i, 'scope'), entity,
      message: `${label} is offered nowhere: its scope lists no ${scope.kind === 'blocks' ? 'block' : 'stage'}; add one, or offer it everywhere (scope: all)`,
    }];
  }
  if (scope.kind === 'stages' && ctx.doc.stages.length === 0) {
    return [{
      rule: 'tool-scope-stage-without-stages', path: pointer('tools', i, 'scope'), entity,
      message: pinecallRefusal.stageWithoutStageField(tool.name || `#${i + 1}`, className(ctx.doc.name)),
    }];
  }
  const out: Finding[] = [];
  ids.forEach((id, j) => {
    if (scope.kind === 'stages' && !ctx.stageById.has(id)) {
      out.push({
        rule: 'tool-scope-unknown-stage', path: pointer('tools', i, 'scope', 'stageIds', j), entity,
        message: `${label}: its stage scope names ${id}, which is not a stage of this agent; write one of ${quoteList(stageNames)}`,
      });
    }
    if (scope.kind === 'blocks' && !ctx.blockById.has(id)) {
      out.push({
        rule: 'tool-scope-unknown-block', path: pointer('tools', i, 'scope', 'blockIds', j), entity,
        message: `${label}: its block scope names ${id}, which is not a block of this agent; write one of ${quoteList(ctx.doc.blocks.map((b) => b.name))}`,
      });
    }
  });
  return out;
}
