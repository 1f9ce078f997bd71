// How a card's name fits its card far out: where it may wrap (never inside a word: after `_`, `-`,
// `.`, `/` and spaces, and between the humps of camelCase), and the largest font at which it fits
// whole in so many lines. Pure arithmetic on a table of glyph widths, run when a card's name or
// size changes (adapters.ts), never per frame: the CSS takes the smaller of the zoom level's size
// and this one (canvas.css, --fit-name).

/**
 * Advance widths in em of a wide bold sans (DejaVu Sans Bold, what `system-ui` is on a bare Linux;
 * the fonts of macOS and Windows are narrower, so a name measured here fits there too).
 */
const WIDTHS: Record<string, number> = {
  ' ': 0.35, '!': 0.46, '"': 0.52, '#': 0.84, $: 0.7, '%': 1, '&': 0.87, "'": 0.31, '(': 0.46, ')': 0.46, '*': 0.52, '+': 0.84, ',': 0.38,
  '-': 0.42, '.': 0.38, '/': 0.37, ':': 0.4, ';': 0.4, '<': 0.84, '=': 0.84, '>': 0.84, '?': 0.58, '@': 1, A: 0.77, B: 0.76, C: 0.73,
  D: 0.83, E: 0.68, F: 0.68, G: 0.82, H: 0.84, I: 0.37, J: 0.37, K: 0.77, L: 0.64, M: 1, N: 0.84, O: 0.85, P: 0.73, Q: 0.85, R: 0.77,
  S: 0.72, T: 0.68, U: 0.81, V: 0.77, W: 1.1, X: 0.77, Y: 0.72, Z: 0.73, '[': 0.46, '\\': 0.37, ']': 0.46, '^': 0.84, _: 0.5, '`': 0.5,
  a: 0.67, b: 0.72, c: 0.59, d: 0.72, e: 0.68, f: 0.44, g: 0.72, h: 0.71, i: 0.34, j: 0.34, k: 0.67, l: 0.34, m: 1.04, n: 0.71, o: 0.69,
  p: 0.72, q: 0.72, r: 0.49, s: 0.6, t: 0.48, u: 0.71, v: 0.65, w: 0.92, x: 0.65, y: 0.65, z: 0.58, '{': 0.71, '|': 0.37, '}': 0.71, '~': 0.84,
};
for (let d = 0; d <= 9; d++) WIDTHS[String(d)] = 0.7;

/** A name's width in em at the canvas's bold weight, a little generous (kerning, hinting). */
export function emWidth(text: string): number {
  let width = 0;
  for (const char of text) width += WIDTHS[char] ?? (char.codePointAt(0)! > 0x2e80 ? 1 : 0.8);
  return width * 1.04;
}

const BREAK_AFTER = /[_\-./\s]/;
const LOWER_OR_DIGIT = /[\p{Ll}\p{N}]/u;
const UPPER = /\p{Lu}/u;

/**
 * The name cut where a line may end, each piece with its trailing separator: `restoration_estimate`
 * → `restoration_` `estimate`; `askForDate` → `ask` `For` `Date`. Joined, the pieces are the name.
 */
export function nameSegments(name: string): string[] {
  const chars = [...name];
  const segments: string[] = [];
  let current = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    const next = chars[i + 1];
    current += char;
    const after = BREAK_AFTER.test(char) && next !== undefined && !BREAK_AFTER.test(next);
    const hump = next !== undefined && LOWER_OR_DIGIT.test(char) && UPPER.test(next);
    if (after || hump) {
      segments.push(current);
      current = '';
    }
  }
  if (current) segments.push(current);
  return segments;
}

/** How many lines the pieces take at `perLine` em, wrapped only between pieces; Infinity when a piece is wider than a line. */
export function linesAt(widths: readonly number[], perLine: number): number {
  let lines = 1;
  let used = 0;
  for (const width of widths) {
    if (width > perLine) return Infinity;
    if (used > 0 && used + width > perLine) {
      lines++;
      used = width;
    } else used += width;
  }
  return lines;
}

