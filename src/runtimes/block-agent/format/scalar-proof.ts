// What a YAML reader makes of one scalar as the yaml package wrote it, for the forms that can be
// read exactly without a parser: a plain or quoted scalar on one line, and a `|` / `>` block
// without an indentation indicator, keep chomping or lines that start with white space. Anything
// else is "unsure" (undefined), and the renderer then re-reads the whole file with the library as
// before. Reading each scalar here is what lets the renderer skip that re-read, which cost about
// 40 times the rest of the export on a large agent (render.ts says why that is equivalent).

/** The YAML 1.2 core schema's non-string plain scalars (the yaml package's own tests, from the spec). */
const CORE_NOT_STRING = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];
/** The first characters of CORE_NOT_STRING's forms: a text starting otherwise is never one of them. */
const CORE_MAY_START = new Set('~nNtTfF0123456789-+.');
const INT = /^[-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
/** Characters whose reading this file does not model: control characters, \r, NEL, BOM, line and paragraph separators. */
function hasUnmodelled(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f || c === 0x85 || c === 0x2028 || c === 0x2029 || c === 0xfeff) return true;
  }
  return false;
}
/** A first character that is an indicator, white space, or starts a number, `...` or `---`. */
const RISKY_START = /^[\s\-?:,[\]{}#&*!|>'"%@`.]/;

/** A one-line plain scalar that reads as exactly `text` in any block place, and in a flow list or map when `inFlow`. */
function plainReadsAs(out: string, text: string, inFlow: boolean): boolean {
  if (out !== text || out === '' || out.includes('\t') || hasUnmodelled(out) || RISKY_START.test(out) || /\s$/.test(out)) return false;
  if (out.includes(': ') || out.endsWith(':') || out.includes(' #')) return false;
  if (inFlow && /[,[\]{}:#]/.test(out)) return false;
  // Every non-string form starts with one of these characters (or is empty, which is ruled out above).
  return !CORE_MAY_START.has(out[0]) || !CORE_NOT_STRING.some((re) => re.test(out));
}

/** The text of a one-line quoted scalar, or undefined when it is not one this file reads. */
function quotedText(out: string): string | undefined {
  if (hasUnmodelled(out) || out.length < 2) return undefined;
  if (out.startsWith("'") && out.endsWith("'")) {
    const inner = out.slice(1, -1);
    return inner.replace(/''/g, '').includes("'") ? undefined : inner.replace(/''/g, "'");
  }
  if (out.startsWith('"') && out.endsWith('"')) {
    // Every JSON escape is a YAML escape with the same meaning, so a string JSON reads, YAML reads alike.
    try {
      const read: unknown = JSON.parse(out);
      return typeof read === 'string' ? read : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The text of a `|` / `|-` / `>` / `>-` block whose content lines are indented by `indent`, or
 * undefined when the block has a form this file does not read (see the top of the file).
 */
export function blockText(out: string, indent: string): string | undefined {
  const [header, ...lines] = out.split('\n');
  const head = /^([|>])(-?)$/.exec(header);
  if (!head || indent === '' || lines.length === 0 || lines[lines.length - 1] === '') return undefined;
  const content: string[] = [];
  for (const line of lines) {
    if (line === '') {
      content.push('');
      continue;
    }
    const rest = line.slice(indent.length);
    if (!line.startsWith(indent) || rest === '' || /^[ \t]|[ \t]$/.test(rest) || hasUnmodelled(rest)) return undefined;
    content.push(rest);
  }
  const end = head[2] === '-' ? '' : '\n';
  if (head[1] === '|') return content.join('\n') + end;
  // Folded: a line break between two lines reads as a space, each empty line between them as a line break.
  let text = '';
  let breaks = 0;
  let started = false;
  for (const line of content) {
    if (line === '') {
      breaks++;
      continue;
    }
    text += started ? (breaks === 0 ? ' ' : '\n'.repeat(breaks)) : '\n'.repeat(breaks);
    text += line;
    breaks = 0;
    started = true;
  }
  return text + end;
}

/** What the yaml package wrote for one scalar, and where. */
export interface WrittenScalar {
  value: unknown;
  out: string;
  /** The indentation of the scalar's continuation lines (a block's content). */
  indent: string;
  inFlow: boolean;
  implicitKey: boolean;
}

/** Whether `written.out` reads back as exactly `written.value`; false also when unsure. */
export function readsBackExactly({ value, out, indent, inFlow, implicitKey }: WrittenScalar): boolean {
  if (typeof value === 'string') {
    if (!out.includes('\n')) return plainReadsAs(out, value, inFlow) || quotedText(out) === value;
    return !implicitKey && !inFlow && blockText(out, indent) === value;
  }
  if (typeof value === 'number') return (INT.test(out) || FLOAT.test(out)) && Number(out) === value;
  if (typeof value === 'boolean') return out === String(value);
  if (value === null) return out === 'null' || out === '' || out === '~';
  return false;
}
