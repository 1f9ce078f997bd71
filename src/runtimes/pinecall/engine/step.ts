// One Pinecall step: a caller line and what follows it, exactly as formats/pinecall.md ("The step,
// exactly as Callboard simulates it") sets out. Pure: the session passed in is never changed; a new
// one is returned, so every step can be kept for "restart from here".
import type { AgentDocument, Tool } from '../../../model';
import { PINECALL_SKIPS } from './skips';
import { stepDepsWithBudget } from '../../../simulator/budget';
import { hasDerivedState, prepareDerive, scopeWith, stateWithStage } from '../../../simulator/derived';
import { viewFromCode, prepareRenderView } from '../../../simulator/view';
import { needMessage } from '../../../simulator/sandbox/agent-code';
import { StepBase } from '../../../simulator/step-base';
import { fillConfirm } from '../../../simulator/template';
import { MAX_MODEL_CALLS_PER_STEP, type ChatMessage, type Line, type Session, type StepDeps, type ToolCallRequest, type ToolRun, type ToolSpec } from '../../../simulator/types';
import { pyOneLine } from '../../../model/py-docstring';
import { checkArguments } from './check-args';
import { checkPythonArguments } from './check-args-python';
import { checkRubyArguments } from './check-args-ruby';
import { parseArguments } from '../../../simulator/tool-arguments';
import { historyMessages, toolSpec } from '../../../simulator/messages';
import { exportedTools } from '../../../model/tool-chains';
import { firedEdge } from './edges';
import { hasOnCall, ON_CALL_AUTHOR, onCallTool } from './hooks';
import { classOpening } from '../../../simulator/class-code/opening';
import { classHangup, END_CALL, endCallSpec } from '../../../simulator/class-code/hangup';
import { classKnowledge } from '../../../simulator/class-code/knowledge';
import { promptBlocks, visibleTools } from './prompt';
import { datePair, ISO_DATE, localIsoDate, notAvailable, resultText } from './runtime-words';

/**
 * The platform's `max_tool_steps` (ONE_ANSWER_PER_TOOL = 1): livekit 1.8.3–1.8.9 lets a reply run
 * tool rounds until it has run this many plus one, then asks the model again with
 * `tool_choice="none"` (`max_steps_reached`), so the third call of a reply answers in words.
 */
const TOOL_ROUNDS_IN_WORDS = 2;

export const EMPTY_ANSWER =
  'The model answered with neither text nor a tool call, so the agent said nothing. Send another line, or Restart from here to ask again.';

/** Announce is said at most once per step: a retried step may already have said it. */
function announcedThisStep(transcript: Line[]): boolean {
  for (let i = transcript.length - 1; i >= 0; i--) {
    const line = transcript[i];
    if (line.kind === 'caller') return false;
    if (line.kind === 'runtime' && line.source === 'announce') return true;
  }
  return false;
}

class PinecallRun extends StepBase {
  private announced: boolean;
  /** Every tool the class declares, as its specs say them: the prompt's tools block lists them all, seen or not. */
  private declared: ToolSpec[] | undefined;
  /** The last scope computed and the state it was computed from (getters are pure of the state). */
  private lastScope?: { key: string; scope: Record<string, unknown> };
  /** The last view rendered and the state it was rendered for (undefined: it failed; the stage's instructions stand). */
  private lastView?: { key: string; text: string | undefined };
  constructor(doc: AgentDocument, session: Session, deps: StepDeps) {
    super(doc, session, deps);
    this.announced = announcedThisStep(this.s.transcript);
  }

  /**
   * The platform's `end_call`, when the class declares a hangup and has no tool of that name of its
   * own. Offered while the agent greets too: the runtime builds it with `ignore_on_enter=True`
   * ("Hidden while the agent greets"), but livekit 1.8.3–1.8.9 hides such a tool only in a reply
   * made inside the agent's `on_enter` (`_on_enter_ignored_tools`), and the runtime generates its
   * greeting from `Session.start`, outside it.
   */
  endCall(): ToolSpec | undefined {
    const hangup = classHangup(this.doc);
    if (!hangup || this.doc.tools.some((t) => t.name === END_CALL)) return undefined;
    return endCallSpec(hangup);
  }

