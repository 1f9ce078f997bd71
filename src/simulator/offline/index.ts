// The built-in offline model: no key, no network, deterministic. It reads only the request (system
// prompt, history, offered tools, tool choice, purpose) and answers by small general rules; every
// decision names its rule in `notes`, so the trace shows why the "model" did what it did.
import { nodeTaskMove } from './node-task';
import type { JsonSchema } from '../../model';
import { getOwn, setOwn } from '../../model/own';
import type { CallPurpose, Guess, Model, ModelRequest, ModelResponse, ToolCallRequest, Undecided } from '../types';
import { agrees, needsAgreement, whatToConfirm, whichOne } from './agree';
import { alsoMatching, fallbackTool, namedByInstructions, namedFallback, ranked, reasonFor, scoreTools, tooClose, type Scored } from './choose';
import { conditionSentence, decideCondition } from './condition';
import { findDates, findTimes } from './dates';
import { findEmails, findNames, findPhones } from './extract';
import { picksOffered, type FillContext } from './fill';
import type { Filled } from './fill-types';
import { askedBeforeEachLine } from './history-memo';
import { readRequest, type Reading } from './reading';
import { askFor, reportResults, spokenFrom, swapPersons } from './speech';
import { notStuck } from './stuck';
import { circling } from './circling';
import { mentionedUnread, pickUnread, refusedShort, unanswered } from './unanswered';
import { askForField } from './field-question';
import { patternReader, type PatternReader } from './patterns';
import { preparePatternSandbox } from '../sandbox/patterns';
import type { BoundedPatterns } from '../../model/bounded-pattern';
import { toolsOpenIn } from '../open-tools';
import { guessOf, measuredText, strongEnough } from './evidence-strength';

export interface OfflineModelOptions {
  /** ISO date that "today", "tomorrow" and weekday names count from; default: the real date. */
  today?: string;
  /** Where the tools' patterns run; default: this thread's pattern sandbox (../sandbox/patterns.ts). */
  patterns?: BoundedPatterns;
  /**
   * Write a value only on evidence measured right nine times in ten on agents no rule was written
   * from (evidence-strength.ts); a call that needs any other is held back, its guesses offered to
   * the person (`undecided`), and the agent asks for the first of them.
   */
  strict?: boolean;
}

const rule = (name: string, why: string) => `offline rule ${name}: ${why}`;

/** The engine names its purpose; a request without one is read from its shape. */
function purposeOf(request: ModelRequest): CallPurpose {
  if (request.purpose) return request.purpose;
  if (request.toolChoice === 'required') return 'tools';
  if (request.tools.length === 0 && /\byes or no\b/i.test(request.system)) return 'condition';
  return request.tools.length === 0 ? 'reply' : 'agent';
}

class Answer {
  readonly notes: string[] = [];
  readonly calls: ToolCallRequest[] = [];
  /** What each call was filled from, by call id (the strict model weighs it). */
  readonly made = new Map<string, Scored>();
  readonly chatNotes: string[] = [];
  /**
   * A tools call that moves nothing on: nothing in the caller's line pointed at a tool (it took the
   * one that guesses least, or none), or a tool it calls still lacks a required value.
   */
  readShort = false;
  /** Values written on evidence under the strict bar (the default model writes them, marked). */
  readonly guesses: Guess[] = [];
  text = '';
  undecided?: Undecided;
  /** The tools as the rules scored them on the caller's latest line (an agent call's; unanswered reads them). */
  scored: Scored[] = [];
  constructor(readonly request: ModelRequest) {}
  note(name: string, why: string) {
    this.notes.push(rule(name, why));
  }
  call(s: Scored, args: Record<string, unknown>) {
    for (const [name, f] of Object.entries(s.fill.filled)) this.note(f.rule, `${s.tool.name}.${name} = ${JSON.stringify(f.value)} — ${f.why ?? `from "${f.said}"`}`);
    // Ids only need to be unique in the history: the message count grows with every call made.
    const id = `offline_${this.request.messages.length}_${this.calls.length + 1}`;
    this.calls.push({ id, name: s.tool.name, arguments: JSON.stringify(args) });
    this.made.set(id, s);
  }
  done(): ModelResponse {
    if (this.text) this.request.onTextDelta?.(this.text);
    return { text: this.text, toolCalls: this.calls, notes: this.notes, ...(this.chatNotes.length ? { chatNotes: this.chatNotes } : {}), ...(this.guesses.length ? { guesses: this.guesses } : {}), ...(this.undecided ? { undecided: this.undecided } : {}) };
  }
}

