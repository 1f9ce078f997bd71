// Pure helpers of the change log: filters, the run's time origin, and what an author is.
import type { AgentDocument } from '../../model';
import type { PiiMasker } from '../../simulator/pii-mask';
import { LOG_FIELD_PREFIX, type Change, type Session } from '../../simulator/types';

export interface ChangeFilter {
  /** '' shows every field. */
  field: string;
  /** '' shows every author. */
  author: string;
}

export const NO_FILTER: ChangeFilter = { field: '', author: '' };

export function filterChanges(changes: readonly Change[], filter: ChangeFilter): Change[] {
  return changes.filter((c) => (!filter.field || c.field === filter.field) && (!filter.author || c.author === filter.author));
}

/** The distinct values of one column, in first-seen order (the order the run wrote them). */
export function distinct(changes: readonly Change[], column: 'field' | 'author'): string[] {
  return [...new Set(changes.map((c) => c[column]))];
}

/**
 * When the run started: the earliest moment any trace entry or write recorded. Block Agent traces
 * a model call when it ends but stamps it with its start, so the first entry is not always the
 * earliest one.
 */
export function runStart(session: Pick<Session, 'trace' | 'changeLog'>): number | null {
  let start: number | null = null;
  for (const list of [session.trace, session.changeLog]) for (const entry of list) if (start === null || entry.at < start) start = entry.at;
  return start;
}

/** `+1.2 s` from the run start; minutes once past one (`+2 m 05 s`). */
export function relativeTime(at: number, start: number | null): string {
  const ms = Math.max(0, at - (start ?? at));
  if (ms < 60_000) return `+${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1000);
  return `+${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * Who wrote a change: a tool of the document (by name, as the engines author writes), an edge
 * (Block Agent authors a stage move by the edge's id), or the runtime itself (`runtime`, `loop`,
 * `looping`, a tool since deleted…).
 */
export type AuthorRef = { kind: 'tool'; id: string; name: string } | { kind: 'edge'; id: string } | { kind: 'other'; name: string };

export function authorRef(doc: AgentDocument, author: string): AuthorRef {
  const tool = doc.tools.find((t) => t.name === author);
  if (tool) return { kind: 'tool', id: tool.id, name: tool.name };
  if (doc.edges.some((e) => e.id === author)) return { kind: 'edge', id: author };
  return { kind: 'other', name: author };
}

/** A `this.log(name, data)` entry (kind `log`): no write, a named fact its author put in the call's log. */
export const isLog = (change: Change): boolean => change.kind === 'log';

/** The name a log entry was logged under (`appointment.booked`); a write's field as it is. */
export const entryName = (change: Change): string => (isLog(change) ? change.field.slice(LOG_FIELD_PREFIX.length) : change.field);

/**
 * A log entry's data as the log shows it: compact JSON, nothing when none was given; a value under
 * a pii field's name is `***` at any depth (a log may carry the record a pii field holds).
 */
export function logDataText(mask: PiiMasker, data: unknown): string {
  if (data === undefined) return '';
  return JSON.stringify(mask.value(data));
}

/** `5 writes`; with logs among them `4 writes, 1 log`; filtered `2 of 5 entries`. */
export function countLabel(visible: number, all: readonly Change[]): string {
  const logs = all.filter(isLog).length;
  if (logs === 0) return visible === all.length ? `${all.length} writes` : `${visible} of ${all.length} writes`;
  if (visible !== all.length) return `${visible} of ${all.length} entries`;
  const writes = all.length - logs;
  return `${writes} write${writes === 1 ? '' : 's'}, ${logs} log${logs === 1 ? '' : 's'}`;
}