  /**
   * What the history opens with: the platform's `current_date` pair; and while the agent greets
   * with `improvise("…")`, the instruction, which livekit adds to that reply's context as a system
   * message after the history so far (`generate_reply(instructions=…)`: `_pipeline_reply_task` adds
   * it to its copy of the context, so the reply's tool rounds keep it and the next turn does not).
   */
  opening(): readonly ChatMessage[] {
    const pair = datePair(this.today());
    const greeting = classOpening(this.doc);
    const greets = !this.s.transcript.some((line) => line.kind === 'caller');
    return greets && greeting?.kind === 'improvise' && greeting.instruction ? [...pair, { role: 'system', content: greeting.instruction, livekit: true }] : pair;
  }

  /** The state as the class's `this` holds it: the fields and `stage`. */
  agentState(): Record<string, unknown> {
    return stateWithStage(this.doc, this.s.state, this.stageName());
  }

  /**
   * What `when`, expression conditions and `{{ }}` see: the state, the stage and the getters'
   * values (Pinecall's snapshot). Keeps the getters' values on the session for the state panel;
   * a getter that fails is left out and the trace says why, once a step.
   */
  scope(): Record<string, unknown> {
    const state = this.agentState();
    const derive = this.deps.derive;
    if (!derive || !hasDerivedState(this.doc)) return state;
    const key = JSON.stringify(state);
    if (this.lastScope?.key === key) return this.lastScope.scope;
    const derived = derive(this.doc, state, this.deps.call ?? {});
    if (derived.failure) this.noteOnce(`the getters were not computed (${derived.failure}): when, conditions and the prompt see the state alone`);
    for (const [getter, message] of Object.entries(derived.errors)) {
      const needs = derived.needs[getter];
      this.noteOnce(needs?.length ? needMessage(`the getter ${getter}`, needs) : `the getter ${getter} threw (${message}): left out of the state`);
    }
    this.s.derived = derived.values;
    const scope = scopeWith(state, derived.values);
    this.lastScope = { key, scope };
    return scope;
  }

  /**
   * What a class that keeps its view as code (render() the importer could not read, `@render(Component)`,
   * or render() children that are no stage's section) renders for the state now, for the prompt
   * (promptBlocks puts it in place of, or after, the stage's instructions); undefined for any other
   * class, and when it failed (a note says why, once a step): the stage's own instructions stand alone.
   */
  viewText(): string | undefined {
    if (!viewFromCode(this.doc)) return undefined;
    const renderView = this.deps.renderView;
    if (!renderView) {
      this.noteOnce('render() was not run (no sandbox here): the prompt has the stage\'s own instructions');
      return undefined;
    }
    const state = this.agentState();
    const call = this.deps.call ?? {};
    const key = JSON.stringify([state, call]);
    if (this.lastView?.key === key) return this.lastView.text;
    const out = renderView(this.doc, state, call);
    let text: string | undefined = out.text;
    if (out.error !== undefined) {
      text = undefined;
      this.noteOnce(out.needs?.length ? `${out.error}; until then the prompt has the stage's own instructions` : `render() failed (${out.error}): the prompt has the stage's own instructions`);
    }
    this.lastView = { key, text };
    return text;
  }

  /** A run's writes (the stage by name) and `this.log` facts, authored by `author` (a tool, or `hook:onCall`). */
  applyRun(run: ToolRun, author: string): void {
    // Writes made before a throw happened all the same, so they are applied either way.
    for (const [field, value] of Object.entries(run.writes)) {
      if (field === 'stage' && !this.doc.state.some((f) => f.name === 'stage')) {
        // A body that assigns this.stage itself: honoured as Pinecall would (design.md, "Edges own stage changes").
        const target = this.doc.stages.find((st) => st.name === value);
        if (target && target.id !== this.s.stageId) this.moveStage(target.id, author);
      } else this.write(field, value, author);
    }
    for (const fact of run.logged ?? []) this.logFact(fact.name, fact.data, author);
  }

