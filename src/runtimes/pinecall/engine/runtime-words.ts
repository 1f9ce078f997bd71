// What the Pinecall runtime (pinecall/runtime, pinecall/session/tools.py) puts in front of the
// model around the app's tools: what it reads of a tool's result (`result_text`/`output_text`),
// the date pair every call's history opens with (`date_pair`), and the refusal of a tool the app
// did not leave open (`admitted`, NOT_AVAILABLE).
import type { ChatMessage, ToolCallRequest } from '../../../simulator/types';

/** tools.py NOT_AVAILABLE: the model's ToolError for a declared tool the app closed (the stage does not show it now). */
export const notAvailable = (name: string): string => `${name} is not available now`;

/** tools.py CLOCK_TOOL and CLOCK_CALL_ID: the date pair's tool name and call id. */
export const CLOCK_TOOL = 'current_date';
export const CLOCK_CALL_ID = 'clock_1';
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * Python's `json.dumps(value, ensure_ascii=False)` of a JSON value as JavaScript holds it: the
 * default separators `", "` and `": "`, keys in the order given, non-ASCII as is. A number prints
 * as Python prints what the app's wire (JSON) made of it: an integer below 1e21 as an `int` (all its
 * digits), anything else as a `float` by Python's `repr` (`0.1`, `1e-05`, `1e+21`). The limit: a
 * JavaScript number keeps no `.0`, so a float that is whole (`39.0` in Python) prints `39` here.
 * NaN and the infinities print `null`, as the app's JSON sends them. `undefined` in an object is
 * left out and in a list is `null`, as JSON.stringify does (what the app's wire carries); a value
 * with `toJSON` (a Date) is what that returns.
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') return pythonJsonDumps((value as { toJSON(): unknown }).toJSON());
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : pythonJsonDumps(v))).join(', ')}]`;
  if (typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && typeof v !== 'function')
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJsonDumps(v)}`);
    return `{${pairs.join(', ')}}`;
  }
  return 'null';
}

/** A number as Python prints what JSON made of it: an `int` when JSON wrote it with digits only, else a float's `repr`. */
function pythonNumber(n: number): string {
  if (!Number.isFinite(n)) return 'null';
  // JSON writes an integer below 1e21 with digits only (JavaScript's shortest digits, zeros after), which Python reads as an int.
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return JSON.stringify(n);
  // The shortest digits that read back as n (JavaScript and Python both print those), placed as Python's repr places them.
  const [mantissa, exp] = Math.abs(n).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const decpt = Number(exp) + 1;
  const sign = n < 0 ? '-' : '';
  if (decpt <= -4 || decpt > 16) {
    const e = decpt - 1;
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

/**
 * tools.py `output_text`: a tool's output as the model reads it — a string as it is, a list inside
 * an object (`{"items": [...]}`: livekit sends an output that parses as a JSON list to Anthropic as
 * content blocks), anything else as `json.dumps(output, ensure_ascii=False)`.
 */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  return pythonJsonDumps(Array.isArray(output) ? { items: output } : output);
}

/** tools.py `result_text`: what the model reads of a tool's result — its error, else its output (`None`, or no answer: ""). */
export function resultText(output: unknown, error: string | undefined): string {
  if (error !== undefined) return error;
  if (output === null || output === undefined) return '';
  return outputText(output);
}

/** A `YYYY-MM-DD` date's weekday as tools.py WEEKDAYS names it (`date.weekday()`: Monday is 0). */
function weekdayOf(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of a moment in local time. */
export function localIsoDate(ms: number): string {
  const at = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const pairs = new Map<string, readonly ChatMessage[]>();

/**
 * tools.py `date_pair(today)`: the call and its answer that tell the model what day it is, which
 * session.py `_opened` puts at the very start of the history, once per call, before the greeting and
 * every turn: `FunctionCall(call_id="clock_1", name="current_date", arguments="{}")` and its output
 * `json.dumps({"today": …, "weekday": …})`. The same (frozen) messages for the same date.
 */
export function datePair(today: string): readonly ChatMessage[] {
  let pair = pairs.get(today);
  if (!pair) {
    const output = pythonJsonDumps({ today, weekday: weekdayOf(today) });
    const call: ToolCallRequest = Object.freeze({ id: CLOCK_CALL_ID, name: CLOCK_TOOL, arguments: '{}' });
    const calls = Object.freeze([call]) as unknown as ToolCallRequest[];
    pair = Object.freeze([
      Object.freeze({ role: 'assistant' as const, content: '', toolCalls: calls }),
      Object.freeze({ role: 'tool' as const, toolCallId: CLOCK_CALL_ID, name: CLOCK_TOOL, content: output }),
    ]);
    if (pairs.size > 64) pairs.clear();
    pairs.set(today, pair);
  }
  return pair;
}
