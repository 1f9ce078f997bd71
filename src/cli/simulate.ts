// `callboard simulate`: a scripted call against an agent, printed as one JSON event a line. The same
// engine as the app's simulator (runScript over runStep), tools in the QuickJS sandbox, and the
// model from the same providers; only the printing is the CLI's.
import type { AgentDocument } from '../model';
import { createModel } from '../simulator/providers';
import { prepareSandboxEvaluate } from '../simulator/sandbox-evaluate';
import { stepDeps } from '../runtimes/step-inputs';
import { runScript, type SimEvent } from '../simulator/simulation';
import type { CallFacts, Session, StepDeps } from '../simulator/types';
import { undecidedInLastStep } from '../simulator/played';
import { runGuesses } from '../simulator/run-guesses';
import { oneLineText } from '../model/visible-text';
import { withApiKey } from './api-key';
import { EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, type CliIo } from './io';
import { jsonText, type SimulateJson } from './json-shapes';
import { readRunInput } from './run-input';
import type { SimulateArgs } from './simulate-args';

/** Today as YYYY-MM-DD in local time: what `this.call.today` holds unless --call says otherwise. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The answer's bounds as the provider takes them; absent flags leave the providers' defaults. */
export function answerBounds(args: { answerBytes?: number; answerSeconds?: number }): { maxAnswerBytes?: number; maxAnswerMs?: number } {
  return {
    ...(args.answerBytes !== undefined ? { maxAnswerBytes: args.answerBytes } : {}),
    ...(args.answerSeconds !== undefined ? { maxAnswerMs: args.answerSeconds * 1000 } : {}),
  };
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
    ...answerBounds(args),
    ...(args.strict ? { strict: true } : {}),
  });
  const budgetMs = args.budgetSeconds === undefined ? undefined : args.budgetSeconds * 1000;
  return stepDeps(doc, { model, evaluate, revision: 0, call, temperature, ...(budgetMs ? { budgetMs } : {}) });
}

export async function simulateCommand(args: SimulateArgs, rawIo: CliIo): Promise<number> {
  // Every line this command writes goes through `io`, which never shows the key (api-key.ts).
  const { key, io } = withApiKey(args, rawIo, 'simulate');
  // Import warnings go to standard error: standard output holds only the events.
  const input = await readRunInput(io, args, 'simulate', 'a whole agent (stages, and the tools they offer)');
  if (!input.ok) return input.exit;
  const { doc, file } = input;
  const events: SimEvent[] = [];
  // Without --json each event prints as it happens; with it, they are kept for the one document at the end.
  const emit = (event: SimEvent) => (args.json ? events.push(event) : io.out(JSON.stringify(event) + '\n'));
  const report = (ok: boolean, notes: SimulateJson['notes'], guesses: SimulateJson['guesses']) => {
    if (args.json) io.out(jsonText({ command: 'simulate', ok, file, events, notes, guesses } satisfies SimulateJson));
    return ok ? EXIT_OK : EXIT_ERRORS;
  };
  try {
    const call: CallFacts = { today: localToday(), ...args.call };
    const deps = depsFor(args, doc, key, call, await prepareSandboxEvaluate());
    // On the offline model a line its rules cannot read ends the run there, rather than going on
    // with the agent asking again (the Simulator offers to play the model at that point instead).
    const until = args.provider === 'offline' ? (after: Session) => undecidedInLastStep(after) !== undefined : undefined;
    const unknown = Object.keys(args.state).filter((name) => !doc.state.some((f) => f.name === name));
    if (unknown.length) io.err(`${oneLineText(file)}: --state ${unknown.map(oneLineText).join(', ')}: no state field of that name (fields: ${doc.state.map((f) => oneLineText(f.name)).join(', ') || 'none'}); left out\n`);
    const session = await runScript(doc, { says: args.says, waits: args.waits, agentFirst: args.agentFirst, runtime: args.runtime, initialState: args.state, until }, deps, emit);
    const stuck = until ? undecidedInLastStep(session) : undefined;
    if (stuck) {
      emit({ type: 'stuck', step: stuck.step, line: stuck.line, why: stuck.why });
      io.err(`${oneLineText(file)}: the offline model ${stuck.held ? 'held back a guess on' : 'could not read'} the caller's line "${oneLineText(stuck.line)}" (step ${stuck.step}): ${oneLineText(stuck.why)}. The run ends here: play the model at this line in the Simulator (a test can keep that answer), or run with a real model (--provider openai|anthropic).\n`);
    }
    // What the runtime noted on the way (a template that did not render and was sent as written, a
    // predicate that threw, a spent budget) goes to standard error, where the app shows it in the trace.
    // A note quotes the agent's text (a template, a tool's name): one line each.
    const notes = session.trace.flatMap((entry) => (entry.kind === 'note' || entry.kind === 'limit' ? [{ step: entry.step, message: entry.message }] : []));
    for (const note of notes) io.err(`${oneLineText(file)}: note (step ${note.step}): ${oneLineText(note.message)}\n`);
    // A value the offline model wrote on weak evidence is said to be a guess: the run went on with it.
    const guesses = runGuesses(session);
    for (const g of guesses) io.err(`${oneLineText(file)}: guessed (step ${g.step}): ${oneLineText(g.tool)}.${oneLineText(g.param)} = ${oneLineText(JSON.stringify(g.value) ?? 'undefined')} from "${oneLineText(g.said)}" (${g.measured})\n`);
    return report(!session.failure && !stuck, notes, guesses);
  } catch (error) {
    // Not a failed model call (those are events): the engine or the sandbox broke. Said as an event
    // too, so a reader of standard output sees the run did not finish.
    emit({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    io.err(`callboard simulate: unexpected failure (a bug; please report it):\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    report(false, [], []);
    return EXIT_INTERNAL;
  }
}
