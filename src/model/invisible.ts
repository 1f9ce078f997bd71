// Characters a reader cannot see and a model reads (security issue 30, points 6 and 11): Unicode tag
// characters (U+E0000–U+E007F, which spell ASCII out of sight), bidi controls (which reorder what is
// shown, "Trojan Source"), zero-width characters, other format characters (general category Cf),
// fillers that draw nothing, stray variation selectors (which can carry bytes, one per selector),
// and control characters. Lint reports them (lint/invisible.ts), the diff and the CLI show them as
// visible markers (revealInvisible), so a smuggled instruction is never an empty `{++}`.
//
// What is left alone, because it has a use a reader can see: a zero-width joiner between two emoji
// (👩 U+200D 💻, one picture), a ZWJ or ZWNJ inside a word of a script that shapes with them (Persian, Hindi, …), one
// variation selector right after a character that has variants (an emoji, an ideograph, a math
// symbol), and the tag sequence of a subdivision flag (🏴 + lower-case tags + CANCEL TAG). Pure.

/** How bad a hidden character is: `hidden` ones (tags, bidi overrides) have no legitimate use in a prompt. */
import { visibleEscape } from './visible-text';
export type InvisibleKind = 'tag' | 'bidi-control' | 'bidi-mark' | 'zero-width' | 'variation-selector' | 'format' | 'filler' | 'control';

export interface InvisibleRun {
  kind: InvisibleKind;
  /** UTF-16 offsets in the text, end exclusive. */
  start: number;
  end: number;
  /** The run's code points, in order. */
  codePoints: number[];
  /** What tag characters (or a run of variation selectors) spell, when they spell printable text. */
  hidden?: string;
}

/** The kinds with no legitimate use in a prompt: what they hide or reorder is read by the model and seen by no one. */
export const SEVERE_KINDS: ReadonlySet<InvisibleKind> = new Set(['tag', 'bidi-control']);

const NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x17b4: 'KHMER VOWEL INHERENT AQ',
  0x17b5: 'KHMER VOWEL INHERENT AA',
  0x180b: 'MONGOLIAN FREE VARIATION SELECTOR ONE',
  0x180c: 'MONGOLIAN FREE VARIATION SELECTOR TWO',
  0x180d: 'MONGOLIAN FREE VARIATION SELECTOR THREE',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x180f: 'MONGOLIAN FREE VARIATION SELECTOR FOUR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x206a: 'INHIBIT SYMMETRIC SWAPPING',
  0x206b: 'ACTIVATE SYMMETRIC SWAPPING',
  0x206c: 'INHIBIT ARABIC FORM SHAPING',
  0x206d: 'ACTIVATE ARABIC FORM SHAPING',
  0x206e: 'NATIONAL DIGIT SHAPES',
  0x206f: 'NOMINAL DIGIT SHAPES',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xfff9: 'INTERLINEAR ANNOTATION ANCHOR',
  0xfffa: 'INTERLINEAR ANNOTATION SEPARATOR',
  0xfffb: 'INTERLINEAR ANNOTATION TERMINATOR',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** "U+202E RIGHT-TO-LEFT OVERRIDE": the code point and its Unicode name (a description where the table has no name). */
export function describeCodePoint(cp: number): string {
  const name = NAMES[cp]
    ?? (cp >= 0xfe00 && cp <= 0xfe0f ? `VARIATION SELECTOR-${cp - 0xfe00 + 1}`
      : cp >= 0xe0100 && cp <= 0xe01ef ? `VARIATION SELECTOR-${cp - 0xe0100 + 17}`
        : cp === 0xe0020 ? 'TAG SPACE'
          : cp > 0xe0020 && cp < 0xe007f ? `TAG ${JSON.stringify(String.fromCharCode(cp - 0xe0000))}`
            : cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ? 'a control character'
              : 'an invisible format character');
  return `${hex(cp)} ${name}`;
}

// Prepended concatenation marks are Cf but drawn (the Arabic number sign and its kin): not invisible.
const VISIBLE_FORMAT = new Set([0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06dd, 0x070f, 0x0890, 0x0891, 0x08e2, 0x110bd, 0x110cd]);
const FILLERS = new Set([0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180f, 0x3164, 0xffa0]);
const ZERO_WIDTH = new Set([0x00ad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff]);

const isVariationSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);

/** The kind of a code point a reader cannot see, before its neighbours are looked at; undefined for a visible one. */
function kindOf(cp: number): InvisibleKind | undefined {
  if (cp < 0x80) return cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d ? 'control' : cp === 0x7f ? 'control' : undefined;
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi-control';
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'bidi-mark';
  if (ZERO_WIDTH.has(cp)) return 'zero-width';
  if (isVariationSelector(cp)) return 'variation-selector';
  if (FILLERS.has(cp)) return 'filler';
  if (cp >= 0x80 && cp <= 0x9f) return 'control';
  if (VISIBLE_FORMAT.has(cp)) return undefined;
  return /\p{Cf}/u.test(String.fromCodePoint(cp)) ? 'format' : undefined;
}

// A quick test before the walk: most text has none of these, and lint runs on every edit. The class
// names control characters and combining selectors on purpose, each as an escape.
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const MAYBE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0\ufe00-\ufe0f\p{Cf}\u{e0100}-\u{e01ef}]/u;

const EMOJI = /\p{Extended_Pictographic}/u;
const HAS_VARIANTS = /[\p{Emoji}\p{Ideographic}\p{Sm}\p{So}]/u;
// Scripts whose words are written with ZWJ/ZWNJ (Arabic and Syriac shaping, Indic conjuncts).
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Mongolian}\p{Script=Nko}]/u;

/** The code points of a text with their UTF-16 offsets. */
function codePointsOf(text: string): { cp: number; at: number }[] {
  const out: { cp: number; at: number }[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    out.push({ cp, at: i });
    i += cp > 0xffff ? 2 : 1;
  }
  return out;
}

const charOf = (cp: number | undefined) => (cp === undefined ? '' : String.fromCodePoint(cp));

/** Whether a flagged code point has a visible use where it stands (see the head of the file). */
function legitimateHere(cps: { cp: number }[], i: number, kind: InvisibleKind): boolean {
  const cp = cps[i].cp;
  // The previous visible code point (an emoji's own VS16 or skin tone stands between it and a ZWJ).
  let p = i - 1;
  while (p >= 0 && (isVariationSelector(cps[p].cp) || (cps[p].cp >= 0x1f3fb && cps[p].cp <= 0x1f3ff))) p--;
  const prev = charOf(cps[p]?.cp);
  const next = charOf(cps[i + 1]?.cp);
  if (cp === 0x200d && EMOJI.test(prev) && EMOJI.test(next)) return true;
  if ((cp === 0x200d || cp === 0x200c) && JOINING_SCRIPT.test(charOf(cps[i - 1]?.cp)) && /[\p{L}\p{M}]/u.test(next)) return true;
  if (kind === 'variation-selector') {
    // One selector after a character that has variants; a second one in a row carries a byte.
    const before = cps[i - 1]?.cp;
    const after = cps[i + 1]?.cp;
    return before !== undefined && !isVariationSelector(before) && HAS_VARIANTS.test(charOf(before)) && (after === undefined || !isVariationSelector(after));
  }
  return false;
}

/** A subdivision flag: 🏴 then 1–7 tag digits or lower-case letters, then CANCEL TAG. */
function flagTagEnd(cps: { cp: number }[], i: number): number {
  if (cps[i - 1]?.cp !== 0x1f3f4) return -1;
  let j = i;
  while (j < cps.length && j - i < 7 && ((cps[j].cp >= 0xe0030 && cps[j].cp <= 0xe0039) || (cps[j].cp >= 0xe0061 && cps[j].cp <= 0xe007a))) j++;
  return j > i && cps[j]?.cp === 0xe007f ? j : -1;
}

