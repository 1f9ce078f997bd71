// How A/B runs print: a line per test with both pass rates and what changed, then a summary; or a
// markdown table for a pull-request comment.
import { compareVerdict, passRateText, type CompareRow } from '../simulator/conversation-tests';
import type { AgentDocument } from '../model';

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

export function compareText(rows: CompareRow[], sides: readonly Side[], minPassRate: number, summary: boolean): string {
  if (!summary) return rows.map((r) => `${verdict(r).padEnd(10)} ${r.test}  ${sides[0].label} ${rate(r.a)}  ${sides[1].label} ${rate(r.b)}\n`).join('');
  const regressions = rows.filter((r) => r.regression);
  const fixed = rows.filter((r) => r.fixed).length;
  const head = `${rows.length} test${rows.length === 1 ? '' : 's'}, ${sides[0].label} vs ${sides[1].label}: `;
  const minimum = minPassRate < 1 ? ` (minimum pass rate ${minPassRate})` : '';
  if (regressions.length === 0) return `${head}no regressions${fixed ? `, ${fixed} fixed` : ''}${minimum}\n`;
  return `${head}${regressions.length} regression${regressions.length === 1 ? '' : 's'} (${regressions.map((r) => r.test).join(', ')})${fixed ? `, ${fixed} fixed` : ''}${minimum}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function compareMarkdown(rows: CompareRow[], sides: readonly Side[], options: { runs: number; minPassRate: number }): string {
  const regressions = rows.filter((r) => r.regression).length;
  const lines = [
    `### Conversation tests: ${cell(sides[0].label)} vs ${cell(sides[1].label)}`,
    '',
    `${rows.length} test${rows.length === 1 ? '' : 's'}, ${options.runs} run${options.runs === 1 ? '' : 's'} each; ${regressions ? `**${regressions} regression${regressions === 1 ? '' : 's'}**` : 'no regressions'}.`,
    '',
    `| Test | ${cell(sides[0].label)} | ${cell(sides[1].label)} | |`,
    '|---|---|---|---|',
    ...rows.map((r) => `| ${cell(r.test)} | ${rate(r.a)} | ${rate(r.b)} | ${r.regression ? '**regression**' : verdict(r)} |`),
  ];
  return `${lines.join('\n')}\n`;
}
