// Block Agent's personality and stage content are Jinja (formats/block-agent.md): rendered here with
// nunjucks, a real Jinja implementation, rather than a regex (design.md, "Templates").
// Settings follow what a prompt needs: no HTML escaping (a prompt is not a page), and an undefined
// name prints nothing, as Jinja's default Undefined does.
import nunjucks from 'nunjucks';

// One environment without loaders: templates are strings, nothing is read from disk or the network.
const env = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });

export type JinjaResult = { ok: true; text: string } | { ok: false; text: string; error: string };

/** nunjucks' messages start with "(unknown path)" and span lines; the trace wants one readable line. */
function oneLine(message: string): string {
  return message
    .replace(/\(unknown path\)\s*/g, '')
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * A copy of `value` whose objects and lists print as JSON. Jinja prints a list or dict as its
 * Python repr (`[{'id': 'a'}]`), which a model reads; JavaScript would print `[object Object]`.
 * `toString` is added as a non-enumerable property, so loops, filters and `.key` work as before.
 */
function printableAsJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const json = JSON.stringify(value);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? value.map(printableAsJson)
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printableAsJson(v)]));
  Object.defineProperty(copy, 'toString', { value: () => json, enumerable: false });
  return copy;
}

/**
 * Renders `text` as Jinja over `scope`. A template error (bad syntax, a filter that throws) leaves
 * the text exactly as written, so the model still gets the author's words, and reports the error.
 */
export function renderJinja(text: string, scope: Record<string, unknown>): JinjaResult {
  // Plain text (no tag, no expression, no comment) is common and needs no parsing.
  if (!/\{[{%#]/.test(text)) return { ok: true, text };
  try {
    const printable = Object.fromEntries(Object.entries(scope).map(([k, v]) => [k, printableAsJson(v)]));
    return { ok: true, text: env.renderString(text, printable) };
  } catch (error) {
    return { ok: false, text, error: oneLine(error instanceof Error ? error.message : String(error)) };
  }
}
