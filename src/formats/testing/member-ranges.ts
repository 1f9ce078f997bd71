// Where a member of an agent file lies, in lines (1-based, inclusive): a tool, a stage's
// instructions. The real-files round-trip test (real-files.roundtrip.test.ts) checks that an edit
// of one member changes the file only inside it. Test-only; read with each format's own parser.
import ts from 'typescript';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { GENERATED_INTERFACE } from '../../runtimes/pinecall/format/export';

export interface LineRange {
  line: number;
  endLine: number;
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/**
 * A tool's method (its comments, docstring and decorator included) in a Pinecall class, and the
 * interfaces the exporter generated for its parameters' types (they are those parameters, written
 * out: the export writes them from the tool's schema and drops one no parameter needs).
 */
export function pinecallToolRanges(text: string, toolName: string): LineRange[] {
  const sf = ts.createSourceFile('agent.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: LineRange[] = [];
  const generated = new Map<string, LineRange>();
  const rangeOf = (node: ts.Node): LineRange => {
    const comments = ts.getLeadingCommentRanges(text, node.pos) ?? [];
    return { line: lineOf(text, comments[0]?.pos ?? node.getStart(sf)), endLine: lineOf(text, node.end) };
  };
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && node.getFullText(sf).includes(GENERATED_INTERFACE)) generated.set(node.name.text, rangeOf(node));
    if (ts.isMethodDeclaration(node) && node.name.getText(sf).replace(/^["']|["']$/g, '') === toolName
      && ts.getDecorators(node)?.some((d) => d.expression.getText(sf).startsWith('tool'))) {
      out.push(rangeOf(node));
      const signature = node.parameters.map((p) => p.getText(sf)).join(', ');
      // Its blank line after it, and the marker comment of the next one: removing one of two
      // interfaces that open with the same comment line may be aligned either way by a line diff.
      for (const [name, range] of generated) if (new RegExp(`\\b${name}\\b`).test(signature)) out.push({ ...range, endLine: range.endLine + 2 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** A stage's section of `render()` (`{this.stage === "x" && …}`), or the whole `render()` when it has none. */
export function pinecallStageRanges(text: string, stageName: string): LineRange[] {
  const sf = ts.createSourceFile('agent.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const sections: LineRange[] = [];
  let render: LineRange | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isMethodDeclaration(node) && node.name.getText(sf) === 'render') {
      const comments = ts.getLeadingCommentRanges(text, node.pos) ?? [];
      render = { line: lineOf(text, comments[0]?.pos ?? node.getStart(sf)), endLine: lineOf(text, node.end) };
    }
    if (ts.isJsxExpression(node) && node.expression && /^this\.stage\s*===\s*(["'])(.*)\1\s*&&/s.exec(node.expression.getText(sf))?.[2] === stageName) {
      sections.push({ line: lineOf(text, node.getStart(sf)), endLine: lineOf(text, node.end) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sections.length > 0 ? sections : render ? [render] : [];
}

function yamlItems(text: string, list: 'tools' | 'turns'): { node: Node; start: number; end: number }[] {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const blocks = isMap(doc.contents) ? doc.contents.get('blocks', true) : undefined;
  if (!isSeq(blocks)) return [];
  const out: { node: Node; start: number; end: number }[] = [];
  for (const block of blocks.items) {
    const items = isMap(block) ? block.get(list, true) : undefined;
    if (!isSeq(items)) continue;
    for (const item of items.items as Node[]) {
      if (!item.range) continue;
      // range[1] is where the value ends; a block map's last line ends before the newline there.
      out.push({ node: item, start: counter.linePos(item.range[0]).line, end: counter.linePos(Math.max(item.range[0], item.range[1] - 1)).line });
    }
  }
  return out;
}

/** Each entry of a tool of this name in the blocks' `tools` lists of a Block Agent file. */
export function blockAgentToolRanges(text: string, toolName: string): LineRange[] {
  return yamlItems(text, 'tools').filter(({ node }) => {
    const json = (node as { toJSON?: () => unknown }).toJSON?.() as { function?: { name?: unknown }; server_label?: unknown } | undefined;
    return json?.function?.name === toolName || json?.server_label === toolName;
  }).map(({ start, end }) => ({ line: start, endLine: end }));
}

/** The turn of this turn_id in a Block Agent file. */
export function blockAgentTurnRanges(text: string, turnId: string): LineRange[] {
  return yamlItems(text, 'turns').filter(({ node }) => ((node as { toJSON?: () => unknown }).toJSON?.() as { turn_id?: unknown } | undefined)?.turn_id === turnId)
    .map(({ start, end }) => ({ line: start, endLine: end }));
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * A tool's method in the class (its decorators and comments above it, its body), the TypedDicts
 * its signature names (their blank lines around them), and the `from typing import` line.
 */
export function pythonToolRanges(text: string, toolName: string): LineRange[] {
  const lines = text.split('\n');
  const out: LineRange[] = [];
  const def = lines.findIndex((l) => new RegExp(`^\\s*(async\\s+)?def\\s+${toolName}\\s*\\(`).test(l));
  if (def < 0) return out;
  const indent = indentOf(lines[def]);
  // Up over its decorators (an `@tool(` may run over several deeper lines to its `)`) and comments.
  let first = def;
  for (let i = def - 1; i >= 0 && lines[i].trim() !== ''; i--) {
    if (indentOf(lines[i]) < indent) break;
    if (indentOf(lines[i]) > indent) continue;
    if (!/^\s*(@|#|\))/.test(lines[i])) break;
    first = i;
  }
  let last = def;
  for (let i = def + 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    // A signature over several lines closes with `) -> …:` at the def's own indentation.
    if (indentOf(lines[i]) <= indent && !(indentOf(lines[i]) === indent && /^\s*\)/.test(lines[i]))) break;
    last = i;
  }
  out.push({ line: first + 1, endLine: last + 2 });
  const signature = lines.slice(def, last + 1).join('\n').split(/\)\s*(->[^:]*)?:\s*\n/)[0];
  lines.forEach((l, i) => {
    const typed = /^class\s+(\w+)\(TypedDict\):/.exec(l);
    if (typed && new RegExp(`\\b${typed[1]}\\b`).test(signature)) {
      let end = i;
      while (end + 1 < lines.length && (lines[end + 1].startsWith(' ') || lines[end + 1].trim() === '')) end++;
      out.push({ line: i - 1, endLine: end + 2 });
    }
    if (/^from typing(_extensions)? import /.test(l)) out.push({ line: i, endLine: i + 2 });
  });
  return out;
}
