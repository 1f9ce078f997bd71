// A tool parameter's `pattern` tested on the values the schema itself gives as samples (its
// `default` and `examples`): a default the pattern refuses is one a model, shown it, sends and the
// argument check turns away. The pattern is the agent file's, so it is never run on the host's
// RegExp: each sample runs in the pattern sandbox (QuickJS, with a deadline), which lint cannot
// reach from the ground floor and is handed (`setSamplePatterns`) by whoever lints: the CLI, the
// problems worker, the tests (test/setup). Until it is handed, samples go untested and
// `samplePatternsWanted` says so, as js-syntax.ts does for its parser: the worker lints, loads the
// sandbox and lints again. A pattern that runs out of time on a sample is reported at that sample.
//
// The shape screen (../pattern-risk.ts) is a hint here, nothing more: it names the shapes behind
// exponential backtracking, and the deadline is the defence wherever a pattern runs.
import type { BoundedPatterns } from '../bounded-pattern';
import type { JsonSchema } from '../json-schema';
import { backtrackingRisk } from '../pattern-risk';
import { toolLabel } from './context';
import { pointer } from './pointer';
import { walkSchema } from './schema-walk';
import type { Finding, LintContext } from './types';

let bounded: BoundedPatterns | undefined;
let wanted = false;

/** Hands lint the pattern sandbox its sample checks run in (undefined: none, samples go untested). */
export function setSamplePatterns(patterns: BoundedPatterns | undefined): void {
  bounded = patterns;
}

/** Whether a sample went untested for want of the sandbox since the last call (which resets it). */
export function samplePatternsWanted(): boolean {
  const was = wanted;
  wanted = false;
  return was;
}

// Lint runs on every edit, and a pattern that runs out of time would spend its deadline again on
// each: the samples it ran out on are remembered (bounded), so an edit elsewhere costs nothing.
const SLOW_REMEMBERED = 500;
const slow = new Map<string, string>();
/** One lint pass spends at most this long on samples; the rest wait for the next pass. */
const PASS_ALLOWANCE_MS = 500;

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u'); // compiled only, never run: linear in its length
    return true;
  } catch {
    return false;
  }
}

const shown = (text: string, max = 40) => JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);

interface Sample {
  value: string;
  at: (string | number)[];
  what: string;
}

function samplesOf(node: JsonSchema): Sample[] {
  const out: Sample[] = [];
  if (typeof node.default === 'string') out.push({ value: node.default, at: ['default'], what: 'the default' });
  const examples = (node as { examples?: unknown }).examples;
  if (Array.isArray(examples)) examples.forEach((e, j) => typeof e === 'string' && out.push({ value: e, at: ['examples', j], what: `example ${j + 1}` }));
  return out;
}

export function checkPatternSamples(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  let left = PASS_ALLOWANCE_MS;
  ctx.doc.tools.forEach((tool, i) => {
    if (tool.kind !== 'function') return;
    const entity = { kind: 'tool' as const, id: tool.id };
    const label = toolLabel(tool, i);
    const base = ['tools', i, 'parameters'];
    walkSchema(tool.parameters, (node, at) => {
      const pattern = node.pattern;
      // A pattern that is no regex is parameter-pattern-invalid's.
      if (typeof pattern !== 'string' || !compiles(pattern)) return;
      const risk = backtrackingRisk(pattern);
      if (risk) {
        out.push({
          rule: 'parameter-pattern-backtracks', path: pointer(...base, ...at, 'pattern'), entity,
          message: `${label}: pattern may backtrack for a very long time on some strings (${risk}); every run of it has a deadline, and a value it cannot decide in time is not captured: write it without a repeat inside a repeat, e.g. ^[a-z]+$ for ^(a+)+$`,
        });
      }
      for (const sample of samplesOf(node)) {
        const key = `${pattern.length}:${pattern}\u0000${sample.value}`;
        let failure = slow.get(key);
        let matched = false;
        if (failure === undefined) {
          if (!bounded) {
            wanted = true;
            continue;
          }
          if (left <= 0) continue;
          const ms = Math.min(bounded.timeoutMs, left);
          const started = Date.now();
          const run = bounded.exec(pattern, 'u', sample.value, ms);
          left -= Date.now() - started;
          if ('failed' in run) {
            if (run.failed === 'invalid') continue; // QuickJS reads less than V8: the check will say so
            failure = run.failed === 'timeout' ? `took longer than ${ms} ms` : `failed (${run.message})`;
            if (slow.size >= SLOW_REMEMBERED) slow.delete(slow.keys().next().value as string);
            slow.set(key, failure);
          } else matched = run.matched !== null;
        }
        const path = pointer(...base, ...at, ...sample.at);
        if (failure !== undefined) {
          out.push({
            rule: 'parameter-pattern-slow', path, entity,
            message: `${label}: pattern ${shown(pattern)} ${failure} on ${sample.what} ${shown(sample.value)} and was stopped; a tool call with such a value cannot be checked, so it is not captured: write the pattern without adjacent or nested repeats`,
          });
        } else if (!matched) {
          out.push({
            rule: 'parameter-sample-mismatch', path, entity,
            message: `${label}: ${sample.what} ${shown(sample.value)} does not match the pattern ${shown(pattern)}; a model shown it sends a value the check refuses: change the value or the pattern`,
          });
        }
      }
    });
  });
  return out;
}
