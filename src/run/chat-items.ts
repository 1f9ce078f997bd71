// The chat as a list of display items, built from the session and the step records. Pure (no React)
// so that it is unit-tested: which step each line belongs to, tool calls joined to their check,
// run and result, and pii masked before anything reaches the page.
import type { AgentDocument, Tool } from '../model';
import type { SimStepRecord } from '../store/types';
import { MASK, sessionMasker, type PiiMasker } from '../simulator/pii-mask';
import { PLAYED_BY_YOU } from '../simulator/played';
import type { Guess, Line, MockNeed, RuntimeSource, Session, TraceEntry } from '../simulator/types';
import { measuredText } from '../simulator/offline/evidence-strength';
import { runGuesses } from '../simulator/run-guesses';

interface ItemBase {
  key: string;
  /** The step (session.turn) the item belongs to: simFocus points at it. */
  turn: number;
  /** Index into the step records; null while the step is still running. */
  stepIndex: number | null;
}

export type ToolStatus = 'running' | 'ok' | 'check-failed' | 'error';

export type ChatItem = ItemBase &
  (
    | { kind: 'caller'; text: string }
    | { kind: 'agent'; text: string }
    | { kind: 'runtime'; text: string; source: RuntimeSource; tool: string }
    | {
        kind: 'tool';
        name: string;
        status: ToolStatus;
        /** Arguments as shown: parsed with pii parameters masked, or the raw text when it does not parse. */
        args: unknown;
        check: string;
        result?: unknown;
        error?: string;
        /** What the model reads back when it differs from the result (a preview cut). */
        modelReads?: string;
        logs: string[];
        /** The run failed for want of a mock answer: what it called that cannot run here (the row offers to give one). */
        needs?: MockNeed[];
        /** Arguments the offline model guessed (evidence under the strict bar), pii masked: the row marks them. */
        guesses?: ShownGuess[];
      }
    | { kind: 'stage'; from: string; to: string; via: string }
    | { kind: 'limit'; text: string }
    /** What a person answered in the model's place (Play the model). */
    | { kind: 'played'; text: string }
  );

/** A guessed argument as the chat shows it: its parameter, value, the caller's words and how its kind of evidence measured. */
export interface ShownGuess {
  param: string;
  value: unknown;
  said: string;
  measured: string;
}

/** A guess in words, as the chat and "Save as test" show it: `service = "brake_check" from “…”`. */
export const guessWords = (g: Pick<ShownGuess, 'param' | 'value' | 'said'>): string => `${g.param} = ${JSON.stringify(g.value)} from “${g.said}”`;

type ToolCallLine = Extract<Line, { kind: 'tool-call' }>;
type ToolResultLine = Extract<Line, { kind: 'tool-result' }>;

/** Arguments as shown: parsed and masked, or the raw text when it does not parse (all of it masked when the tool has pii). */
function shownArguments(mask: PiiMasker, tool: Tool | undefined, raw: string): unknown {
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return mask.value(parsed, tool);
  } catch {
    // Shown as written below, unless it may hold a pii value.
  }
  return tool && tool.pii.length > 0 ? MASK : mask.text(raw);
}

/** What a run that failed for want of a mock answer called, when it did (the trace's `needs-mock`). */
const needsOf = (run: Extract<TraceEntry, { kind: 'tool-run' }> | undefined): { needs?: MockNeed[] } =>
  run?.failure === 'needs-mock' && run.needs?.length ? { needs: run.needs } : {};

type Outcomes = Map<string, { failedCheck?: Extract<TraceEntry, { kind: 'check-failed' }>; run?: Extract<TraceEntry, { kind: 'tool-run' }>; guesses?: Guess[] }>;

/**
 * Each tool call's refused check and its run (the first of each in the trace), and the values the
 * offline model guessed in it, by the call's id: read once, not once per call.
 */
function outcomesOf(trace: readonly TraceEntry[]): Outcomes {
  const out: Outcomes = new Map();
  const of = (id: string) => out.get(id) ?? out.set(id, {}).get(id)!;
  for (const t of trace) {
    if (t.kind === 'model-call') for (const g of t.response?.guesses ?? []) (of(g.call).guesses ??= []).push(g);
    if (t.kind !== 'check-failed' && t.kind !== 'tool-run') continue;
    const found = of(t.toolCallId);
    if (t.kind === 'check-failed') found.failedCheck ??= t;
    else found.run ??= t;
  }
  return out;
}