/** What a tool does, as the agent offers it: its description's first clause ("refill a repeat prescription"). */
function offerOf(s: Scored): string {
  const first = s.tool.description.trim().split(/(?<=[.!?])\s|;\s*/)[0].replace(/[.!?]+$/, '');
  const spoken = swapPersons(first.charAt(0).toLowerCase() + first.slice(1));
  // A description that is no order ("Use when…", "The caller…") is offered by the tool's name.
  return /^(?:use|call|the|a|an|this|when|if|for|true)\b/i.test(spoken) || !spoken ? s.tool.name.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : spoken;
}

const nameWordsOf = (v: unknown) => String(v).replace(/[_-]+/g, ' ');

/** The stage's instructions as speech, or a plain offer of help when they say nothing speakable. */
function fromInstructions(a: Answer, r: Reading): string {
  // Hello only once, and never after tools already ran in this step.
  const spoken = spokenFrom(r.instructions, r.agentLines.length > 0 || r.stepCalls.length > 0);
  if (spoken) {
    a.note('speak-instructions', `said the first sentence of the stage's instructions that has something to say, in the agent's words ("${spoken.sentence.trim()}")`);
    return spoken.text;
  }
  a.note('speak-instructions', 'the instructions hold nothing to say without data: offered help');
  return 'How can I help?';
}

const sameCall = (s: Scored, r: Reading) => r.stepCalls.some((c) => c.name === s.tool.name && c.arguments === JSON.stringify(s.fill.args));

/**
 * A tool the stage's instructions name ("Check the record" names check_record), when nothing the
 * caller said points at a tool: the agent does what its instructions say. Only a tool whose
 * arguments are all filled, and not one already called since the caller's last line (the
 * instructions stay the same while the stage does, and must not call it again on every turn).
 */
function byInstructions(a: Answer, r: Reading, scored: Scored[]): boolean {
  const named = namedByInstructions(scored, r.instructions).filter(({ s }) => s.complete && !r.stepCalls.some((c) => c.name === s.tool.name));
  const first = named[0];
  if (!first) return false;
  a.note('tool-by-instructions', `picked ${first.s.tool.name} — the stage's instructions say ${first.said.map((w) => `"${w}"`).join(' and ')}, the words of its name`);
  a.call(first.s, first.s.fill.args);
  return true;
}

