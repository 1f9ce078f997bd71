// The view `views/<slug>.jinja` read back into each stage's instructions: the shape view.ts
// writes, one `{% if stage == "x" %}` / `{% elif stage == "y" %}` section per stage and
// `{% endif %}` at the end, each section's text with `{{ field }}` (or `{{ field or "" }}`)
// placeholders and `{{ "{{" }}` for text that looks like Jinja. A view in any other shape is
// kept whole and written back as it was; its stages read no instructions (a warning says so).

export type ViewRead =
  | { ok: true; instructions: Map<string, string> }
  | { ok: false; why: string; line: number };

const OPEN = /^\{%-?\s*(if|elif)\s+stage\s*==\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*-?%\}$/;
const END = /^\{%-?\s*endif\s*-?%\}$/;
const LITERAL = /\{\{ "(\{[{%#])" \}\}/g;
const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*)(\s+or\s+"")?\s*\}\}/g;
const SENTINEL: Record<string, string> = { '{{': '\u0001', '{%': '\u0002', '{#': '\u0003' };

/** A section's text with its placeholders written as the document writes them; undefined at any other Jinja. */
function sectionText(lines: string[], fieldOf: (name: string) => string | undefined): string | undefined {
  // Text that looks like Jinja is written as an expression of itself: set aside first.
  const text = lines.join('\n').replace(LITERAL, (_all, open: string) => SENTINEL[open]);
  if (/\{[%#]/.test(text) || /\{\{/.test(text.replace(PLACEHOLDER, ''))) return undefined;
  let unknown = false;
  const out = text.replace(PLACEHOLDER, (_all, name: string) => {
    const field = name === 'stage' ? 'stage' : fieldOf(name);
    if (!field) unknown = true;
    return `{{${field ?? name}}}`;
  });
  if (unknown) return undefined;
  // eslint-disable-next-line no-control-regex -- the sentinels set aside above are these controls
  return out.replace(/[\u0001\u0002\u0003]/g, (ch) => Object.keys(SENTINEL).find((k) => SENTINEL[k] === ch)!);
}

/** Each stage's instructions; `fieldOf` maps a name the view uses to the document's state field. */
export function readView(view: string, stages: readonly string[], fieldOf: (name: string) => string | undefined): ViewRead {
  const lines = view.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const instructions = new Map<string, string>();
  let current: { stage: string; lines: string[]; line: number } | undefined;
  let ended = false;
  const close = (): ViewRead | undefined => {
    if (!current) return undefined;
    const text = sectionText(current.lines, fieldOf);
    if (text === undefined) return { ok: false, line: current.line, why: `the section of ${current.stage} uses Jinja beyond {{ field }} placeholders` };
    instructions.set(current.stage, text.trim());
    current = undefined;
    return undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = OPEN.exec(line.trim());
    if (open) {
      if (ended || (open[1] === 'if') !== (current === undefined && instructions.size === 0)) return { ok: false, line: i + 1, why: 'stages are not one if / elif chain' };
      const failed = close();
      if (failed) return failed;
      const stage = open[2] ?? open[3];
      if (!stages.includes(stage)) return { ok: false, line: i + 1, why: `${stage} is no stage of the class` };
      if (instructions.has(stage)) return { ok: false, line: i + 1, why: `${stage} has two sections` };
      current = { stage, lines: [], line: i + 1 };
      continue;
    }
    if (END.test(line.trim())) {
      if (!current || ended) return { ok: false, line: i + 1, why: 'an endif that closes no stage section' };
      const failed = close();
      if (failed) return failed;
      ended = true;
      continue;
    }
    if (!current) {
      if (line.trim() === '') continue;
      return { ok: false, line: i + 1, why: 'text outside the stage sections' };
    }
    current.lines.push(line);
  }
  if (current || !ended) return { ok: false, line: lines.length, why: 'the stage sections do not end with {% endif %}' };
  return { ok: true, instructions };
}
