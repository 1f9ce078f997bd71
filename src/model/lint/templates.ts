import { classGetterNames } from '../class-getters';
import { parameterNames } from '../json-schema';
import { closest, quoteList } from './context';
import { pointer } from './pointer';
import type { Finding, LintContext, ProblemEntity } from './types';

/** Names Jinja itself provides inside an expression; they never name a variable of the agent. */
const JINJA_GLOBALS = new Set(['loop', 'range', 'true', 'false', 'none', 'True', 'False', 'None', 'namespace', 'dict', 'cycler', 'joiner', 'lipsum', 'super', 'self', 'varargs', 'kwargs', 'caller']);

/** Variables a template declares for itself: `{% set x = … %}`, `{% for a, b in … %}`, `{% macro m(…) %}`. */
function locallyDeclared(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/\{%-?\s*(?:set|for|macro)\s+([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)/g)) {
    for (const name of m[1].split(',')) names.add(name.trim());
  }
  return names;
}

/**
 * The variable each `{{ … }}` reads: the first identifier of the expression, so `{{ a.b }}` and
 * `{{ name | title }}` read a and name. `{{secret:NAME}}` is a secret reference, not a variable;
 * literals (`{{ "x" }}`) read nothing.
 */
export function placeholderNames(text: string): string[] {
  const names: string[] = [];
  // indexOf, not /\{\{([\s\S]*?)\}\}/g: the regex rescans the rest of the text from every `{{`
  // that has no `}}` after it, and 400 KB of `{{` took 15 s; this is one pass.
  for (let open = text.indexOf('{{'); open >= 0; ) {
    const close = text.indexOf('}}', open + 2);
    if (close < 0) break;
    const inner = text.slice(open + 2, close).replace(/^[-+]/, '').trim();
    open = text.indexOf('{{', close + 2);
    if (inner.startsWith('secret:')) continue;
    const first = /^[A-Za-z_]\w*/.exec(inner)?.[0];
    if (first && !JINJA_GLOBALS.has(first)) names.push(first);
  }
  return names;
}

/**
 * Persona, stage instructions and looping messages may say `{{ name }}`: a state field (Pinecall
 * writes `{this.name}`) or a parameter some tool captures (Block Agent's persistent variables).
 * A name only one of them provides is reported for the runtime that lacks it.
 */
export function checkTemplates(ctx: LintContext): Finding[] {
  const { doc } = ctx;
  const captured = new Set(doc.tools.flatMap((t) => (t.kind === 'function' ? parameterNames(t.parameters) : [])));
  // A Pinecall class's getters are derived state: Pinecall renders {this.petLabel} as it renders a field (issue 33).
  const getters = new Set(classGetterNames(doc));
  const provided = new Set([...ctx.stateNames, ...captured, ...getters]);
  const out: Finding[] = [];
  const check = (text: string, path: string, entity: ProblemEntity) => {
    const local = locallyDeclared(text);
    const seen = new Set<string>();
    for (const name of placeholderNames(text)) {
      if (local.has(name) || seen.has(name)) continue;
      seen.add(name);
      if (!provided.has(name)) {
        out.push({
          rule: 'template-unknown-name', path, entity,
          message: `{{ ${name} }} names nothing: no state field, getter or tool parameter is called ${name}; write one of ${quoteList([...provided].sort())}, or add a state field ${name}${closest(name, provided)}`,
        });
        continue;
      }
      if (!ctx.stateNames.has(name) && !getters.has(name)) {
        out.push({
          rule: 'template-name-not-state', path, entity,
          message: `{{ ${name} }} is a tool parameter, not a state field, and Pinecall renders {this.${name}} from the state; add a state field ${name} and set it in the tool (this.${name} = ${name})`,
        });
      }
      if (!captured.has(name)) {
        out.push({
          rule: 'template-name-not-captured', path, entity,
          message: `{{ ${name} }} is a state field no tool captures, so Block Agent renders it empty; capture it as a tool parameter named ${name}, or say it without the placeholder`,
        });
      }
    }
  };
  check(doc.persona, pointer('persona'), { kind: 'agent' });
  doc.stages.forEach((stage, i) => check(stage.instructions, pointer('stages', i, 'instructions'), { kind: 'stage', id: stage.id }));
  doc.blocks.forEach((block, i) => block.looping?.messages.forEach((message, j) =>
    check(message, pointer('blocks', i, 'looping', 'messages', j), { kind: 'block', id: block.id })));
  return out;
}