function agentCall(a: Answer, r: Reading, ctx: FillContext): void {
  const { request } = a;
  if (r.callerLines.length === 0) {
    a.note('open', 'no caller line yet: the agent opens');
    a.text = fromInstructions(a, r);
    return;
  }
  const failed = r.stepCalls.find((c) => c.failed);
  if (failed) {
    const report = reportResults(r.stepCalls, r.instructions);
    a.note(report.rule, `${failed.name} answered with an error: apologised and said what failed`);
    a.text = report.text;
    return;
  }
  const scored = request.toolChoice === 'none' ? [] : scoreTools(request.tools, ctx);
  a.scored = scored;
  for (const s of scored) if (s.deferred) a.note('not-yet-deferred', s.deferred);
  const move = nodeTaskMove(r, scored);
  if (move?.kind === 'speak') {
    a.note('node-entered-speaks', move.why);
    a.text = fromInstructions(a, r);
    return;
  }
  if (move?.kind === 'call') {
    a.note(move.rule, move.why);
    a.call(move.s, move.s.fill.args);
    return;
  }
  // Once a tool ran on the caller's line in this step, that line was acted on: its words alone
  // no longer point at a further tool (a next stage's tool shares them by chance, as "reach" meets
  // any tool about a phone); the values it gives still do, and so do the instructions (below).
  const acted = r.stepCalls.length > 0;
  const candidates = ranked(scored).filter((s) => (acted ? s.values.length > 0 : s.evidence > 0));
  for (const s of candidates.filter((c) => sameCall(c, r))) a.note('no-repeat', `${s.tool.name} already ran with these arguments in this step`);
  const fresh = candidates.filter((s) => !sameCall(s, r));
  const best = fresh[0];
  const rival = tooClose(best, fresh);
  if (best && rival) {
    const fallback = namedFallback(scored);
    const why = `the words of the caller point at ${best.tool.name} (${best.evidence.toFixed(2)}) and ${rival.tool.name} (${rival.evidence.toFixed(2)}) about equally — under the margin`;
    if (fallback && fallback !== best && fallback !== rival && fallback.complete) {
      a.note('intent-margin', `${why}: took ${fallback.tool.name}, the tool offered for what nothing else fits`);
      a.call(fallback, fallback.fill.args);
      return;
    }
    a.note('intent-margin', `${why}: asked which one`);
    a.text = `Just to be sure: do you want me to ${offerOf(best)}, or to ${offerOf(rival)}?`;
    return;
  }
  if (best?.complete) {
    const ask = needsAgreement(best, r.instructions);
    if (ask && !agrees(r.callerLines[0])) {
      a.note('agree-first', `${best.tool.name} fits (${reasonFor(best).why}) but ${ask}, and the caller's line is no yes: asked first`);
      a.text = `Shall I go ahead with ${whatToConfirm(best, r.offered)}?`;
      return;
    }
    for (const s of [best, ...alsoMatching(best, fresh)]) {
      const { rule: name, why } = reasonFor(s);
      a.note(name, `picked ${s.tool.name} — ${why}`);
      a.call(s, s.fill.args);
    }
    return;
  }
  if (byInstructions(a, r, scored)) return;
  if (r.afterResults) {
    const report = reportResults(r.stepCalls, r.instructions);
    a.note(report.rule, `reported the result of ${r.stepCalls.map((c) => c.name).join(', ')}`);
    if (report.rule !== 'report-result') {
      a.text = report.text;
      return;
    }
    // A runtime line (confirm) already told the caller what happened: go on with the stage.
    const confirmed = request.messages[request.messages.length - 1]?.role === 'assistant';
    a.text = [confirmed ? '' : report.text, fromInstructions(a, r)].filter(Boolean).join(' ');
    return;
  }
  if (best) {
    const missing = best.fill.missing[0];
    const prop: JsonSchema | undefined = getOwn(best.tool.parameters.properties, missing);
    if (prop && picksOffered(missing, prop, r.offered, best.tool.description)) {
      a.note('ask-which-offered', `${best.tool.name} fits (${reasonFor(best).why}) but the caller's line picks none of the offered rows for ${missing}: asked which`);
      a.text = whichOne(r.offered);
      a.undecided = pickUnread(r.callerLines[0], r.agentLines.at(-1), best.tool.name, r.offered.length, best.fill.args);
      if (a.undecided) a.note('unread', a.undecided.why);
      return;
    }
    // Own keys only: a parameter named "constructor" must not read Object.prototype's.
    const tie = getOwn(best.fill.ties, missing);
    if (tie) {
      a.note('enum-tie', `${best.tool.name}.${missing}: the caller's line names ${tie.map((v) => JSON.stringify(v)).join(' and ')} as strongly: asked which`);
      a.text = `Do you mean ${tie.slice(0, -1).map((v) => nameWordsOf(v)).join(', ')} or ${nameWordsOf(tie[tie.length - 1])}?`;
      return;
    }
    // An object with some fields read asks for the next field it lacks ("What is the pet name?").
    const field = getOwn(best.fill.partial, missing)?.[0];
    const fieldProp: JsonSchema | undefined = field === undefined ? undefined : getOwn(prop?.properties, field);
    a.note('ask-missing', `${best.tool.name} fits (${reasonFor(best).why}) but its required ${missing}${field === undefined ? '' : `.${field}`} has no value yet: asked for it`);
    a.text = field === undefined ? askFor(missing, prop, best.tool.description) : askForField(missing, field, fieldProp);
    // (Not on the caller's first line: "I'd like to book a van" names the van it wants no value of yet.)
    if (field === undefined && r.callerLines.length > 1) {
      a.undecided = mentionedUnread(r.callerLines[0], best.tool.name, missing, best.fill.args);
      if (a.undecided) a.note('unread', a.undecided.why);
    }
    const stuck = notStuck(a.text, r, missing, prop);
    if (stuck) {
      a.note('not-stuck', stuck.why);
      a.chatNotes.push(stuck.chatNote);
      a.text = stuck.text;
      a.undecided = { line: r.callerLines[0] ?? '', why: `no rule reads a value for ${missing} (${best.tool.name}) from it, and the agent had just asked for it`, tool: best.tool.name, read: { ...best.fill.args } };
    }
    return;
  }
  a.note('no-tool', 'nothing in the caller\'s latest line points at an offered tool');
  a.text = fromInstructions(a, r);
}

