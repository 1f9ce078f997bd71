// How A/B runs print: a line per test with both pass rates and what changed, then a summary; or a
// markdown table for a pull-request comment.
import { compareVerdict, passRateText, type CompareRow } from '../simulator/conversation-tests';
import type { AgentDocument } from '../model';
import { oneLineText } from '../model/visible-text';
import { codeSpan, tableCode } from './markdown';

export type { CompareRow };

export interface Side {
  /** "A.yaml", "B.yaml", or the model's name. */
  label: string;
  doc: AgentDocument;
  model?: string;
}

// The rows and their verdicts are the Tests panel's too (simulator/conversation-tests/compare.ts).
const rate = passRateText;
const verdict = compareVerdict;

/** A test's name or a side's label (a file, a model) on one line of the report. */
const name = oneLineText;

export function compareText(rows: CompareRow[], sides: readonly Side[], minPassRate: number, summary: boolean): string {
  if (!summary) return rows.map((r) => `${verdict(r).padEnd(10)} ${name(r.test)}  ${name(sides[0].label)} ${rate(r.a)}  ${name(sides[1].label)} ${rate(r.b)}\n`).join('');
  const regressions = rows.filter((r) => r.regression);
  const fixed = rows.filter((r) => r.fixed).length;
  const head = `${rows.length} test${rows.length === 1 ? '' : 's'}, ${name(sides[0].label)} vs ${name(sides[1].label)}: `;
  const minimum = minPassRate < 1 ? ` (minimum pass rate ${minPassRate})` : '';
  if (regressions.length === 0) return `${head}no regressions${fixed ? `, ${fixed} fixed` : ''}${minimum}\n`;
  return `${head}${regressions.length} regression${regressions.length === 1 ? '' : 's'} (${regressions.map((r) => name(r.test)).join(', ')})${fixed ? `, ${fixed} fixed` : ''}${minimum}\n`;
}

// Names in the Markdown are code (markdown.ts): a test named `x<!--` hides nothing of the comment.
export function compareMarkdown(rows: CompareRow[], sides: readonly Side[], options: { runs: number; minPassRate: number }): string {
  const regressions = rows.filter((r) => r.regression).length;
  const lines = [
    `### Conversation tests: ${codeSpan(sides[0].label)} vs ${codeSpan(sides[1].label)}`,
    '',
    `${rows.length} test${rows.length === 1 ? '' : 's'}, ${options.runs} run${options.runs === 1 ? '' : 's'} each; ${regressions ? `**${regressions} regression${regressions === 1 ? '' : 's'}**` : 'no regressions'}.`,
    '',
    `| Test | ${tableCode(sides[0].label)} | ${tableCode(sides[1].label)} | |`,
    '|---|---|---|---|',
    ...rows.map((r) => `| ${tableCode(r.test)} | ${rate(r.a)} | ${rate(r.b)} | ${r.regression ? '**regression**' : verdict(r)} |`),
  ];
  return `${lines.join('\n')}\n`;
}
