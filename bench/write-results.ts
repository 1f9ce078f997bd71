// Merges the parts the bench wrote (part-*.json) into bench/results.json and bench/results.md:
// the machine, every figure with its baseline and ratio, and each missed target with its margin.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, BENCH_PARTS, SENTINEL_KEY } from './lib/env';
import { assertNoSecret } from './lib/guard';
import { describeMachine, type Machine } from './lib/machine';
import { checkTarget, ratioOf, type Figure, type Part } from './lib/results';

const ORDER = ['canvas', 'canvas-loaded', 'typing', 'first-load', 'simulator', 'engine', 'parallel', 'prompt-size', 'formats', 'long-runs'];

const fmt = (n: number) => (Number.isNaN(n) ? '–' : Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));
const ratioText = (r: { median: number; p95: number } | undefined) => (r ? `${fmt(r.median)}× / ${fmt(r.p95)}×` : '–');

export interface Miss {
  figure: string;
  target: string;
  value: number;
  by: string;
}

export function missesOf(figures: Figure[]): Miss[] {
  return figures.flatMap((f) => {
    const check = checkTarget(f);
    if (!check || check.met) return [];
    const over = ((check.value / f.target!.below - 1) * 100).toFixed(0);
    const unit = f.target!.on.startsWith('ratio') ? '×' : ` ${f.unit}`;
    return [{ figure: `${f.section}: ${f.name}`, target: f.target!.text, value: check.value, by: `${fmt(check.value)}${unit} against under ${f.target!.below}${unit}: ${over}% over` }];
  });
}

function section(title: string, parts: Part[]): string {
  const figures = parts.flatMap((p) => p.figures).filter((f) => f.section === title);
  const rows = figures.map((f) => {
    const check = checkTarget(f);
    const verdict = check ? (check.met ? `met (${f.target!.text})` : `**missed** (${f.target!.text})`) : '';
    const base = f.baseline ? `${f.baseline.name}: ${fmt(f.baseline.median)} / ${fmt(f.baseline.p95)}` : '–';
    return `| ${f.name} | ${fmt(f.median)} / ${fmt(f.p95)} ${f.unit} | ${f.n} | ${base} | ${ratioText(ratioOf(f))} | ${verdict} |`;
  });
  const extras = parts.filter((p) => p.figures.some((f) => f.section === title));
  const facts = extras.flatMap((p) => Object.entries(p.facts ?? {}).map(([k, v]) => `- ${k}: ${typeof v === 'string' || typeof v === 'number' ? v : '`' + JSON.stringify(v) + '`'}`));
  const notes = extras.flatMap((p) => p.notes ?? []).map((n) => `- ${n}`);
  return [
    `## ${title}`, '',
    '| figure | median / p95 | n | baseline (same run): median / p95 | ratio median / p95 | target |',
    '|---|---|---|---|---|---|',
    ...rows, '', ...facts, ...notes, '',
  ].join('\n');
}

export function renderMarkdown(machine: Machine, parts: Part[], misses: Miss[]): string {
  const titles = [...new Set(parts.flatMap((p) => p.figures.map((f) => f.section)))];
  return [
    '# Callboard benchmarks', '',
    'Written by `npm run bench` (bench/write-results.ts); do not edit by hand. Every figure is a median and a',
    '95th percentile over the runs, next to a baseline measured in the same run; the ratio (figure / baseline)',
    'is what carries over between machines.', '',
    '## Machine', '',
    `- CPU: ${machine.cpu}, ${machine.cores} logical cores; memory ${machine.memoryGiB} GiB`,
    `- OS: ${machine.os}`,
    `- Node ${machine.node}; ${machine.chromium}`,
    `- Date: ${machine.date}; load average at the end (1, 5, 15 min): ${machine.loadAverage.join(', ')}`,
    `- Caveat: on a machine shared with other jobs (a load average above the core count), absolute times`,
    '  are inflated and noisy; the ratios against same-run baselines are the meaningful figures.', '',
    '## Targets missed', '',
    ...(misses.length ? misses.map((m) => `- ${m.figure} — ${m.by}`) : ['None.']), '',
    ...titles.map((t) => section(t, parts)),
  ].join('\n');
}

function main() {
  const files = readdirSync(BENCH_PARTS).filter((f) => /^part-.*\.json$/.test(f));
  const parts = files.map((f) => JSON.parse(readFileSync(join(BENCH_PARTS, f), 'utf8')) as Part)
    .sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
  const missing = ORDER.filter((name) => !parts.some((p) => p.name === name));
  const machine = describeMachine();
  const figures = parts.flatMap((p) => p.figures);
  const misses = missesOf(figures);
  const json = JSON.stringify({ machine, missingParts: missing, misses, parts: parts.map((p) => ({ ...p, figures: p.figures.map((f) => ({ ...f, ratio: ratioOf(f), targetMet: checkTarget(f)?.met })) })) }, null, 2) + '\n';
  const md = renderMarkdown(machine, parts, misses) + (missing.length ? `\n**Parts missing from this run:** ${missing.join(', ')}\n` : '');
  assertNoSecret({ 'results.json': json, 'results.md': md }, SENTINEL_KEY);
  writeFileSync(join(BENCH_DIR, 'results.json'), json);
  writeFileSync(join(BENCH_DIR, 'results.md'), md);
  console.log(`bench: wrote bench/results.md and bench/results.json (${figures.length} figures, ${misses.length} targets missed${missing.length ? `, parts missing: ${missing.join(', ')}` : ''})`);
}

main();