function toolsCall(a: Answer, ctx: FillContext): void {
  const scored = scoreTools(a.request.tools, ctx);
  for (const s of scored) if (s.deferred) a.note('not-yet-deferred', s.deferred);
  const top = ranked(scored)[0];
  // A question asked is no reason to fire its tool with nothing in hand: the words or values must point.
  const pointed = top !== undefined && top.evidence - (top.askedHere ? 0.5 : 0) > 0;
  const fallback = pointed ? undefined : fallbackTool(scored);
  const chosen = pointed ? [top, ...alsoMatching(top, scored)] : fallback ? [fallback] : [];
  a.readShort = !pointed || chosen.some((s) => s.fill.missing.length > 0);
  // Nothing in the caller's line points at a tool and the one that guesses least still lacks a
  // required value: the rules could not read the line (a person may play the model here).
  const line = a.request.messages.filter((m) => m.role === 'user').at(-1)?.content;
  const unread = !pointed && (!fallback || fallback.fill.missing.length > 0);
  if (unread && typeof line === 'string' && line.trim()) {
    const tool = fallback ?? top;
    a.undecided = {
      line, why: tool ? `nothing in it points at a tool, and ${tool.tool.name} still lacks ${tool.fill.missing.join(', ')}` : 'nothing in it points at a tool',
      ...(tool ? { tool: tool.tool.name, read: { ...tool.fill.args } } : {}),
    };
    a.note('unread', a.undecided.why);
  }
  for (const s of chosen) {
    const { rule: name, why } = pointed ? reasonFor(s) : { rule: 'tool-fallback', why: 'a tool must be called and nothing points at one: took the one that guesses least' };
    a.note(name, `picked ${s.tool.name} — ${why}`);
    const args = { ...s.fill.args };
    for (const missing of s.fill.missing) {
      const prop = getOwn(s.tool.parameters.properties, missing);
      // Only a pattern that admits "" on purpose (`…|^$`) says the tool collects piece by piece.
      const acceptsEmpty = prop?.type === 'string' && !prop.enum && typeof prop.pattern === 'string' && matches(ctx.patterns, prop.pattern, '', `${s.tool.name}.${missing}`);
      if (acceptsEmpty) setOwn(args, missing, '');
      a.note('capture-partial', acceptsEmpty
        ? `${missing} not given yet: sent empty, which its schema accepts and which keeps an earlier capture`
        : `${missing} not given yet and its schema does not invite an empty value: left out`);
    }
    a.call(s, args);
    const leftOut = s.fill.missing.filter((m) => !Object.hasOwn(args, m));
    if (!a.undecided && leftOut.length) {
      a.undecided = refusedShort(typeof line === 'string' ? line : undefined, s.tool.name, leftOut, args);
      if (a.undecided) a.note('unread', a.undecided.why);
    }
  }
}