export interface FitBox {
  /** The width the name may take, in flow px. */
  width: number;
  /** The height it may take, in flow px. */
  height: number;
  /** Lines at most. */
  maxLines: number;
  /** Line height over font size. */
  lineHeight: number;
}

export interface NameFit {
  /** The largest font size (flow px, to a tenth) at which the whole name fits the box, wrapped only between its pieces. */
  fontPx: number;
  /** Lines it takes at a given font size (flow px). */
  linesAt(fontPx: number): number;
}

/** The name's pieces' widths in em, for linesAt. */
export const segmentWidths = (name: string) => nameSegments(name).map(emWidth);

export function fitName(name: string, box: FitBox): NameFit {
  const widths = segmentWidths(name || ' ');
  const lines = (font: number) => linesAt(widths, box.width / font);
  const fits = (font: number) => {
    const n = lines(font);
    return n <= box.maxLines && n * font * box.lineHeight <= box.height;
  };
  let low = 4;
  let high = 200;
  if (!fits(low)) high = low;
  for (let i = 0; i < 24 && high - low > 0.05; i++) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return { fontPx: Math.floor(low * 10) / 10, linesAt: lines };
}

/** What a card's CSS needs to show its name whole: the font sizes that fit it, and far out the room left under it. */
export interface CardFit {
  /** Close up, the name's font size (flow px) at most. */
  near: number;
  /** Far out, the name's font size (flow px) at most: the step's size wins when smaller. */
  far: number;
  /** Far out, per step (FAR_STEPS), how many lines of the smaller text (kind, instructions) fit under the name. */
  rows: number[];
}

/** A stage card's inside (STAGE_SIZE, less its borders and padding), in flow px. */
const STAGE_INNER = { width: 230, height: 134 };
const NEAR_NAME_PX = 15;
export const FAR_NAME_LINE = 1.15;
export const FAR_SMALL_LINE = 1.2;
/** The smaller far text (kind, instructions, badges) against the step's name size. */
export const FAR_SMALL_RATIO = 0.8;

/**
 * How a stage's name fits its card. Close up the head row also holds the kind icon and the entry
 * and problem badges; far out the name has the card's width, the badges go on a row under it.
 */
export function stageCardFit(name: string, options: { entry: boolean; problems: boolean }, steps: readonly { namePx: number }[]): CardFit {
  const nearWidth = STAGE_INNER.width - 26 - (options.entry ? 66 : 0) - (options.problems ? 26 : 0);
  const near = Math.min(NEAR_NAME_PX, fitName(name, { width: nearWidth, height: 40, maxLines: 2, lineHeight: 1.2 }).fontPx);
  const badges = options.entry || options.problems;
  const farFit = fitName(name, { width: STAGE_INNER.width, height: STAGE_INNER.height - (badges ? 8 : 0), maxLines: 3, lineHeight: FAR_NAME_LINE });
  const rows = steps.map(({ namePx }) => {
    const font = Math.min(namePx, farFit.fontPx);
    const small = Math.round(namePx * FAR_SMALL_RATIO);
    const badgeRow = badges ? small * 0.8 * 1.4 + 4 : 0;
    const left = STAGE_INNER.height - farFit.linesAt(font) * font * FAR_NAME_LINE - badgeRow - 6;
    return Math.max(0, Math.min(3, Math.floor(left / (small * FAR_SMALL_LINE))));
  });
  return { near, far: farFit.fontPx, rows };
}

/** A block's name on one line of its header: the font size (flow px) at which it fits `width`, under the header's `room`. */
export function blockNameFit(name: string, width: number, room: number): number {
  return fitName(name, { width: Math.max(40, width - 28), height: Math.max(12, room - 10), maxLines: 1, lineHeight: 1.2 }).fontPx;
}