  /**
   * The call opens: the class's own `onCall(call)` runs before the first model call, with `this`
   * the initial state and the call facts; what it writes and logs is authored `hook:onCall`. A
   * throw is a note and the call goes on — in Pinecall the bridge would stop before sending the
   * call its first prompt (connect.ts start awaits the hook unguarded), so the note says that too.
   */
  async openCall(): Promise<void> {
    if (!hasOnCall(this.doc)) return;
    const call = this.deps.call ?? {};
    const run = await this.runTool(onCallTool(), { call: structuredClone(call) }, this.agentState());
    this.applyRun(run, ON_CALL_AUTHOR);
    if (run.error === undefined) return;
    const why = run.failure === 'needs-mock' ? run.error : `onCall threw: ${run.error}`;
    this.trace({ kind: 'note', message: `${why}. The simulated call goes on with what it wrote before; Pinecall would stop before sending the call its first prompt.` });
  }

  /** One tool call of a model answer: check, announce, run, log, confirm, edges (step 3). */
  async runCall(call: ToolCallRequest, offered: Tool[], answerHadText: boolean): Promise<void> {
    const tool = offered.find((t) => t.name === call.name);
    if (!tool) {
      // The runtime keeps every declared tool declared for the whole call and refuses one the app
      // closed (not visible in the stage now) where it is run: tools.py admitted(), NOT_AVAILABLE,
      // written as an `error` entry (code "refused") and read by the model as its ToolError.
      const declared = exportedTools(this.doc).some((t) => t.name === call.name);
      const message = declared ? notAvailable(call.name) : `${call.name}: no tool of that name is offered now; use one of the tools listed`;
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: call.name, message });
      return this.result(call, undefined, message);
    }
    const parsed = parseArguments(tool, call.arguments);
    // A class in Python checks as pydantic does, converting what it converts ("25" for an int); TypeScript's SDK checks presence and type.
    const python = this.doc.language === 'python' && !('error' in parsed) ? checkPythonArguments(tool, parsed.args) : undefined;
    // A class in Ruby: the gem refuses unknown arguments and Ruby a missing keyword; no type is checked.
    const ruby = this.doc.language === 'ruby' && !('error' in parsed) ? checkRubyArguments(tool, parsed.args) : undefined;
    const failed = 'error' in parsed ? parsed.error : python ? python.error : this.doc.language === 'ruby' ? ruby : checkArguments(tool, parsed.args);
    if (failed !== undefined || 'error' in parsed) {
      // A failed check runs nothing and writes nothing; the model reads the message as the error.
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: tool.name, message: failed ?? '' });
      return this.result(call, undefined, failed);
    }
    const args = python ? python.args : parsed.args;
    if (!answerHadText && tool.announce && !this.announced) {
      this.announced = true;
      this.s.transcript.push({ kind: 'runtime', text: tool.announce, source: 'announce', tool: tool.name });
    }
    const run = await this.runTool(tool, args, this.agentState());
    this.traceToolRun(call, tool.name, args, run);
    // A class in Python or Ruby keeps its tool bodies in that language, which no sandbox here runs: say what answered instead.
    const kept = keptBodyLanguage(this.doc, tool.name);
    if (kept) {
      this.trace({ kind: 'note', message: `${tool.name}'s body is ${kept}, which Callboard cannot run: ${tool.mock !== undefined ? 'its mock answered' : 'it answered with its arguments (give it a mock to answer otherwise)'}, and what the body writes to the state does not happen here` });
    }
    this.applyRun(run, tool.name);
    this.result(call, run.result, run.error, tool.preview);
    this.progress();
    if (run.error !== undefined) return;
    if (tool.confirm) this.s.transcript.push({ kind: 'runtime', text: fillConfirm(tool.confirm, args, run.result), source: 'confirm', tool: tool.name });
    if (this.s.stageId === null) return;
    const fired = firedEdge(this.doc, tool, this.s.stageId, args, this.scope(), this.deps.evaluate);
    for (const message of fired.notes) this.trace({ kind: 'note', message });
    if (fired.edge) this.moveStage(fired.edge.to, tool.name, fired.edge.id);
  }

  /**
   * The tool's result line; `preview` cuts what the model reads (the SDK's `previewed()` cuts a list
   * before it is sent), the state and the line keep it all. The model reads what the runtime makes
   * of the result (tools.py `result_text`): the error, else "" for no answer, a string as it is, a
   * list as `{"items": [...]}`, anything else as Python's `json.dumps`.
   */
  result(call: ToolCallRequest, result: unknown, error: string | undefined, preview?: number): void {
    const shown = Array.isArray(result) && preview !== undefined && result.length > preview ? result.slice(0, preview) : result;
    this.s.transcript.push({ kind: 'tool-result', id: call.id, name: call.name, result, error, modelReads: resultText(shown, error) });
  }

  /**
   * The call's date as the runtime's `call.context.today` gives it: the call's `today` fact
   * (`--call today=`, the Simulator's call facts), else the local date now.
   */
  today(): string {
    const given = this.deps.call?.today;
    return typeof given === 'string' && ISO_DATE.test(given) ? given : localIsoDate(this.deps.now?.() ?? Date.now());
  }


  /**
   * Steps 2–5: model calls until one answers with text, or the limit. A failed call ends the step
   * with the session as it stood: what the tools already wrote in this step stays.
   */
  /** What the model is offered of these tools: what the runtime's code builds of them (a class in Python: pydantic's), else their own. */
  private toolSpecs(tools: Tool[]): ToolSpec[] {
    const built = this.deps.toolSpecs?.(this.doc, tools);
    if (built) return built;
    // A class in Python read without its runtime's specs (a unit test): the docstring still reads as Python reads it.
    return this.doc.language === 'python' ? tools.map((t) => ({ ...toolSpec(t), description: pyOneLine(t.description) ?? '' })) : tools.map(toolSpec);
  }

  async loop(): Promise<Session> {
    const s = this.s;
    while (this.answeredCalls() < MAX_MODEL_CALLS_PER_STEP) {
      // Rebuilt before every call: a tool may have moved the stage or changed what `when` sees.
      const scope = this.scope();
      const visible = visibleTools(this.doc, s, this.deps.evaluate, scope);
      for (const message of visible.notes) this.trace({ kind: 'note', message });
      const call = this.nextCallNumber();
      const declared = this.declared ??= this.toolSpecs(exportedTools(this.doc));
      const knowledge = classKnowledge(this.doc);
      if (knowledge && 'fromCode' in knowledge) this.noteOnce(`the class's knowledge is given by code (text=${knowledge.fromCode.slice(0, 80)}), which Callboard cannot run: the prompt has no knowledge block`);
      const blocks = promptBlocks(this.doc, s, scope, this.viewText(), declared);
      const endCall = this.endCall();
      // Every declared tool goes in every request (the platform's set_tools: "changing what the
      // provider is sent spends its prompt cache"); which of them run now is said beside them.
      const body = {
        system: blocks.system,
        messages: historyMessages(s.transcript, this.opening()),
        ...(blocks.view ? { afterHistory: [blocks.view] } : {}),
        tools: [...declared, ...(endCall ? [endCall] : [])],
        openTools: [...this.toolSpecs(visible.tools).map((t) => t.name), ...(endCall ? [END_CALL] : [])],
        toolChoice: this.answeredCalls() >= TOOL_ROUNDS_IN_WORDS ? 'none' as const : 'auto' as const,
      };
      const response = await this.complete(body, 'agent', { phase: 'agent' }, true);
      if (!response) return s;
      const text = response.text.trim();
      if (text) s.transcript.push({ kind: 'agent', text: response.text });
      // The step ends on an answer without tool calls. Text that comes with calls is said, and the
      // model is called again to read the results, as every tool-calling runtime does.
      if (response.toolCalls.length === 0) {
        // Nothing to show otherwise: the chat says so, or the user would wait for an answer that never comes.
        if (!text) this.trace({ kind: 'note', chat: true, message: EMPTY_ANSWER });
        return s;
      }
      for (const tc of response.toolCalls) s.transcript.push({ kind: 'tool-call', id: tc.id, name: tc.name, arguments: tc.arguments, call });
      // The chat shows the calls as running while their tools work (a tool may take seconds).
      this.progress();
      // Tools run one after another, in the order called; each sees the writes of the one before.
      // All of them run even after Stop: every call the history holds then has its result.
      for (const tc of response.toolCalls) {
        if (endCall && tc.name === END_CALL) {
          // The platform answers its own tool: the call ends, and nothing is generated after it.
          s.transcript.push({ kind: 'tool-result', id: tc.id, name: tc.name, result: null, modelReads: 'null' });
          s.ended = true;
          this.trace({ kind: 'note', message: 'the model ended the call (end_call, offered because the class declares hangup): nothing is said after it' });
          return s;
        }
        await this.runCall(tc, visible.tools, text !== '');
      }
    }
    this.trace({ kind: 'limit', message: `the step stopped after ${MAX_MODEL_CALLS_PER_STEP} model calls without a text answer, so that a looping model cannot spend the key` });
    return s;
  }
}