/** Whether the pattern matches, in the sandbox: one JS cannot read, or that runs out of time, does not. */
function matches(patterns: PatternReader, pattern: string, value: string, place: string): boolean {
  const answer = patterns.test(pattern, value, place);
  return 'matched' in answer && answer.matched !== null;
}

function replyCall(a: Answer, r: Reading, today: string | undefined): void {
  const latest = r.callerLines[0];
  const gave = latest !== undefined && [findNames(latest), findPhones(latest), findEmails(latest), findDates(latest, today), findTimes(latest)].some((f) => f.length > 0);
  if (gave) a.note('reply-acknowledge', "the caller's latest line gave a value: thanked them for it");
  const spoken = fromInstructions(a, r);
  // A greeting opens the reply on its own: "Thank you. Hello!" thanks before it greets.
  a.text = gave && !/^(?:thank|hello|hi)\b/i.test(spoken) ? `Thank you. ${spoken}` : spoken;
}

/** A tool called since the caller's latest line took a flag from it: its yes or no is spent. */
function yesNoSpent(r: Reading): boolean {
  return r.stepCalls.some((c) => {
    try {
      const args: unknown = JSON.parse(c.arguments);
      return typeof args === 'object' && args !== null && Object.values(args).some((v) => typeof v === 'boolean');
    } catch {
      return false;
    }
  });
}

/**
 * The strict model (OfflineModelOptions.strict): a call any of whose values stands on evidence
 * under the bar is not made. Its values are offered to the person as the rules read them (the
 * Simulator's form starts from them; the CLI stops on the line), and the agent asks for the first
 * value held back, in its parameter's words.
 */
function holdWeakGuesses(a: Answer, r: Reading): void {
  for (const call of [...a.calls]) {
    const s = a.made.get(call.id);
    if (!s) continue;
    const weak = weakValues(call.id, s, r);
    if (!weak.length) continue;
    a.calls.splice(a.calls.indexOf(call), 1);
    const guesses = weak.map((g) => `${g.param} = ${JSON.stringify(g.value)} from "${g.said}" (${measuredText(g.kinds)})`);
    a.note('strict-held', `${s.tool.name} not called: ${guesses.join('; ')} — under the strict bar, so offered to confirm instead of written`);
    a.undecided ??= { line: r.callerLines[0] ?? '', why: `the strict model holds back ${guesses.join('; ')}: confirm or correct it`, held: true, tool: s.tool.name, read: JSON.parse(call.arguments) as Record<string, unknown> };
    const first = weak[0].param;
    if (!a.text) a.text = askFor(first, getOwn(s.tool.parameters.properties, first), s.tool.description);
  }
}

/**
 * The caller's words a value came from, to show a person: a value named whole by other words
 * ("brakes … look at them" for brake_check) records the value's own name, which the caller never
 * said; then the line it was read from stands for them.
 */
function callerWordsOf(f: Filled, r: Reading): string {
  const said = f.said.toLowerCase().replace(/_/g, ' ');
  if (r.callerLines.some((line) => line.toLowerCase().includes(said))) return f.said;
  return f.fromLatest && r.callerLines[0] ? r.callerLines[0] : f.said;
}

/** The values of a call made on evidence under the strict bar, as guesses with the caller's words. */
const weakValues = (callId: string, s: Scored, r: Reading): Guess[] =>
  Object.entries(s.fill.filled).flatMap(([name, f]) => (strongEnough(f) ? [] : [guessOf(callId, s.tool.name, name, { ...f, said: callerWordsOf(f, r) })]));

