// How `callboard diff` prints: one line a difference (text), or a pull-request comment (markdown)
// with a summary table and, per stage, what the model sees before and after as unified diffs.
import { createTwoFilesPatch } from 'diff';
import type { AgentDifference } from '../model/diff';
import { summarizeDifferences } from '../model/diff';
import type { StageModelChange } from '../formats/model-view';
import { oneLineText } from '../model/visible-text';
import { revealInvisible } from '../model/invisible';
import { codeSpan, htmlCode, longestBacktickRun, tableCode } from './markdown';

const MARK: Record<AgentDifference['change'], string> = { added: '+', removed: '-', renamed: '~', changed: '~' };

/**
 * A value as JSON, on one line (JSON leaves C1 controls and bidirectional marks as they are: they
 * are escaped too), its invisible characters as markers (⟨U+200B⟩): a value that differs only by
 * one must not print as the same text twice.
 */
const shown = (value: unknown): string => (value === undefined ? '(none)' : oneLineText(revealInvisible(JSON.stringify(value))));

/**
 * git's --word-diff=plain markers: [-removed-]{+added+}, on one line: a line break, a carriage
 * return or an escape sequence in the text shows as `\n`, `\r`, `\x1b` (it could otherwise start a
 * line of its own or erase the one above).
 */
const wordLine = (d: AgentDifference): string =>
  oneLineText(d.words!.map((w) => (w.op === 'same' ? w.text : w.op === 'removed' ? `[-${w.text}-]` : `{+${w.text}+}`)).join(''));

/** One difference a line; its label holds names from the files, so it is kept to one line too. */
export function differenceLine(d: AgentDifference): string {
  const label = oneLineText(d.label);
  if (d.change === 'added' || d.change === 'removed' || d.change === 'renamed') return `${MARK[d.change]} ${label}`;
  return `${MARK[d.change]} ${label}: ${d.words ? wordLine(d) : `${shown(d.old)} → ${shown(d.new)}`}`;
}

/**
 * A changed text (a description, instructions) under its word diff, old and new whole: the word
 * diff says what changed, the whole texts are what a reviewer reads to judge it. One line each.
 */
function wholeTexts(d: AgentDifference): string[] {
  if (!d.words || d.change !== 'changed') return [];
  return [`    old: ${oneLineText(revealInvisible(String(d.old)))}`, `    new: ${oneLineText(revealInvisible(String(d.new)))}`];
}

/** Said where `hidden` differences were left out: in what a file's format cannot hold (a YAML file has no name). */
const formatNote = (hidden: number): string =>
  hidden > 0 ? ` (compared on what both formats express; ${hidden} difference${hidden === 1 ? '' : 's'} in what a format cannot hold left out: --format-details shows them)` : '';

export function textReport(a: string, b: string, differences: readonly AgentDifference[], hidden = 0): string {
  const [from, to] = [oneLineText(a), oneLineText(b)];
  if (differences.length === 0) return `${from} and ${to}: the same agent${formatNote(hidden)}\n`;
  const n = differences.length;
  const lines = differences.flatMap((d) => [differenceLine(d), ...wholeTexts(d)]);
  return `${from} → ${to}: ${n} difference${n === 1 ? '' : 's'}${formatNote(hidden)}\n${lines.join('\n')}\n`;
}

const MAX_CELL = 120;
/**
 * A value in a table cell, as code: HTML, Markdown and @mentions in it are not read (a changed
 * instruction's `<!-- … -->` stays visible), and a long value is cut with `…` (the full text is
 * in "What the model sees").
 */
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
  return tableCode(shortened);
};

/** A unified diff of two texts, its file header lines named after the stage. */
function unified(stage: string, oldText: string, newText: string): string {
  const name = oneLineText(revealInvisible(stage));
  // Revealed before diffing: a line that gained only invisible characters shows what it gained.
  const patch = createTwoFilesPatch(`${name} (before)`, `${name} (after)`, revealInvisible(oldText), revealInvisible(newText), '', '', { context: 3 });
  return patch.split('\n').filter((line) => !line.startsWith('====') && !line.startsWith('\\ No newline')).join('\n').trim();
}

/** A fence longer than any run of backticks in the text, so a tool description cannot end the block. */
const fence = (text: string): string => '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));

function stageSection(change: StageModelChange): string {
  // The <summary> line is raw HTML, where Markdown is not read: the names go in as entities, their
  // invisible characters as markers.
  const title = change.was
    ? `stage ${htmlCode(revealInvisible(change.was))} → ${htmlCode(revealInvisible(change.stage))}`
    : `stage ${htmlCode(revealInvisible(change.stage))}${!change.old ? ' (added)' : !change.new ? ' (removed)' : ''}`;
  const parts: string[] = [];
  const empty = { prompt: '', tools: '[]' };
  const before = change.old ?? empty;
  const after = change.new ?? empty;
  if (before.prompt !== after.prompt) parts.push(`Prompt:\n\n${block(unified(`${change.stage} prompt`, before.prompt + '\n', after.prompt + '\n'))}`);
  if (before.tools !== after.tools) parts.push(`Tools offered:\n\n${block(unified(`${change.stage} tools`, before.tools + '\n', after.tools + '\n'))}`);
  return `<details><summary>${title}</summary>\n\n${parts.join('\n\n')}\n\n</details>`;
}

const block = (text: string): string => { const f = fence(text); return `${f}diff\n${text}\n${f}`; };

/** A changed text whole, before and after, beside its word diff: the table's cells cut long texts. */
function textSection(d: AgentDifference): string {
  const text = (value: unknown) => revealInvisible(String(value));
  const words = wordLine(d);
  const f = fence(`${text(d.old)}${text(d.new)}${words}`);
  return [
    `<details><summary>${htmlCode(revealInvisible(d.label))}</summary>`, '',
    'Word diff:', '', `${f}text`, words, f, '',
    'Before:', '', `${f}text`, text(d.old), f, '',
    'After:', '', `${f}text`, text(d.new), f, '',
    '</details>',
  ].join('\n');
}

export function markdownReport(a: string, b: string, differences: readonly AgentDifference[], stages: readonly StageModelChange[], hidden = 0): string {
  const lines = [`### Agent changes: ${codeSpan(a)} → ${codeSpan(b)}`, ''];
  if (differences.length === 0) return `${lines.join('\n')}No differences: the same agent${formatNote(hidden)}.\n`;
  // The summary names entities of the files: as code, like every name below.
  lines.push(`${differences.length} difference${differences.length === 1 ? '' : 's'}${formatNote(hidden)}: ${codeSpan(summarizeDifferences(differences, 5))}`, '');
  lines.push('| What | Change | Before | After |', '|---|---|---|---|');
  for (const d of differences) lines.push(`| ${tableCode(d.label)} | ${d.change} | ${cell(d.old)} | ${cell(d.new)} |`);
  const texts = differences.filter((d) => d.words && d.change === 'changed');
  if (texts.length) {
    lines.push('', '#### Texts changed', '', 'Each changed text whole, before and after, under its word diff ([-removed-]{+added+}).', '');
    for (const d of texts) lines.push(textSection(d), '');
  }
  if (stages.length) {
    lines.push('', '#### What the model sees', '', 'Per stage: the system prompt (templates as written) and the tools offered, before and after.', '');
    for (const s of stages) lines.push(stageSection(s), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