/**
 * Runs one step. `callerLine` null opens the call with no caller line ("agent opens the call").
 * The step ends on a text answer or after MAX_MODEL_CALLS_PER_STEP model calls. A failed model call
 * sets `failure` and returns the session as it stood: the writes of tools already run are kept.
 */
export async function pinecallStep(doc: AgentDocument, session: Session, callerLine: string | null, deps: StepDeps): Promise<Session> {
  const run = new PinecallRun(doc, session, await stepDeps(doc, deps));
  const s = run.s;
  // The call opens with the first step (a caller line or the agent opening it): onCall runs first.
  const opening = s.turn === 0;
  run.beginStep();
  if (opening) await run.openCall();
  // The class's own greeting opens the call as written, with no model call (Pinecall 0.11's
  // `static greeting = "…"`); `improvise` leaves the opening to the model, as without one.
  const greeting = opening && callerLine === null ? classOpening(doc) : undefined;
  if (greeting?.kind === 'words') {
    s.transcript.push({ kind: 'agent', text: greeting.text });
    run.trace({ kind: 'note', message: 'the class\'s greeting (static greeting), said as written: no model call' });
    return finish(run);
  }
  if (callerLine !== null) s.transcript.push({ kind: 'caller', text: callerLine });
  run.traceSkipped(PINECALL_SKIPS);
  await run.loop();
  return finish(run);
}

