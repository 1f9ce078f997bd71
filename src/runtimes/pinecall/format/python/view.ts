// The view: `views/<slug>.jinja` beside the class, which the SDK reads when the class names no
// `view_template` (pinecall 0.11.24 `_view.beside`: `<class file's folder>/views/<slug>.jinja`,
// rendered with the state's fields as names, StrictUndefined, trim_blocks and lstrip_blocks). Each
// stage's instructions under `{% if stage == "…" %}`; a `{{ name }}` of a state field stays a
// placeholder (the SDK fills it); any other `{{`, `{%` or `{#` is written as text. The SDK tidies
// the rendered view (`_view.tidy`: each line's trailing spaces off, blank-line runs cut to one).
import type { AgentDocument } from '../../../../model';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Text as Jinja prints it back: its `{{`, `{%` and `{#` written as expressions of themselves. */
const jinjaText = (text: string): string => text.replace(/\{[{%#]/g, (open) => `{{ "${open}" }}`);

export interface ViewPlaceholders {
  /** Placeholders of state fields (by the name the class gives the field). */
  fields: string[];
  /** Placeholders that name nothing the state holds: dropped, as Callboard fills them with nothing. */
  unknown: string[];
}

/**
 * A stage's instructions as Jinja; `fields` maps a document field name to the class's. A field in
 * `orEmpty` (text that opens as None) is written `{{ name or "" }}`: Jinja prints None as "None",
 * Callboard an unset value as nothing, and `or ""` leaves every string as it is.
 */
export function instructionsJinja(instructions: string, fields: ReadonlyMap<string, string>, seen: ViewPlaceholders, orEmpty: ReadonlySet<string> = new Set()): string {
  let out = '';
  let at = 0;
  for (const m of instructions.matchAll(PLACEHOLDER)) {
    out += jinjaText(instructions.slice(at, m.index));
    const name = fields.get(m[1]) ?? (m[1] === 'stage' ? 'stage' : undefined);
    if (name) {
      out += orEmpty.has(m[1]) ? `{{ ${name} or "" }}` : `{{ ${name} }}`;
      seen.fields.push(m[1]);
    } else seen.unknown.push(m[1]);
    at = m.index + m[0].length;
  }
  return out + jinjaText(instructions.slice(at));
}

/** The view file, or undefined when no stage has instructions. */
export function viewJinja(doc: AgentDocument, fields: ReadonlyMap<string, string>, seen: ViewPlaceholders = { fields: [], unknown: [] }): string | undefined {
  const sections = doc.stages.filter((s) => s.instructions.trim() !== '');
  if (sections.length === 0) return undefined;
  const lines: string[] = [];
  const orEmpty = new Set(doc.state.filter((f) => f.type === 'string' && (f.default === undefined || f.default === null)).map((f) => f.name));
  sections.forEach((stage, i) => {
    lines.push(`{% ${i === 0 ? 'if' : 'elif'} stage == ${JSON.stringify(stage.name)} %}`);
    lines.push(instructionsJinja(stage.instructions.replace(/\r\n?/g, '\n').trim(), fields, seen, orEmpty));
  });
  lines.push('{% endif %}');
  return lines.join('\n') + '\n';
}