/** What a run spells: tag characters as ASCII; variation selectors as bytes (VS1–16 are 0–15, VS17–256 are 16–255) read as UTF-8. */
function decode(kind: InvisibleKind, codePoints: number[]): string | undefined {
  let text: string | undefined;
  if (kind === 'tag') {
    text = codePoints.filter((cp) => cp >= 0xe0020 && cp <= 0xe007e).map((cp) => String.fromCharCode(cp - 0xe0000)).join('');
  } else if (kind === 'variation-selector' && codePoints.length > 1) {
    const bytes = codePoints.map((cp) => (cp <= 0xfe0f ? cp - 0xfe00 : cp - 0xe0100 + 16));
    text = new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes));
  }
  // Only what reads as text is worth quoting; bytes that are no text are described by count.
  return text && /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\t]+$/u.test(text) && /[\p{L}\p{N}]/u.test(text) ? text : undefined;
}

/** Every run of characters a reader cannot see in `text`, in order; neighbours of one kind make one run. */
export function findInvisible(text: string): InvisibleRun[] {
  if (!MAYBE.test(text)) return [];
  const cps = codePointsOf(text);
  const runs: InvisibleRun[] = [];
  for (let i = 0; i < cps.length; i++) {
    const kind = kindOf(cps[i].cp);
    if (!kind) continue;
    if (kind === 'tag') {
      const end = flagTagEnd(cps, i);
      if (end >= 0) { i = end; continue; }
    }
    if (legitimateHere(cps, i, kind)) continue;
    const last = runs[runs.length - 1];
    const end = cps[i].at + (cps[i].cp > 0xffff ? 2 : 1);
    if (last && last.kind === kind && last.end === cps[i].at) {
      last.end = end;
      last.codePoints.push(cps[i].cp);
    } else {
      runs.push({ kind, start: cps[i].at, end, codePoints: [cps[i].cp] });
    }
  }
  for (const run of runs) {
    const hidden = decode(run.kind, run.codePoints);
    if (hidden !== undefined) run.hidden = hidden;
  }
  return runs;
}

export const hasInvisible = (text: string): boolean => findInvisible(text).length > 0;

const MAX_SHOWN_HIDDEN = 80;

/** A hidden text as a message or a marker quotes it: one line, cut with an ellipsis. */
export function quoteHidden(hidden: string, max = MAX_SHOWN_HIDDEN): string {
  const one = hidden.replace(/\s+/g, ' ');
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** A run as a visible marker: ⟨U+202E⟩ per character; tag characters (and selectors) that spell text, with the text. */
export function markerOf(run: InvisibleRun): string {
  if (run.hidden !== undefined) {
    const what = run.kind === 'tag' ? 'hidden tag text' : 'hidden in variation selectors';
    return `⟨${what}: ${JSON.stringify(run.hidden)}⟩`;
  }
  // A control character reads as the terminal output writes it (`\x1b`, `\u009b`: visible-text.ts),
  // so the diff and a report name it alike.
  if (run.kind === 'control') return run.codePoints.map((cp) => visibleEscape(String.fromCodePoint(cp))).join('');
  return run.codePoints.map((cp) => `⟨${hex(cp)}⟩`).join('');
}

/**
 * The text with every invisible run replaced by a visible marker (markerOf), for what a reviewer
 * reads (the diff, the CLI's output). Text without any comes back as it was.
 */
export function revealInvisible(text: string): string {
  const runs = findInvisible(text);
  if (runs.length === 0) return text;
  let out = '';
  let at = 0;
  for (const run of runs) {
    out += text.slice(at, run.start) + markerOf(run);
    at = run.end;
  }
  return out + text.slice(at);
}

/**
 * JSON text whose invisible characters are written as \u escapes: it parses to the same value, and
 * a reader of the raw text sees where they are (JSON.stringify writes them as they are).
 */
export function escapeInvisibleInJson(json: string): string {
  const runs = findInvisible(json);
  if (runs.length === 0) return json;
  // Per UTF-16 unit: an astral character becomes its surrogate pair, as JSON writes it.
  const escape = (s: string) => s.split('').map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  let out = '';
  let at = 0;
  for (const run of runs) {
    out += json.slice(at, run.start) + escape(json.slice(run.start, run.end));
    at = run.end;
  }
  return out + json.slice(at);
}

/** A name with its invisible characters (and joiners, which the reader cannot see either) taken out: what a reader takes it for. */
export function withoutInvisible(text: string): string {
  return text.replace(/[\p{Default_Ignorable_Code_Point}\u{e0000}-\u{e007f}]/gu, '');
}