/**
 * The default model writes a value on evidence under the strict bar, but says so: each such value is
 * a guess the chat and the CLI mark, with the caller's words and how its kind measured on unseen
 * agents (on first sights about one value in four the rules wrote was wrong), so none passes for a
 * value read for sure.
 */
function markGuesses(a: Answer, r: Reading): void {
  for (const call of a.calls) {
    const s = a.made.get(call.id);
    if (s) a.guesses.push(...weakValues(call.id, s, r));
  }
  if (a.guesses.length) a.note('guessed', a.guesses.map((g) => `${g.tool}.${g.param} (${measuredText(g.kinds)})`).join('; '));
}

export function createOfflineModel(options: OfflineModelOptions = {}): Model {
  return {
    async complete(sent: ModelRequest): Promise<ModelResponse> {
      // The rules pick among the tools the runtime runs now (Pinecall sends every declared tool
      // and refuses a closed one): the rest are as good as not offered to them.
      const request = sent.openTools === undefined ? sent : { ...sent, tools: toolsOpenIn(sent) };
      // The tools' patterns run in the pattern sandbox (QuickJS, with a deadline). Loading it is
      // the one asynchronous part: once loaded, a pattern run is a synchronous call, so the rules
      // below stay synchronous.
      const patterns = patternReader(options.patterns ?? (await preparePatternSandbox()));
      const a = new Answer(request);
      const r = readRequest(request);
      const asked = askedBeforeEachLine(r.history, request.tools, sent.openTools === undefined ? undefined : sent.tools);
      const ctx: FillContext = { callerLines: r.callerLines, today: options.today, offered: r.offered, offeredTimes: r.offeredTimes, offeredValues: r.offeredValues, agentLines: r.agentLines, asked, olderLatePart: r.olderLatePart, nearestOlder: r.nearestOlder, patterns, yesNoSpent: yesNoSpent(r), instructions: r.instructions };
      const purpose = purposeOf(request);
      if (!request.purpose) a.note('purpose', `the request names no purpose: read as a ${purpose} call from its shape`);
      const now = asked[0] ?? [];
      if (now.length) a.note('dialogue-state', `the caller's line is read first as the answer to the agent's question for ${now.map((q) => `${q.tool}.${q.param}`).join(', ')} (${now[0].why})`);
      if (purpose === 'condition') {
        const decision = decideCondition(conditionSentence(request.system), r.callerLines);
        a.note(decision.rule, `${decision.holds ? 'yes' : 'no'} — ${decision.why}`);
        a.text = decision.holds ? 'yes' : 'no';
      } else if (purpose === 'tools') toolsCall(a, { ...ctx, askedInParallel: true });
      // An agent call asked to answer in words (Pinecall's third call of a reply, tool_choice "none")
      // is still the agent's turn: read as one, with no tool to call.
      else if (purpose === 'reply' || request.tools.length === 0 || (request.toolChoice === 'none' && purpose !== 'agent')) replyCall(a, r, options.today);
      else agentCall(a, r, ctx);
      for (const note of patterns.notes) a.note('pattern-too-slow', note);
      // (Once a tool ran on the line in this step, the line was acted on: the agent's next words are no answer to it.)
      if (!a.undecided && purpose === 'agent' && r.stepCalls.length === 0) {
        const unread = unanswered(r.callerLines, now, a.scored, a.calls);
        if (unread) {
          a.undecided = unread;
          a.note('unanswered', unread.why);
        }
      }
      if (!a.undecided) {
        const circles = circling(purpose, r, { text: a.text, calls: a.calls, readShort: a.readShort, toolsOpen: request.tools.length });
        if (circles) {
          a.undecided = circles;
          a.note('circling', circles.why);
        }
      }
      if (options.strict) holdWeakGuesses(a, r);
      else markGuesses(a, r);
      return a.done();
    },
  };
}
