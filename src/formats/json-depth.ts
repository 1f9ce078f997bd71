// How deep a JSON text nests, read from the text in one pass (no parse, no recursion), so that a
// file nested 1,000,000 levels deep is refused at the bracket where it passes the limit instead
// of reaching code that walks the value recursively.
import { positionAt } from '../model/text-position';
import { fileTooDeepMessage, MAX_FILE_DEPTH } from '../model/limits';
import { pointer } from '../model/lint/pointer';

/** Keys kept for the message: enough to name the place (`/tests/0/expect/state`), never thousands. */
const NAMED_LEVELS = 4;

export interface JsonTooDeep {
  /** Offset of the bracket that opens the first level past the limit. */
  offset: number;
  /** The deepest level the text reaches. */
  depth: number;
  /** Where that bracket stands, as keys and indexes from the root: the first few only, `truncated` when there are more. */
  path: (string | number)[];
  truncated: boolean;
}

/**
 * The first place `text` nests deeper than `limit` levels (`[]` is one level), or undefined.
 * Brackets inside strings do not count; the text need not be valid JSON.
 */
export function jsonTooDeep(text: string, limit: number): JsonTooDeep | undefined {
  const levels: { array: boolean; key: string | number | undefined; expectKey: boolean }[] = [];
  let found: JsonTooDeep | undefined;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      const top = levels[levels.length - 1];
      if (top && !top.array && top.expectKey) {
        top.expectKey = false;
        if (levels.length <= NAMED_LEVELS && !found) {
          try {
            top.key = JSON.parse(text.slice(start, i + 1)) as string;
          } catch {
            top.key = text.slice(start + 1, i);
          }
        }
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      levels.push({ array: c === 0x5b, key: c === 0x5b ? 0 : undefined, expectKey: c === 0x7b });
      if (levels.length > deepest) deepest = levels.length;
      if (levels.length > limit && !found) {
        const keys = levels.slice(0, -1).slice(0, NAMED_LEVELS).map((l) => l.key ?? '');
        found = { offset: i, depth: 0, path: keys, truncated: levels.length - 1 > NAMED_LEVELS };
      }
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      levels.pop();
    } else if (c === 0x2c /* , */) {
      const top = levels[levels.length - 1];
      if (top?.array) top.key = (top.key as number) + 1;
      else if (top) top.expectKey = true;
    }
  }
  return found && { ...found, depth: deepest };
}


/** The located error for a JSON text nested past MAX_FILE_DEPTH, or undefined when it is within. */
export function jsonDepthError(text: string, limit = MAX_FILE_DEPTH): { line: number; column: number; message: string } | undefined {
  const deep = jsonTooDeep(text, limit);
  if (!deep) return undefined;
  // Only the first keys are named: the rest of the way down may be thousands of them.
  const where = deep.path.length === 0 ? 'the file' : `the value at ${pointer(...deep.path)}${deep.truncated ? '/…' : ''}`;
  return { ...positionAt(text, deep.offset), message: fileTooDeepMessage(where, deep.depth) };
}
