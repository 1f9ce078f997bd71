// Long runs (issue 16): `callboard simulate` with 100, 1,000 and 4,000 caller lines on the offline
// model, in both runtimes, through the CLI's own entry (runCli: argument parsing, reading the agent
// file, runScript, the printed events). A step whose cost grew with the history would make the
// longer runs' per-line cost climb; the target holds it flat (4,000 lines within 1.5× of 100).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportBlockAgentYaml } from '../../src/runtimes/block-agent/format';
import { exportPinecallTs } from '../../src/runtimes/pinecall/format';
import type { AgentDocument } from '../../src/model';
import { runCli, type CliIo } from '../../src/cli/main';
import type { Figure, Part } from '../lib/results';
import { summarize } from '../lib/stats';

const LINE_COUNTS = (process.env.BENCH_LONG_LINES ?? '100,1000,4000').split(',').map(Number);
const BASE = LINE_COUNTS[0];
const LONGEST = LINE_COUNTS[LINE_COUNTS.length - 1];

/** A caller who goes on and on: greetings, values, changes of mind, yes and no, in a cycle. */
const CALLER = [
  'Hi, I would like to book an appointment.',
  'Tomorrow at seven please.',
  'My name is Ana Lopez.',
  'My number is 555 123 4567.',
  'What about Friday instead?',
  'Yes, that is right.',
  'No, actually make it the second one.',
  'Thanks, that is all.',
];

const example = (name: string) => JSON.parse(readFileSync(new URL(`../../public/examples/${name}.json`, import.meta.url), 'utf8')) as AgentDocument;

interface Run {
  /** Wall time of each step after the first (the first also reads the file and warms the sandbox). */
  steps: number[];
  totalMs: number;
}

/** One `callboard simulate FILE --say … ×lines` in this process; each step ends where its caller line is printed. */
async function simulate(file: string, lines: number): Promise<Run> {
  const ends: number[] = [];
  const io: CliIo = {
    readText: (path) => ({ ok: true, text: readFileSync(path, 'utf8') }),
    writeText: () => {},
    out: (text) => {
      if (text.startsWith('{"type":"say","who":"caller"')) ends.push(performance.now());
      else if (text.startsWith('{"type":"error"')) throw new Error(`simulate printed an error: ${text.slice(0, 300)}`);
    },
    err: () => {},
    env: () => undefined,
  };
  const argv = ['simulate', file];
  for (let i = 0; i < lines; i++) argv.push('--say', CALLER[i % CALLER.length]);
  const start = performance.now();
  const exit = await runCli(argv, io);
  const totalMs = performance.now() - start;
  if (exit !== 0) throw new Error(`callboard simulate ${file} exited ${exit}`);
  if (ends.length !== lines) throw new Error(`callboard simulate ${file}: ${ends.length} of ${lines} caller lines were run (the call ended early?)`);
  return { steps: ends.slice(1).map((end, i) => end - ends[i]), totalMs };
}

export async function longRunsPart(): Promise<Part> {
  const dir = mkdtempSync(join(tmpdir(), 'callboard-long-runs-'));
  try {
    const cases = [
      { runtime: 'Pinecall', file: join(dir, 'clinic-booking.ts'), text: exportPinecallTs(example('clinic-booking')).text },
      { runtime: 'Block Agent', file: join(dir, 'block-agent-spec.yaml'), text: exportBlockAgentYaml(example('block-agent-spec')).text },
    ];
    const section = 'Long runs';
    const figures: Figure[] = [];
    const perLine: Record<string, Record<string, number>> = {};
    for (const c of cases) {
      writeFileSync(c.file, c.text);
      await simulate(c.file, 50); // warm-up: JIT, the sandbox, compiled schemas
      const runs = new Map<number, Run>();
      for (const lines of LINE_COUNTS) runs.set(lines, await simulate(c.file, lines));
      const base = { name: `${BASE} lines, same run`, ...summarize(runs.get(BASE)!.steps) };
      perLine[c.runtime] = Object.fromEntries([...runs].map(([lines, run]) => [`${lines} lines`, Math.round((run.totalMs / lines) * 100) / 100]));
      for (const [lines, run] of runs) {
        figures.push({
          section, name: `${c.runtime}, offline model: per caller line, ${lines} lines`, unit: 'ms', ...summarize(run.steps),
          ...(lines !== BASE && { baseline: base }),
          ...(lines === LONGEST && lines !== BASE && { target: { on: 'ratio-median' as const, below: 1.5, text: `${LONGEST} lines / ${BASE} lines under 1.5×` } }),
        });
      }
    }
    return {
      name: 'long-runs',
      figures,
      facts: { 'whole run / lines (ms per line, with reading the file)': perLine, 'caller lines (in a cycle)': CALLER.length },
      notes: [
        `Node, in one process: \`callboard simulate FILE --say … --say …\` through the CLI's runCli (as bin/callboard.mjs calls it), offline model, tools in the QuickJS sandbox. Pinecall: public/examples/clinic-booking.json exported as TypeScript; Block Agent: public/examples/block-agent-spec.json exported as YAML. Each figure is the wall time of each step after the first (median / p95 over the run's lines), measured where the step's caller line is printed; one unmeasured 50-line run first.`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
