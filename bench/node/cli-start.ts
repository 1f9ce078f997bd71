// The CLI's start (issue 34): `callboard --help` and `callboard lint` of the sample, each a fresh
// `node bin/callboard.mjs` process as a pre-commit hook or an editor starts it, against a bare
// `node -e 0` in the same run (interleaved, so a busy moment hits all three alike); and the lint of
// a 500-stage agent against the sample's lint plus the time to parse the big file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCliBuilt } from '../../scripts/build-cli.mjs';
import { generateAgent, LARGE_AGENT } from '../generate-agent';
import type { Figure, Part } from '../lib/results';
import { summarize } from '../lib/stats';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin/callboard.mjs');
const SAMPLE = join(ROOT, 'public/examples/clinic-booking.json');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 10);

function timed(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0 && !(args.includes('lint') && result.status === 1)) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 400)}`);
  return ms;
}

export async function cliStartPart(): Promise<Part> {
  await ensureCliBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'callboard-cli-start-'));
  try {
    const big = join(dir, 'big-500.json');
    const bigText = JSON.stringify(generateAgent(LARGE_AGENT)); // 50 blocks × 10 stages
    writeFileSync(big, bigText);
    const bare: number[] = [];
    const help: number[] = [];
    const lint: number[] = [];
    const lintBig: number[] = [];
    const parse: number[] = [];
    timed([BIN, '--help']); // warm the file cache
    for (let i = 0; i < RUNS; i++) {
      bare.push(timed(['-e', '0']));
      help.push(timed([BIN, '--help']));
      lint.push(timed([BIN, 'lint', SAMPLE, '--quiet']));
      lintBig.push(timed([BIN, 'lint', big, '--quiet']));
      const start = performance.now();
      JSON.parse(readFileSync(big, 'utf8'));
      parse.push(performance.now() - start);
    }
    const baseline = { name: '`node -e 0`, same run', ...summarize(bare) };
    const sampleLint = summarize(lint);
    const parseMs = summarize(parse).median;
    const section = 'Command line';
    const figures: Figure[] = [
      { section, name: '`node -e 0` (a bare Node start)', unit: 'ms', ...summarize(bare) },
      { section, name: '`callboard --help`', unit: 'ms', ...summarize(help), baseline, target: { on: 'ratio-median', below: 2.5, text: 'under 2.5× a bare Node start (median of 10)' } },
      { section, name: '`callboard lint` of the sample', unit: 'ms', ...summarize(lint), baseline, target: { on: 'ratio-median', below: 4, text: 'under 4× a bare Node start (median of 10)' } },
      {
        section, name: '`callboard lint` of a 500-stage agent', unit: 'ms', ...summarize(lintBig),
        baseline: { name: 'the sample\'s lint + parsing the big file, same run', median: sampleLint.median + parseMs, p95: sampleLint.p95 + parseMs, n: sampleLint.n },
        target: { on: 'ratio-median', below: 1.5, text: 'within 1.5× of the sample\'s lint plus the big file\'s parse' },
      },
    ];
    return {
      name: 'cli-start',
      figures,
      facts: { 'runs of each (interleaved)': RUNS, '500-stage agent (bytes)': bigText.length, 'JSON.parse of it (ms, median)': Math.round(parseMs * 100) / 100 },
      notes: ['Each figure is a whole process: `node bin/callboard.mjs …` started by spawnSync and waited for, the built CLI (dist-cli/, fresh: built before the first run). `--quiet` prints only errors.'],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
