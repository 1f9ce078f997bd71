// How `callboard diff` prints: one line a difference (text), or a pull-request comment (markdown)
// with a summary table and, per stage, what the model sees before and after as unified diffs.
import { createTwoFilesPatch } from 'diff';
import type { AgentDifference } from '../model/diff';
import { summarizeDifferences } from '../model/diff';
import type { StageModelChange } from '../formats/model-view';
import { revealInvisible } from '../model/invisible';

const MARK: Record<AgentDifference['change'], string> = { added: '+', removed: '-', renamed: '~', changed: '~' };

// Invisible characters as markers (⟨U+200B⟩): a value that differs only by one must not print as the same text twice.
const shown = (value: unknown): string => (value === undefined ? '(none)' : revealInvisible(JSON.stringify(value)));

/** git's --word-diff=plain markers: [-removed-]{+added+}, on one line. */
const wordLine = (d: AgentDifference): string =>
  d.words!.map((w) => (w.op === 'same' ? w.text : w.op === 'removed' ? `[-${w.text}-]` : `{+${w.text}+}`)).join('').replace(/\n/g, '\\n');

export function differenceLine(d: AgentDifference): string {
  if (d.change === 'added' || d.change === 'removed' || d.change === 'renamed') return `${MARK[d.change]} ${d.label}`;
  return `${MARK[d.change]} ${d.label}: ${d.words ? wordLine(d) : `${shown(d.old)} → ${shown(d.new)}`}`;
}

export function textReport(a: string, b: string, differences: readonly AgentDifference[]): string {
  if (differences.length === 0) return `${a} and ${b}: the same agent\n`;
  const n = differences.length;
  return `${a} → ${b}: ${n} difference${n === 1 ? '' : 's'}\n${differences.map(differenceLine).join('\n')}\n`;
}

const MAX_CELL = 120;
const cell = (value: unknown): string => {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const one = revealInvisible(text).replace(/\s+/g, ' ');
  // A cut cell still says what invisible characters it held past the cut (the first, as its marker).
  let shortened = one;
  if (one.length > MAX_CELL) {
    let cut = MAX_CELL - 1;
    const marker = [...one.matchAll(/⟨[^⟩]*⟩/g)].find((m) => m.index + m[0].length > cut);
    if (marker && marker.index < cut) cut = marker.index;
    shortened = `${one.slice(0, cut)}…${marker ? ` ${marker[0]}` : ''}`;
  }
  return shortened.replace(/\|/g, '\\|').replace(/`/g, "'");
};

/** A unified diff of two texts, its file header lines named after the stage. */
function unified(name: string, oldText: string, newText: string): string {
  // Revealed before diffing: a line that gained only invisible characters shows what it gained.
  const patch = createTwoFilesPatch(`${revealInvisible(name)} (before)`, `${revealInvisible(name)} (after)`, revealInvisible(oldText), revealInvisible(newText), '', '', { context: 3 });
  return patch.split('\n').filter((line) => !line.startsWith('====') && !line.startsWith('\\ No newline')).join('\n').trim();
}

/** A fence longer than any run of backticks in the text, so a tool description cannot end the block. */
const fence = (text: string): string => '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));

function stageSection(change: StageModelChange): string {
  const title = revealInvisible(change.was ? `stage ${change.was} → ${change.stage}` : `stage ${change.stage}${!change.old ? ' (added)' : !change.new ? ' (removed)' : ''}`);
  const parts: string[] = [];
  const empty = { prompt: '', tools: '[]' };
  const before = change.old ?? empty;
  const after = change.new ?? empty;
  if (before.prompt !== after.prompt) parts.push(`Prompt:\n\n${block(unified(`${change.stage} prompt`, before.prompt + '\n', after.prompt + '\n'))}`);
  if (before.tools !== after.tools) parts.push(`Tools offered:\n\n${block(unified(`${change.stage} tools`, before.tools + '\n', after.tools + '\n'))}`);
  return `<details><summary>${title}</summary>\n\n${parts.join('\n\n')}\n\n</details>`;
}

const block = (text: string): string => { const f = fence(text); return `${f}diff\n${text}\n${f}`; };

export function markdownReport(a: string, b: string, differences: readonly AgentDifference[], stages: readonly StageModelChange[]): string {
  const lines = [`### Agent changes: \`${cell(a)}\` → \`${cell(b)}\``, ''];
  if (differences.length === 0) return `${lines.join('\n')}No differences: the same agent.\n`;
  lines.push(`${differences.length} difference${differences.length === 1 ? '' : 's'}: ${summarizeDifferences(differences, 5)}`, '');
  lines.push('| What | Change | Before | After |', '|---|---|---|---|');
  for (const d of differences) lines.push(`| ${cell(d.label)} | ${d.change} | ${cell(d.old)} | ${cell(d.new)} |`);
  if (stages.length) {
    lines.push('', '#### What the model sees', '', 'Per stage: the system prompt (templates as written) and the tools offered, before and after.', '');
    for (const s of stages) lines.push(stageSection(s), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