/** Re-issues the failed model call of the last step and goes on from there (no caller line again). */
export async function pinecallRetry(doc: AgentDocument, session: Session, deps: StepDeps): Promise<Session> {
  if (session.failure?.retry?.phase !== 'agent') return session;
  const run = new PinecallRun(doc, session, await stepDeps(doc, deps));
  await run.loop();
  return finish(run);
}

/** The step's deps: the budget, and this thread's getter and view sandboxes for a class that needs them when none was given. */
async function stepDeps(doc: AgentDocument, deps: StepDeps): Promise<StepDeps> {
  const derive = deps.derive ?? (hasDerivedState(doc) ? await prepareDerive() : undefined);
  const renderView = deps.renderView ?? (viewFromCode(doc) ? await prepareRenderView() : undefined);
  return stepDepsWithBudget({ ...deps, ...(derive ? { derive } : {}), ...(renderView ? { renderView } : {}) });
}

/** The session the step ends with, its getters' values those of the state it ends in (once the budget is spent they stay as they were). */
function finish(run: PinecallRun): Session {
  if (!run.deps.budget?.exhausted) run.scope();
  return run.finish();
}

/** The language a tool's body is kept in where no sandbox here runs it (a class read from Python or Ruby), by the document's language. */
function keptBodyLanguage(doc: AgentDocument, toolName: string): 'Python' | 'Ruby' | undefined {
  const language = doc.language === 'python' ? 'Python' : doc.language === 'ruby' ? 'Ruby' : undefined;
  if (!language) return undefined;
  const bodies = (doc.preserved?.[language === 'Python' ? 'pinecallPython' : 'pinecallRuby'] as { bodies?: Record<string, string> } | undefined)?.bodies;
  return bodies && Object.hasOwn(bodies, toolName) ? language : undefined;
}
