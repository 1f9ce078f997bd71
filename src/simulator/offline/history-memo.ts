// The offline model reads the whole history on every request: for each caller line it asks which
// parameter the question before it asked for (askedFor), and an enum parameter with no value yet
// is looked for in every caller line (readEnum). Both are pure functions of a line and of what the
// tools say, and a line never changes once said, so each line is read once per tool set: a long
// call's step then costs a lookup per older line instead of a reading (the `callboard simulate`
// runs of 4,000 lines were quadratic in these two).
//
// The keys are what the readings depend on, by content: the tools as JSON (made once per request),
// the enum's values and the descriptions, and the line. An enum array's identity only finds its
// entry fast; the values are then confirmed one by one against the ones it was made from.
import type { ToolSpec } from '../types';
import { askedFor as readAskedFor, type Asked } from './asked';
import { findDayPart } from './dates';
import { perLineOf, type HistoryRead, type NearestOlder } from './history-fold';
import { readEnum as readEnumOf, type EnumReading } from './enums';

/** Lines remembered per key before that key's memory is dropped (a bound, not a working size). */
const MAX_LINES = 20_000;

/** A bounded line → result memory; `undefined` results are remembered too. */
class LineMemo<T> {
  private readonly byLine = new Map<string, T | undefined>();
  get(line: string, read: () => T | undefined): T | undefined {
    if (this.byLine.has(line)) return this.byLine.get(line);
    if (this.byLine.size >= MAX_LINES) this.byLine.clear();
    const value = read();
    this.byLine.set(line, value);
    return value;
  }
}

const freezeDeep = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) freezeDeep(inner);
    Object.freeze(value);
  }
  return value;
};

// askedFor: one memory per tool set, keyed by the tools' JSON, made once per request.
const askedByTools = new Map<string, LineMemo<Asked[]>>();
const MAX_TOOL_SETS = 64;

/**
 * askedFor(question, tools) for each question of one request, each read once per line and tool
 * set. The results are frozen: they are shared with later requests.
 */
export function askedForEach(questions: (string | undefined)[], tools: ToolSpec[]): Asked[][] {
  const key = JSON.stringify(tools);
  let memo = askedByTools.get(key);
  if (!memo) {
    if (askedByTools.size >= MAX_TOOL_SETS) askedByTools.clear();
    askedByTools.set(key, (memo = new LineMemo()));
  }
  const lines = memo;
  return questions.map((q) => (q === undefined ? readAskedFor(q, tools) : (lines.get(q, () => freezeDeep(readAskedFor(q, tools))) ?? [])));
}

// readEnum: per enum array (its values confirmed element by element, so an array changed in place
// is read afresh), then per description, then per line.
interface DescriptionNode {
  next: Map<string, DescriptionNode>;
  lines?: LineMemo<EnumReading>;
}
const enumMemos = new WeakMap<unknown[], { values: unknown[]; byCount: Map<number, DescriptionNode> }>();

const sameValues = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** readEnum(values, line, descriptions), read once per line, values and descriptions. The result is frozen: it is shared. */
export function readEnum(values: unknown[], line: string, descriptions: string[]): EnumReading | undefined {
  let memo = enumMemos.get(values);
  if (!memo || !sameValues(memo.values, values)) enumMemos.set(values, (memo = { values: [...values], byCount: new Map() }));
  // One level per description, so no key is built from the (long) descriptions on every line.
  let node: DescriptionNode | undefined = memo.byCount.get(descriptions.length);
  if (!node) memo.byCount.set(descriptions.length, (node = { next: new Map() }));
  for (const description of descriptions) {
    let next: DescriptionNode | undefined = node.next.get(description);
    if (!next) node.next.set(description, (next = { next: new Map() }));
    node = next;
  }
  node.lines ??= new LineMemo<EnumReading>();
  return node.lines.get(line, () => freezeDeep(readEnumOf(values, line, descriptions)));
}


/**
 * The next caller line fill.ts's enum search reads after line `i` (most recent first). An older
 * line that neither names a value (a tie there is passed over) nor a part of day the enum holds
 * is passed over with nothing done, so the search goes straight to the nearest line that does:
 * found once per line and carried with the history, where reading every line made each request
 * of a long call cost more than the one before. Without `nearestOlder`, every line in turn.
 */
export function nextEnumLine(values: unknown[], descriptions: string[], nearestOlder?: NearestOlder): (i: number) => number {
  if (!nearestOlder) return (i) => i + 1;
  const decides = (line: string) => {
    const read = readEnum(values, line, descriptions);
    if (read) return !('tie' in read);
    const part = findDayPart(line);
    return part !== undefined && values.includes(part.part);
  };
  // What `decides` depends on besides the line: the values (with their types) and the descriptions.
  return nearestOlder(JSON.stringify(['enum', values.map((v) => [typeof v, v]), descriptions]), decides);
}

/**
 * For each caller line of a request, most recent first: what the agent's question before it asked
 * for, with `tools` (askedForEach), carried with the history so each line is read once per tool set.
 */
export function askedOf(history: HistoryRead, tools: ToolSpec[]): Asked[][] {
  return perLineOf(history, `asked ${JSON.stringify(tools)}`, (questions) => askedForEach(questions, tools));
}

/**
 * askedOf for a request: the latest line's question matched among the tools open now, each older
 * line's among every tool the agent declares (`declared`; absent when all are open). An older
 * question was asked while other tools were open (Pinecall closes a stage's tools as it moves on):
 * matched among the open ones alone, "What is the locker code?" (findLocker's) would count as
 * asking the open openDoor's atLocker, and the line before it answer that.
 */
export function askedBeforeEachLine(history: HistoryRead, open: ToolSpec[], declared?: ToolSpec[]): Asked[][] {
  const now = askedOf(history, open);
  return declared === undefined ? now : [now[0] ?? [], ...askedOf(history, declared).slice(1)];
}
