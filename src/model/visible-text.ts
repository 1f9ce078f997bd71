// Text from an agent file or a model, made safe to show on a terminal (security issue 30, point 5).
// A terminal obeys what it is sent: ESC [ 1 A moves the cursor up, ESC [ 2 K erases the line, a
// carriage return goes back to column 0, a backspace steps back, OSC sequences (ESC ] … BEL) set
// titles and links, and C1 controls (U+009B is a one-character CSI) do the same without an ESC. So
// a name or a model's line printed raw can erase a diff's added line or print "PASS" over "FAIL".
// These helpers turn every such character into a visible escape (`\x1b`, `\r`, `\u009b`): the
// reader sees what the file holds, and the terminal is told nothing.

/**
 * Characters that steer a terminal or reorder what it shows: C0 controls, DEL, C1 controls, the
 * line and paragraph separators, and the bidirectional marks, embeddings, overrides and isolates
 * (they make text read in an order other than the one it is in: "Trojan Source"). Zero-width
 * joiners are left alone: emoji sequences are made of them and they move nothing.
 */
// eslint-disable-next-line no-control-regex
const STEERING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r' };

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');

/**
 * The visible form of one steering character. C0 controls read as a C string would write them
 * (`\r`, `\x1b`); the rest as `\u009b`. `\uXXXX` is also a JSON escape, so applying this to JSON
 * text (where JSON.stringify has already escaped every C0 control) keeps it valid and equal.
 */
export function visibleEscape(char: string): string {
  const code = char.charCodeAt(0);
  return NAMED[char] ?? (code < 0x20 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`);
}

/**
 * Text of many lines (a report, a model's reply, a stack) with every steering character shown as
 * an escape, except the line feed and the tab, which only lay text out. A carriage return right
 * before a line feed (a Windows line end) is kept too: it is followed at once by the new line, so
 * it overwrites nothing.
 */
export function visibleText(text: string): string {
  return text.replace(STEERING, (char, offset: number) =>
    char === '\n' || char === '\t' || (char === '\r' && text.charCodeAt(offset + 1) === 0x0a) ? char : visibleEscape(char));
}

/**
 * Text that must stay on one line (a name, a file name, a message in a `file:line: error:` line):
 * every steering character shown as an escape, line feeds and tabs included, so a name cannot
 * start a line of its own that looks like the tool's ("PASS 1/1").
 */
export function oneLineText(text: string): string {
  return text.replace(STEERING, visibleEscape);
}
