// How much of a long text the panels lay out (security issue 30, point 4): a tool that returned
// 12 MB, put in the chat whole, froze the tab for 10-282 s or killed it. The chat, the turn
// inspector, the change log and the state panel show the first SHOWN_CHARACTERS; "Show all" pages
// through the rest PAGE_CHARACTERS at a time, and Download saves the whole text as a file.

/** What a panel lays out of one text at first: a real tool result or prompt is well under it. */
export const SHOWN_CHARACTERS = 20_000;
/** One page of "Show all": a plain pre of this much lays out in tens of milliseconds. */
export const PAGE_CHARACTERS = 200_000;

/** The text's first `limit` characters, without splitting a surrogate pair. */
export function headOf(text: string, limit = SHOWN_CHARACTERS): string {
  if (text.length <= limit) return text;
  const end = isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
  return text.slice(0, end);
}

/** Page `page` (0-based) of a text, PAGE_CHARACTERS long, its ends kept off a surrogate pair's middle. */
export function pageOf(text: string, page: number, size = PAGE_CHARACTERS): { text: string; from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(text.length / size));
  const at = Math.min(Math.max(0, page), pages - 1);
  let from = at * size;
  let to = Math.min(text.length, from + size);
  if (from > 0 && isHighSurrogate(text.charCodeAt(from - 1))) from -= 1;
  if (to < text.length && isHighSurrogate(text.charCodeAt(to - 1))) to -= 1;
  return { text: text.slice(from, to), from, to, pages };
}

/** A value as one line of JSON, at most `limit` characters (a title, a table cell): never the whole of a huge value. */
export function shortJson(value: unknown, limit = 1_000): string {
  const text = value === undefined ? 'undefined' : typeof value === 'string' && value.length > limit * 4 ? JSON.stringify(headOf(value, limit)) : JSON.stringify(value);
  return text.length > limit ? `${headOf(text, limit)}…` : text;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
