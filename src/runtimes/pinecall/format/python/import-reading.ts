// What reading a Python class file shares: the problems it finds, each at its line and column, the
// text of a statement as written, and docstrings as the SDK reads them (`inspect.cleandoc`, then
// the description up to the first section and `Args:` for the parameters: `_doc.py`).
import type { SyntaxNode } from '@lezer/common';
import type { SourceProblem } from '../import-util';
import { expandTabs, PY_SECTION, pySplitLines } from './py-text';
import type { PyFile } from './py-tree';

export class Reading {
  readonly errors: SourceProblem[] = [];
  readonly warnings: SourceProblem[] = [];
  constructor(readonly file: PyFile) {}
  error(at: SyntaxNode | number, message: string): void {
    this.errors.push(this.file.at(at, message));
  }
  warn(at: SyntaxNode | number, message: string): void {
    this.warnings.push(this.file.at(at, message));
  }
  /** A statement as written, from the start of its line (so its comments and decorators come with it). */
  written(from: number, to: number): string {
    const start = this.file.text.lastIndexOf('\n', from - 1) + 1;
    const lines = this.file.text.slice(start, to).split('\n');
    const indent = /^[ \t]*/.exec(lines[0])![0].length;
    return lines.map((l) => (l.slice(0, indent).trim() === '' ? l.slice(indent) : l)).join('\n');
  }
}

export const isDocstring = (node: SyntaxNode | undefined): boolean =>
  node?.name === 'ExpressionStatement' && ['String', 'ContinuedString'].includes(node.firstChild?.name ?? '');

/** `inspect.cleandoc`'s lines. */
export function cleandocLines(doc: string): string[] {
  // Tabs count as Python counts them for the margin; the text keeps them as written.
  const lines = pySplitLines(doc).map((l) => expandTabs(/^[ \t]*/.exec(l)![0]) + l.replace(/^[ \t]*/, ''));
  const indents = lines.slice(1).filter((l) => l.trimStart() !== '').map((l) => l.length - l.replace(/^ +/, '').length);
  const margin = indents.length ? Math.min(...indents) : 0;
  const out = lines.map((l, i) => (i === 0 ? l.replace(/^ +/, '') : l.slice(margin)).replace(/\s+$/, ''));
  while (out.length && !out[0].trim()) out.shift();
  while (out.length && !out.at(-1)!.trim()) out.pop();
  return out;
}

export const ARGS_SECTIONS = ['Args', 'Arguments', 'Parameters', 'Params'];

/**
 * A docstring's description (its lines but the `Args:` section's) and what `Args:` says of each
 * parameter, line by line; `afterArgs`: the description's lines that follow the `Args:` section
 * (a `Returns:` written after it), so the export writes `Args:` back where it stood.
 */
export function readDocstring(doc: string): { description: string; args: Map<string, string[]>; afterArgs?: string } {
  const lines = cleandocLines(doc);
  const said: string[] = [];
  let argsEnd: number | undefined;
  const args = new Map<string, string[]>();
  let section: string | undefined;
  let indent: number | undefined;
  let current: string | undefined;
  for (const line of lines) {
    if (PY_SECTION.test(line)) {
      section = line.split(':')[0];
      indent = undefined;
      current = undefined;
      // Only `Args:` is the parameters' (their descriptions); any other section stays in the description as written.
      if (!ARGS_SECTIONS.includes(section)) said.push(line);
      else argsEnd ??= said.length;
      continue;
    }
    if (section === undefined || !ARGS_SECTIONS.includes(section)) {
      said.push(line);
      continue;
    }
    const entry = /^(\s+)(\w+)(?:\s*\([^)]*\))?:\s*(.*)$/.exec(line);
    if (entry && (indent === undefined || indent === entry[1].length)) {
      indent = entry[1].length;
      current = entry[2];
      args.set(current, [entry[3].trim()].filter(Boolean));
    } else if (current !== undefined && line.trim()) args.get(current)!.push(line.trim());
  }
  while (said.length && !said.at(-1)!.trim()) said.pop();
  const after = argsEnd === undefined ? [] : said.slice(argsEnd);
  while (after.length && !after[0].trim()) after.shift();
  return { description: said.join('\n'), args, ...(after.length ? { afterArgs: after.join('\n') } : {}) };
}

