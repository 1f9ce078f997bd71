// Where a problem sits in a Callboard JSON file: the document's JSON pointer, as written there.
import { jsonPointerLocator, pointerSegments } from './json-locate';
import type { Locator } from './locator';

export function jsonLocator(text: string): Locator {
  // Scanned once, and lines found by binary search: per problem, both were a pass over the whole
  // text (2,000 problems in a 1 MB file took minutes).
  const locate = jsonPointerLocator(text);
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return ({ path }) => {
    const range = locate(path);
    // Only the root found: the pointer names nothing in the text, so the path says more than line 1.
    if (!range || (range.depth === 0 && pointerSegments(path).length > 0)) return undefined;
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= range.start) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: range.start - lineStarts[low] + 1 };
  };
}