/** A guess as shown: a pii parameter's value and the words it came from masked whole. */
function shownGuess(mask: PiiMasker, tool: Tool | undefined, g: Pick<Guess, 'param' | 'value' | 'said'>, measured: string): ShownGuess {
  const pii = mask.isPii(g.param) || (tool?.pii.includes(g.param) ?? false);
  return { param: g.param, value: pii ? MASK : mask.value(g.value, tool), said: pii ? MASK : mask.text(g.said), measured };
}

function shownGuesses(mask: PiiMasker, tool: Tool | undefined, guesses: Guess[] | undefined): { guesses?: ShownGuess[] } {
  return guesses?.length ? { guesses: guesses.map((g) => shownGuess(mask, tool, g, measuredText(g.kinds))) } : {};
}

/** Every guess of the run, by step and tool, pii masked ("Save as test" names them). */
export function shownRunGuesses(doc: AgentDocument, session: Session): (ShownGuess & { step: number; tool: string })[] {
  const mask = sessionMasker(doc, session);
  return runGuesses(session).map((g) => ({ step: g.step, tool: g.tool, ...shownGuess(mask, doc.tools.find((t) => t.name === g.tool), g, g.measured) }));
}

function toolItem(doc: AgentDocument, mask: PiiMasker, call: ToolCallLine, result: ToolResultLine | undefined, outcomes: Outcomes, base: ItemBase): ChatItem {
  const tool = doc.tools.find((t) => t.name === call.name);
  const { failedCheck, run, guesses } = outcomes.get(call.id) ?? {};
  const status: ToolStatus = failedCheck ? 'check-failed' : !result ? 'running' : result.error !== undefined ? 'error' : 'ok';
  const shownResult = result && result.error === undefined ? mask.value(result.result, tool) : undefined;
  const fullText = result?.result === undefined ? 'null' : JSON.stringify(result.result);
  const cut = result && result.error === undefined && result.modelReads !== fullText && result.modelReads !== result.result;
  return {
    ...base,
    kind: 'tool',
    name: call.name,
    status,
    args: shownArguments(mask, tool, call.arguments),
    check: failedCheck ? mask.text(failedCheck.message) : run || result ? 'passed' : 'pending',
    result: shownResult,
    error: failedCheck || result?.error === undefined ? undefined : mask.text(result.error),
    modelReads: cut ? JSON.stringify(mask.value(safeParse(result.modelReads), tool)) : undefined,
    logs: (run?.logs ?? []).map(mask.text),
    ...needsOf(run),
    ...shownGuesses(mask, tool, guesses),
  };
}

/**
 * A Block Agent tool call as a row. Block Agent keeps only caller and agent lines in its history,
 * so its calls live in the tools call's answer and their outcome in the trace: a failed check
 * captured nothing; a run has a result or an error; a call with neither was a plain capture.
 */
