import type { BodyWrapper } from '../runtimes/pinecall/format';

/**
 * How the Code tab's body-only model and the TypeScript worker agree on the text around it.
 * Pure and free of Monaco, so the worker, the editor and unit tests share it.
 *
 * The body model is `file:///callboard/tools/<id>.body.ts`; its wrapper travels as an extra lib
 * `…<id>.wrapper.d.ts` holding only a comment (so it adds nothing to the program). Extra libs
 * reach every (re)started worker, which a message to one worker instance would not.
 */
export const TOOLS_DIR = 'file:///callboard/tools/';
export const STATE_LIB_URI = 'file:///callboard/agent-state.d.ts';

/**
 * Read-only previews of generated code (e.g. the Pinecall export) go under this folder: they are
 * highlighted and hoverable, but not checked, since they import packages the browser lacks.
 */
export const PREVIEW_DIR = 'file:///callboard/preview/';
export const isPreviewFile = (fileName: string): boolean => fileName.startsWith(PREVIEW_DIR);

export const bodyUri = (key: string): string => `${TOOLS_DIR}${key}.body.ts`;
export const isBodyFile = (fileName: string): boolean => fileName.startsWith(TOOLS_DIR) && fileName.endsWith('.body.ts');
export const wrapperLibUri = (bodyFileName: string): string => bodyFileName.replace(/\.body\.ts$/, '.wrapper.d.ts');

const MARK = 'callboard-wrapper ';

export function encodeWrapper(wrapper: BodyWrapper): string {
  // `*/` cannot appear inside the comment; JSON reads `\/` back as `/`.
  return `/* ${MARK}${JSON.stringify(wrapper).replace(/\*\//g, '*\\/')} */\n`;
}

export function decodeWrapper(content: string | undefined): BodyWrapper | undefined {
  if (!content) return undefined;
  const start = content.indexOf(MARK);
  const end = content.lastIndexOf('*/');
  if (start < 0 || end < start) return undefined;
  try {
    const value = JSON.parse(content.slice(start + MARK.length, end).trim()) as Partial<BodyWrapper>;
    return typeof value.prefix === 'string' && typeof value.suffix === 'string' ? { prefix: value.prefix, suffix: value.suffix } : undefined;
  } catch {
    return undefined;
  }
}

/** Offsets between the body the user edits and the wrapped text the compiler reads. */
export interface OffsetMap {
  /** Length of the prefix. */
  shift: number;
  /** Length of the body. */
  length: number;
}

export const toWrapped = (map: OffsetMap, bodyOffset: number): number => bodyOffset + map.shift;

/** A span of the wrapped text seen in the body, or undefined when it lies wholly outside it. */
export function spanToBody(map: OffsetMap, start: number, length: number): { start: number; length: number } | undefined {
  const s = start - map.shift;
  const e = s + length;
  if (length === 0) return s >= 0 && s <= map.length ? { start: s, length: 0 } : undefined;
  if (e <= 0 || s >= map.length) return undefined;
  const cs = Math.max(0, s);
  return { start: cs, length: Math.min(map.length, e) - cs };
}

/** A span clamped into the body: what a syntax error past its end (a missing `}`) should point at. */
export function spanClampedToBody(map: OffsetMap, start: number, length: number): { start: number; length: number } {
  const s = Math.max(0, Math.min(map.length, start - map.shift));
  const e = Math.max(s, Math.min(map.length, start - map.shift + length));
  return { start: s, length: e - s };
}
