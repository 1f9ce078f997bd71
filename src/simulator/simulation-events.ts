// What a step added, as a list of events in the order they happened: the CLI prints them one JSON
// object a line, and the app's export of a run reuses them. The session keeps the transcript, the
// change log and the trace apart; each trace entry's `mark` says where it fell among the other two.
// Within the stretch between two trace entries the engines write changes before lines (a tool's
// writes come before the confirm it says), so that is the order used here.
import { isPiiName } from '../model/pii';
import type { AgentDocument } from '../model';
import { MASK, sessionMasker } from './pii-mask';
import { LOG_FIELD_PREFIX, type Change, type Line, type Session, type TraceEntry } from './types';

export type SimEvent =
  | { type: 'say'; who: 'caller' | 'agent' | 'runtime'; text: string }
  | { type: 'tool_call'; id: string; name: string; args: unknown }
  | { type: 'tool_result'; id: string; name: string; result: unknown }
  | { type: 'tool_result'; id: string; name: string; error: string }
  | { type: 'change'; seq: number; turn: number; field: string; prev: unknown; next: unknown; author: string }
  /** A `this.log(name, data)` of a tool or a hook (a change-log entry of kind `log`); `data` absent when none was given. */
  | { type: 'log'; seq: number; turn: number; name: string; data?: unknown; author: string }
  | { type: 'stage'; from: string; to: string; via: string }
  | { type: 'end' }
  /** The offline model's rules could not read the caller's `line` at `step` (why: `why`): the script ended there. */
  | { type: 'stuck'; step: number; line: string; why: string }
  | { type: 'error'; message: string };

/** JSON has no undefined: an absent value prints as null. */
const orNull = (value: unknown): unknown => (value === undefined ? null : value);

export function sessionEvents(before: Session, after: Session, doc: AgentDocument): SimEvent[] {
  // Masked by name and by the values the run saw under a pii name (pii-mask.ts), as the app's views are.
  const masker = sessionMasker(doc, after);
  const mask = (tool: ReturnType<typeof toolNamed>, value: unknown) => masker.value(value, tool);
  const toolNamed = (name: string) => doc.tools.find((t) => t.name === name);
  const isPii = (field: string) => isPiiName(doc, field);
  const argsOf = (name: string, raw: string): unknown => {
    const tool = toolNamed(name);
    try {
      const parsed: unknown = JSON.parse(raw.trim() === '' ? '{}' : raw);
      return mask(tool, parsed);
    } catch {
      // Text that is not JSON is shown as written, unless it may hold a pii value.
      return tool && tool.pii.length > 0 ? MASK : masker.text(raw);
    }
  };

  const changeEvent = (c: Change): SimEvent => {
    if (c.kind === 'log') {
      // A logged record may carry what a pii field holds, under the field's own name: masked the same way.
      const data = c.next === undefined ? {} : { data: mask(toolNamed(c.author), c.next) };
      return { type: 'log', seq: c.seq, turn: c.turn, name: c.field.slice(LOG_FIELD_PREFIX.length), ...data, author: c.author };
    }
    const hidden = isPii(c.field);
    return { type: 'change', seq: c.seq, turn: c.turn, field: c.field, prev: hidden ? MASK : orNull(masker.value(c.prev)), next: hidden ? MASK : orNull(masker.value(c.next)), author: c.author };
  };
  const lineEvents = (line: Line): SimEvent[] => {
    if (line.kind === 'caller' || line.kind === 'agent') return [{ type: 'say', who: line.kind, text: line.text }];
    if (line.kind === 'runtime') return [{ type: 'say', who: 'runtime', text: line.text }];
    // Pinecall keeps its tool calls in the transcript; results come from the trace (they carry the run).
    if (line.kind === 'tool-call') return [{ type: 'tool_call', id: line.id, name: line.name, args: argsOf(line.name, line.arguments) }];
    return [];
  };
  const traceEvents = (t: TraceEntry): SimEvent[] => {
    switch (t.kind) {
      case 'model-call':
        // Block Agent's tool calls live only in its tool call's answer (an unused answer has `error`).
        if (t.request.purpose !== 'tools' || !t.response || t.error !== undefined) return [];
        return t.response.toolCalls.map((c) => ({ type: 'tool_call', id: c.id, name: c.name, args: argsOf(c.name, c.arguments) }));
      case 'tool-run':
        if (t.error !== undefined) return [{ type: 'tool_result', id: t.toolCallId, name: t.tool, error: masker.text(t.error) }];
        return [{ type: 'tool_result', id: t.toolCallId, name: t.tool, result: orNull(mask(toolNamed(t.tool), t.result)) }];
      case 'check-failed':
        return [{ type: 'tool_result', id: t.toolCallId, name: t.tool, error: t.message }];
      case 'stage-change':
        // A loop edge keeps the stage: it is no move.
        return t.from === t.to ? [] : [{ type: 'stage', from: t.from, to: t.to, via: t.via }];
      default:
        return [];
    }
  };

  const events: SimEvent[] = [];
  let line = before.transcript.length;
  let change = before.changeLog.length;
  const upTo = (lines: number, changes: number) => {
    for (; change < Math.min(changes, after.changeLog.length); change++) events.push(changeEvent(after.changeLog[change]));
    for (; line < Math.min(lines, after.transcript.length); line++) events.push(...lineEvents(after.transcript[line]));
  };
  for (const entry of after.trace.slice(before.trace.length)) {
    if (entry.mark) upTo(entry.mark.lines, entry.mark.changes);
    events.push(...traceEvents(entry));
  }
  upTo(Infinity, Infinity);
  // A failed call always leaves its model-call entry: a failure with no new entry is an old one.
  if (after.failure && after.trace.length > before.trace.length) events.push({ type: 'error', message: after.failure.message });
  return events;
}
