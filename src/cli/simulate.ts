// `callboard simulate`: a scripted call against an agent, printed as one JSON event a line. The same
// engine as the app's simulator (runScript over runStep), tools in the QuickJS sandbox, and the
// model from the same providers; only the printing is the CLI's.
import { lossesFor } from '../formats/losses';
import type { AgentDocument } from '../model';
import { createModel } from '../simulator/providers';
import { prepareSandboxEvaluate } from '../simulator/sandbox-evaluate';
import { sandboxToolRunner } from '../simulator/sandbox-runner';
import { runScript, type SimEvent } from '../simulator/simulation';
import type { CallFacts, StepDeps } from '../simulator/types';
import { EXIT_ERRORS, EXIT_OK, UsageError, type CliIo } from './io';
import { formatDiagnostic, loadAgent, readSource, reportFailure } from './read';
import { API_KEY_ENV, type SimulateArgs } from './simulate-args';

/** Today as YYYY-MM-DD in local time: what `this.call.today` holds unless --call says otherwise. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const MIN_SCRUBBED_KEY = 8;

/**
 * Every line this command writes goes through here: should a provider's message or a stack ever
 * quote the key, it is replaced before it reaches the terminal (defence in depth, not the plan).
 */
function keyScrubbingIo(io: CliIo, key: string | undefined): CliIo {
  // A real key is long; scrubbing a short test value would garble ordinary words instead.
  if (!key || key.length < MIN_SCRUBBED_KEY) return io;
  const scrub = (text: string) => text.split(key).join('***');
  return { ...io, out: (text) => io.out(scrub(text)), err: (text) => io.err(scrub(text)) };
}

function theKey(args: SimulateArgs, io: CliIo): string | undefined {
  if (args.provider === 'offline') return undefined;
  const key = args.apiKey?.trim() || io.env?.(API_KEY_ENV)?.trim();
  if (!key) throw new UsageError(`--provider ${args.provider} needs an API key: pass --api-key KEY, or set ${API_KEY_ENV} in the environment`, 'simulate');
  return key;
}

function depsFor(args: SimulateArgs, doc: AgentDocument, key: string | undefined, call: CallFacts, evaluate: StepDeps['evaluate']): StepDeps {
  const temperature = doc.llm.temperature;
  const model = createModel({
    provider: args.provider,
    baseUrl: args.baseUrl,
    model: args.model,
    apiKey: key,
    temperature,
    today: typeof call.today === 'string' ? call.today : undefined,
  });
  const budgetMs = args.budgetSeconds === undefined ? undefined : args.budgetSeconds * 1000;
  return { model, runner: sandboxToolRunner(doc), evaluate, losses: lossesFor, revision: 0, call, temperature, ...(budgetMs ? { budgetMs } : {}) };
}

export async function simulateCommand(args: SimulateArgs, rawIo: CliIo): Promise<number> {
  const key = theKey(args, rawIo);
  const io = keyScrubbingIo(rawIo, key);
  const source = readSource(io, args.file, args.from, 'simulate');
  const loaded = await loadAgent(source, { fixTabs: args.fixTabs });
  if (!loaded.ok) return reportFailure(io, source.file, loaded);
  if (loaded.kind !== 'agent') {
    io.err(`${source.file}: a list of tools, not an agent: simulate needs a whole agent (stages, and the tools they offer)\n`);
    return EXIT_ERRORS;
  }
  // Import warnings go to standard error: standard output holds only the events.
  for (const d of loaded.diagnostics) if (d.severity === 'warning' || d.severity === 'error') io.err(formatDiagnostic(source.file, d) + '\n');
  const doc = loaded.doc;
  const emit = (event: SimEvent) => io.out(JSON.stringify(event) + '\n');
  try {
    const call: CallFacts = { today: localToday(), ...args.call };
    const deps = depsFor(args, doc, key, call, await prepareSandboxEvaluate());
    const session = await runScript(doc, { says: args.says, waits: args.waits, agentFirst: args.agentFirst, runtime: args.runtime }, deps, emit);
    // What the runtime noted on the way (a template that did not render and was sent as written, a
    // predicate that threw, a spent budget) goes to standard error, where the app shows it in the trace.
    for (const entry of session.trace) if (entry.kind === 'note' || entry.kind === 'limit') io.err(`${source.file}: note (step ${entry.step}): ${entry.message}\n`);
    return session.failure ? EXIT_ERRORS : EXIT_OK;
  } catch (error) {
    // Not a failed model call (those are events): the engine or the sandbox broke. Said as an event
    // too, so a reader of standard output sees the run did not finish.
    emit({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    io.err(`callboard simulate: unexpected failure (a bug; please report it):\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_ERRORS;
  }
}