function capturedToolItem(doc: AgentDocument, mask: PiiMasker, call: { id: string; name: string; arguments: string }, outcomes: Outcomes, base: ItemBase): ChatItem {
  const tool = doc.tools.find((t) => t.name === call.name);
  const { failedCheck, run, guesses } = outcomes.get(call.id) ?? {};
  const status: ToolStatus = failedCheck ? 'check-failed' : run?.error !== undefined ? 'error' : 'ok';
  return {
    ...base,
    kind: 'tool',
    name: call.name,
    status,
    args: shownArguments(mask, tool, call.arguments),
    check: failedCheck ? mask.text(failedCheck.message) : 'passed: captured',
    result: run && run.error === undefined ? mask.value(run.result, tool) : undefined,
    error: run?.error === undefined ? undefined : mask.text(run.error),
    logs: (run?.logs ?? []).map(mask.text),
    ...needsOf(run),
    ...shownGuesses(mask, tool, guesses),
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Pinecall says a tool's announce as the tool starts, before its result (formats/pinecall.md, step
 * 3). The chat draws a call and its result as one row, so an announce said between the two moves up
 * before that row: `before` maps the call's line to the announce's, `moved` holds the announces so placed.
 */
function announcesBefore(lines: readonly Line[]): { before: Map<number, number>; moved: Set<number> } {
  const before = new Map<number, number>();
  const moved = new Set<number>();
  const resultAt = new Map<string, number>();
  lines.forEach((l, i) => l.kind === 'tool-result' && !resultAt.has(l.id) && resultAt.set(l.id, i));
  lines.forEach((call, i) => {
    if (call.kind !== 'tool-call') return;
    const end = resultAt.get(call.id) ?? lines.length;
    for (let j = i + 1; j < end; j++) {
      const l = lines[j];
      if (l.kind === 'runtime' && l.source === 'announce' && l.tool === call.name && !moved.has(j)) {
        before.set(i, j);
        moved.add(j);
        return;
      }
      // A caller or agent line ends the call's turn: an announce after it is another turn's.
      if (l.kind === 'caller' || l.kind === 'agent') return;
    }
  });
  return { before, moved };
}

/**
 * Which step record each transcript index belongs to (null: the step in flight): the first step
 * whose lines span it. One pass over the steps' spans, not a search of every step for every line.
 */
function stepsOfLines(steps: readonly SimStepRecord[], lines: number): (number | null)[] {
  const of = new Array<number | null>(lines).fill(null);
  steps.forEach((step, i) => {
    for (let index = step.before.transcript.length; index < Math.min(step.after.transcript.length, lines); index++) of[index] ??= i;
  });
  return of;
}

export function chatItems(doc: AgentDocument, session: Session | null, steps: SimStepRecord[]): ChatItem[] {
  if (!session) return [];
  // One masker for every row: by pii name, and by the values the run saw under one (pii-mask.ts).
  const mask = sessionMasker(doc, session);
  const items: ChatItem[] = [];
  const lines = session.transcript;
  const results = new Map(lines.filter((l): l is ToolResultLine => l.kind === 'tool-result').map((l) => [l.id, l]));
  const outcomes = outcomesOf(session.trace);
  const stepOf = stepsOfLines(steps, lines.length);
  const turnOf = (stepIndex: number | null) => (stepIndex === null ? session.turn : steps[stepIndex].after.turn);
  // Stage changes and limits are in the trace, not the transcript. An entry's mark says how many
  // lines there were when it happened, which places it among them; without one it ends its step.
  const placed = new Map<number, ChatItem[]>();
  const tails = new Map<number, ChatItem[]>();
  session.trace.forEach((t, i) => {
    const base = { key: `trace-${i}`, turn: t.step, stepIndex: null };
    if (t.kind === 'model-call' && t.request.purpose === 'tools' && t.response && t.error === undefined) {
      const calls = t.response.toolCalls.map((c, j) => capturedToolItem(doc, mask, c, outcomes, { ...base, key: `trace-${i}-${j}` }));
      const [map, at] = t.mark ? [placed, t.mark.lines] : [tails, t.step];
      map.set(at, [...(map.get(at) ?? []), ...calls]);
      return;
    }
    const item: ChatItem | null =
      t.kind === 'stage-change'
        ? { ...base, kind: 'stage', from: t.from, to: t.to, via: t.via }
        : t.kind === 'note' && t.chat && t.message.startsWith(PLAYED_BY_YOU)
          ? { ...base, kind: 'played', text: mask.text(t.message) }
          : t.kind === 'limit' || (t.kind === 'note' && t.chat)
            ? { ...base, kind: 'limit', text: t.message }
            : null;
    if (!item) return;
    const [map, at] = t.mark ? [placed, t.mark.lines] : [tails, t.step];
    map.set(at, [...(map.get(at) ?? []), item]);
  });
  const byTurn = new Map<number, ChatItem[]>();
  const bucketOf = (turn: number) => byTurn.get(turn) ?? byTurn.set(turn, []).get(turn)!;
  const announces = announcesBefore(lines);
  const runtimeItem = (line: Extract<Line, { kind: 'runtime' }>, base: ItemBase): ChatItem => ({ ...base, kind: 'runtime', text: line.text, source: line.source, tool: line.tool });
  lines.forEach((line, index) => {
    const stepIndex = stepOf[index];
    const turn = turnOf(stepIndex);
    for (const item of placed.get(index) ?? []) bucketOf(item.turn).push(item);
    const bucket = bucketOf(turn);
    const base: ItemBase = { key: `line-${index}`, turn, stepIndex };
    if (line.kind === 'caller' || line.kind === 'agent') bucket.push({ ...base, kind: line.kind, text: line.text });
    else if (line.kind === 'runtime' && !announces.moved.has(index)) bucket.push(runtimeItem(line, base));
    else if (line.kind === 'tool-call') {
      const said = announces.before.get(index);
      const announce = said === undefined ? undefined : lines[said];
      if (said !== undefined && announce?.kind === 'runtime') bucket.push(runtimeItem(announce, { ...base, key: `line-${said}` }));
      bucket.push(toolItem(doc, mask, line, results.get(line.id), outcomes, base));
    }
  });
  for (const [at, list] of placed) if (at >= lines.length) for (const item of list) bucketOf(item.turn).push(item);
  for (let turn = 0; turn <= session.turn; turn++) items.push(...(byTurn.get(turn) ?? []), ...(tails.get(turn) ?? []));
  return items;
}
