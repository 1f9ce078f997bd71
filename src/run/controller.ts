// The run controller: the one place that turns the user's actions in the simulator (a caller line,
// a wait answer, "agent opens", Stop, Retry, Reset, Restart from here) into engine steps and store
// updates. The engine stays pure and runs in its own worker (./engine-host.ts), with everything of
// the agent's that runs; this layer owns the abort signal, the streaming text, the step records and
// the lazily loaded runtime (./runtime.ts).
// The runtime's label only: the runtimes list (src/runtimes) holds the exporters and engines, which stay out of the first paint.
import { TARGET_LABEL, type AgentDocument, type PlayedTurn } from '../model';
import type { AppStore } from '../store/create';
import type { SimStepRecord } from '../store/types';
import type { CallerBrief, CallerOutcome } from '../simulator/caller';
import type { Model, Session, SimInput } from '../simulator/types';
import type { RunSettings, StepHooks } from './engine-api';
import { stoppedInsideAgentCode } from '../simulator/stopped';
import { openSession } from '../simulator/session';
import { EngineHost, EngineStopped } from './engine-host';
import { providerSettingsFrom, runSettingsFrom } from './run-settings';
import { liveUpdates } from './live-updates';

type Runtime = typeof import('./runtime');
let runtimeModule: Promise<Runtime> | undefined;
/** The runtime once it has loaded: a step then starts in the same task as the keypress (see sendNow). */
let runtimeLoaded: Runtime | undefined;
const loadRuntime = () =>
  (runtimeModule ??= import('./runtime').then((rt) => (runtimeLoaded = rt)));

/** A message of the controller's own, shown in the chat: not part of any session. */
export interface RunNotice {
  kind: 'reset' | 'error';
  text: string;
}

/** What the chat reads from the controller (besides the slice): a notice and the text to put back in the input. */
export interface ControllerView {
  notice: RunNotice | null;
  /** "Restart from here" hands the caller's line back to the input; `seq` tells two equal texts apart. */
  draft: { text: string; seq: number } | null;
  /**
   * The caller's line of the step in flight, shown at once: the engine adds it to the session only
   * when the step first reports progress (after the first model call, or after the runtime loaded).
   */
  pending: { text: string; linesBefore: number } | null;
  /** A caller line sent while a step was in flight: it goes out when that step ends, as a caller talks on. */
  queued: string | null;
  /** The simulated caller at work, or how its last run ended (null: never started since the last reset). */
  caller: CallerRunView | null;
  /** "Play the model" is open on the last step: the person answers in the model's place. */
  playing: boolean;
}

export interface CallerRunView {
  running: boolean;
  /** Caller lines said so far, of at most `maxLines`. */
  lines: number;
  maxLines: number;
  /** How the last run ended, in a sentence (absent while it runs). */
  outcome?: string;
  failed?: boolean;
}

/** A replay of the open run (src/simulator/replay): the run as it was, and the new steps. */
export interface ReplayResult {
  fromIndex: number;
  original: SimStepRecord[];
  replayed: SimStepRecord[];
  doc: AgentDocument;
  revision: number;
}

export const OFFLINE_CANNOT_CALL =
  'The offline model cannot play a caller: it follows the agent\'s rules and has no persona to improvise from. Choose an LLM in ⚙ LLM (an OpenAI-compatible server or Anthropic) to simulate a caller.';

/** The failed model call the last step stopped on (the engine sets it; Retry continues from it). */
export const failureOf = (session: Session | null | undefined) => session?.failure;


export class RunController {
  /** The simulator's engine worker, and the replay's (a replay's Stop must not end the open run). */
  private readonly engine = new EngineHost();
  private readonly replayEngine = new EngineHost();
  private abort: AbortController | null = null;
  private view: ControllerView = { notice: null, draft: null, pending: null, queued: null, caller: null, playing: false };
  /** The simulated caller's run, while it goes on. */
  private callerAbort: AbortController | null = null;
  /** A send (with the agent's opening call it may take two steps) is under way. */
  private sending = false;
  private listeners = new Set<() => void>();
  /** Bumped by Reset and Restart: a step still finishing then is dropped rather than recorded. */
  private epoch = 0;
  /** The runtime is loading for a step: a second Enter meanwhile must not start a second step. */
  private starting = false;
  /** The open session was made by "Simulate from here" and no step has run: the agent still opens the call. */
  private preset = false;

  constructor(private readonly store: AppStore) {
    // The session follows the document's runtime and project: a run of another target or agent
    // would show semantics the document no longer has.
    store.subscribe((next, prev) => {
      const hasRun = next.session !== null || next.steps.length > 0;
      if (!hasRun) return;
      if (next.doc.id !== prev.doc.id) {
        this.reset({ kind: 'reset', text: 'Another agent was opened: the run was reset.' });
        store.getState().setSim({ startStageId: null });
      }
      else if ((next.viewing === null) !== (prev.viewing === null)) {
        this.reset({ kind: 'reset', text: next.viewing ? `Viewing ${next.viewing.label}: the run was reset and plays that version.` : 'Back to the open agent: the run was reset.' });
      }
      else if (next.doc.target !== prev.doc.target) {
        this.reset({ kind: 'reset', text: `The target runtime is now ${TARGET_LABEL[next.doc.target]}: the run was reset and follows its semantics.` });
      }
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): ControllerView => this.view;

  private setView(patch: Partial<ControllerView>) {
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  /**
   * Sends one input as a new step from the current session (a new session when there is none).
   * A caller line sent while a step is in flight waits for it (one line at a time); after a failed
   * call or the end of the call it goes back to the input instead, since the user chooses then.
   */
  async send(input: SimInput): Promise<void> {
    if (this.sending) {
      if (input.kind === 'say' && this.view.queued === null) this.setView({ queued: input.text });
      return;
    }
    this.sending = true;
    try {
      await this.sendNow(input);
    } finally {
      this.sending = false;
    }
    const queued = this.view.queued;
    if (queued === null) return;
    this.setView({ queued: null });
    const session = this.store.getState().session;
    if (session?.failure || session?.ended) this.setView({ draft: { text: queued, seq: (this.view.draft?.seq ?? 0) + 1 } });
    else await this.send({ kind: 'say', text: queued });
  }

  private async sendNow(input: SimInput): Promise<void> {
    const state = this.store.getState();
    if (this.starting || state.running || state.session?.ended) return;
    // "Agent opens the call" (the document's `opening`): the call starts with one model call before
    // any caller line (pinecall.md and block-agent.md, step 1), so a first caller line waits for it.
    if ((!state.session || (this.preset && state.steps.length === 0)) && input.kind === 'say' && state.doc.opening === 'agent') {
      await this.sendNow({ kind: 'open' });
      const after = this.store.getState();
      if (after.steps.length !== 1 || after.session?.failure || after.session?.ended) {
        this.setView({ draft: { text: input.text, seq: (this.view.draft?.seq ?? 0) + 1 } });
        return;
      }
    }
    const linesBefore = this.store.getState().session?.transcript.length ?? 0;
    this.setView({ notice: null, playing: false, pending: input.kind === 'say' ? { text: input.text, linesBefore } : null });
    // Loaded, the runtime is not awaited: the step goes to the engine's worker before the page
    // draws the line just sent (React renders after this task), and the worker's work and the
    // model call overlap that drawing instead of waiting for it.
    const rt = runtimeLoaded ?? (await this.beginLoad());
    if (!rt) return this.setView({ pending: null });
    const { doc } = this.store.getState();
    const { initialState, startStageId } = this.store.getState();
    const before = this.store.getState().session ?? openSession(doc, { initialState, startStageId });
    this.preset = false;
    await this.runGuarded(before, (api, id, settings, hooks) => api.runStep(id, doc, before, input, doc.target, settings, hooks), (after, revision) => {
      this.store.getState().setSim({ steps: [...this.store.getState().steps, { input, before, after, revision }] });
    });
  }

  /** Continues the last step from its failed model call (the engine's retryStep). */
  async retry(): Promise<void> {
    const state = this.store.getState();
    const last = state.steps.at(-1);
    if (this.starting || state.running || !state.session || !last || !failureOf(state.session)) return;
    const rt = await this.beginLoad();
    if (!rt) return;
    const { doc } = this.store.getState();
    const failed = this.store.getState().session!;
    await this.runGuarded(failed, (api, id, settings, hooks) => api.retryStep(id, doc, failed, settings, hooks), (after, revision) => {
      const steps = this.store.getState().steps;
      this.store.getState().setSim({ steps: [...steps.slice(0, -1), { ...last, after, revision } satisfies SimStepRecord] });
    });
  }

  /** Opens "Play the model" on the last step (none while a step runs or before the first one). */
  openPlay(): void {
    const { steps, running } = this.store.getState();
    if (steps.length > 0 && !running) this.setView({ playing: true });
  }

  closePlay(): void {
    this.setView({ playing: false });
  }

  /**
   * Runs the last step again from the session before it, with the same input, the model's answer
   * given by the person (`answer`): the engine takes it in place of the model's first call(s) of
   * the step (simulator/played.ts) and goes on its normal way. The step's record keeps the answer,
   * which "Save as test" writes into the test.
   */
  async play(answer: Omit<PlayedTurn, 'step'>): Promise<void> {
    const state = this.store.getState();
    const last = state.steps.at(-1);
    if (this.starting || this.sending || state.running || !last) return;
    const rt = await this.beginLoad();
    if (!rt) return;
    const played: PlayedTurn = { step: last.before.turn + 1, ...answer };
    const { doc } = this.store.getState();
    const before = last.before;
    this.setView({ playing: false, notice: null });
    await this.runGuarded(
      before,
      (api, id, settings, hooks) => api.runStep(id, doc, before, last.input, doc.target, { ...settings, played: [played] }, hooks),
      (after, revision) => {
        const steps = this.store.getState().steps;
        this.store.getState().setSim({ steps: [...steps.slice(0, -1), { input: last.input, before, after, revision, played }] });
      },
    );
  }

  /** Aborts every model call in flight; the engine ends the step with an 'aborted' failure. */
  stop(): void {
    this.abort?.abort();
  }

  /**
   * "Simulate from here": a new run that opens on `stageId` (null: the entry) with the state panel's
   * initial values. The session is shown at once, with its "Started at …" note; the first caller
   * line (or Agent opens) runs from it.
   */
  simulateFrom(stageId: string | null): void {
    this.reset();
    const { doc, initialState } = this.store.getState();
    this.store.getState().setSim({ startStageId: stageId, session: openSession(doc, { initialState, startStageId: stageId ?? doc.entryStageId }) });
    this.preset = true;
  }

  reset(notice: RunNotice | null = null): void {
    this.preset = false;
    this.epoch += 1;
    this.callerAbort?.abort();
    this.abort?.abort();
    this.abort = null;
    this.store.getState().setSim({ session: null, steps: [], running: false, streaming: null, simFocus: null });
    this.setView({ notice, draft: null, pending: null, queued: null, playing: false });
  }

  /** Back to the session as it stood before step `index`; that step and the later ones are dropped. */
  restartFrom(index: number): void {
    const { steps } = this.store.getState();
    const step = steps[index];
    if (!step) return;
    this.epoch += 1;
    this.preset = index === 0 && step.input.kind !== 'open';
    this.callerAbort?.abort();
    this.abort?.abort();
    this.abort = null;
    this.store.getState().setSim({ session: step.before, steps: steps.slice(0, index), running: false, streaming: null, simFocus: null });
    const text = step.input.kind === 'say' ? step.input.text : '';
    this.setView({ notice: null, pending: null, queued: null, playing: false, draft: { text, seq: (this.view.draft?.seq ?? 0) + 1 } });
  }

  /**
   * Replays the open run from step `index` on the document as it is now, in a session of its own
   * (src/simulator/replay): the open run, the chat and the panels are left as they are.
   */
  async replay(index: number, signal: AbortSignal): Promise<ReplayResult> {
    const { steps, doc, revision } = this.store.getState();
    const settings = this.settings(revision);
    const replayed = await this.replayEngine.call((api, id) => api.replayFrom(id, doc, steps, index, settings), signal);
    return { fromIndex: index, original: steps, replayed, doc, revision };
  }

  /**
   * Lets the run's LLM play the caller (src/simulator/caller). Each of its lines goes through `send`,
   * so the run is the same as a typed one (Restart from here, Save as test). An agent that speaks
   * first greets before the caller's first line. The offline model is refused, with the reason.
   */
  async simulateCaller(brief: CallerBrief, maxLines: number): Promise<CallerOutcome | null> {
    const { llm, running, session, doc } = this.store.getState();
    if (this.callerAbort || running || this.sending) return null;
    if (llm.provider === 'offline') {
      this.setView({ caller: { running: false, lines: 0, maxLines, outcome: OFFLINE_CANNOT_CALL, failed: true } });
      return null;
    }
    const abort = new AbortController();
    this.callerAbort = abort;
    const show = (patch: Omit<CallerRunView, 'maxLines'>) => this.callerAbort === abort && this.setView({ caller: { maxLines, ...patch } });
    show({ running: true, lines: 0 });
    try {
      const rt = await this.beginLoad();
      if (!rt) return null;
      if (!session && doc.opening === 'agent') await this.send({ kind: 'open' });
      const outcome = await rt.runSimulatedCaller({
        brief,
        maxLines,
        model: this.modelFor(rt),
        temperature: this.store.getState().llm.temperature,
        signal: abort.signal,
        session: () => this.store.getState().session,
        say: (text) => this.send({ kind: 'say', text }),
        onLine: (_text, lines) => show({ running: true, lines }),
      });
      show({ running: false, lines: outcome.lines, outcome: rt.describeOutcome(outcome), failed: outcome.kind === 'agent-failed' || outcome.kind === 'caller-failed' });
      return outcome;
    } catch (error) {
      show({ running: false, lines: 0, outcome: `The simulated caller could not run: ${messageOf(error)}`, failed: true });
      return null;
    } finally {
      if (this.callerAbort === abort) this.callerAbort = null;
    }
  }

  /** Stops the simulated caller and the agent's step in flight, if any. */
  stopCaller(): void {
    this.callerAbort?.abort();
    this.stop();
  }

  /** Loads the runtime before the step is marked running; a load failure is said in the chat. */
  private async beginLoad(): Promise<Runtime | null> {
    this.starting = true;
    try {
      return await loadRuntime();
    } catch (error) {
      runtimeModule = undefined;
      this.setView({ notice: { kind: 'error', text: `The simulator could not load: ${messageOf(error)}` } });
      return null;
    } finally {
      this.starting = false;
    }
  }

  /**
   * Runs one engine call with the step's deps, following it live, and records the outcome unless
   * Reset or Restart happened meanwhile. The document and its revision are read once, at the start:
   * edits made during a step apply from the next one.
   */
  private async runGuarded(
    before: Session,
    step: (api: Parameters<Parameters<EngineHost['call']>[0]>[0], callId: number, settings: RunSettings, hooks: StepHooks) => Promise<Session>,
    record: (after: Session, revision: number) => void,
  ): Promise<void> {
    const epoch = this.epoch;
    const abort = new AbortController();
    this.abort = abort;
    const { revision } = this.store.getState();
    const current = () => epoch === this.epoch;
    this.store.getState().setSim({ session: before, running: true, streaming: null, simFocus: null });
    // What the step had reached when it last reported: kept if Stop has to end it inside agent code.
    let reached = before;
    // Progress and streamed text come back on a channel of their own, which may deliver after the
    // step's result: once the step has ended they are stale and must not overwrite it.
    let ended = false;
    const hooks = this.hooks(() => current() && !ended, (session) => (reached = session));
    try {
      const settings = this.settings(revision);
      let after: Session;
      try {
        after = await this.engine.call((api, id) => step(api, id, settings, hooks), abort.signal);
      } catch (error) {
        if (!(error instanceof EngineStopped)) throw error;
        after = stoppedInsideAgentCode(reached, Date.now());
      } finally {
        ended = true;
      }
      if (!current()) return;
      this.store.getState().setSim({ session: after });
      record(after, revision);
    } catch (error) {
      // The engine reports failed model calls on the session; reaching here is a bug or a broken setup.
      if (current()) this.setView({ notice: { kind: 'error', text: `The step could not run: ${messageOf(error)}` } });
    } finally {
      if (current()) {
        this.abort = null;
        this.store.getState().setSim({ running: false, streaming: null });
        this.setView({ pending: null });
      }
    }
  }

  /**
   * The step's live hooks: streamed text and progress into the store, once a frame, while the
   * step is current (./live-updates.ts). What the step reached is kept at once, for Stop.
   */
  private hooks(current: () => boolean, reached: (session: Session) => void): StepHooks {
    const live = liveUpdates(this.store, current);
    // Plain functions: the engine's wire (./engine-wire.ts) sends its own callbacks and calls these.
    return {
      onTextDelta: (delta: string) => current() && live.text(delta),
      onProgress: (session: Session) => {
        if (!current()) return;
        reached(session);
        live.progress(session);
      },
    };
  }

  /** What a step is made of, from the user's settings (the key included: it goes to the engine's provider only). */
  private settings(revision: number): RunSettings {
    const { llm, apiKey, callFacts, mcpMocks } = this.store.getState();
    return runSettingsFrom(llm, apiKey, callFacts, { revision, mcpMocks });
  }

  /** The simulated caller's own model: it plays the person and runs none of the agent's code. */
  private modelFor(rt: Runtime): Model {
    const { llm, apiKey, callFacts } = this.store.getState();
    return rt.createModel(providerSettingsFrom(llm, apiKey, callFacts));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
