import type { KeyLike, Shortcut } from './types';

/**
 * One way to press a shortcut. `key` is compared with event.key without case (Shift+C gives "C").
 * A modifier set to true must be held, false must not be, left out may be either; `mod` is Ctrl
 * or Cmd, so one list serves Windows, Linux and macOS.
 */
export interface ChordSpec {
  key: string | string[];
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
  /** The key caps when the key's own name would not do (four arrows read "Arrows"). */
  caps?: string;
}

const KEY_NAMES: Record<string, string> = { ' ': 'Space', escape: 'Esc' };

function keyName(key: string): string {
  return KEY_NAMES[key.toLowerCase()] ?? (key.length === 1 ? key.toUpperCase() : key);
}

function capsOf(spec: ChordSpec): string[] {
  const prefix = [spec.mod && 'Ctrl/Cmd', spec.shift && 'Shift', spec.alt && 'Alt'].filter(Boolean).join(' ');
  const keys = spec.caps !== undefined ? [spec.caps] : [spec.key].flat().map(keyName);
  return keys.map((k) => (prefix ? `${prefix} ${k}` : k));
}

const held = (want: boolean | undefined, is: boolean) => want === undefined || want === is;

function chordMatches(spec: ChordSpec, event: KeyLike): boolean {
  const key = event.key.toLowerCase();
  return [spec.key].flat().some((k) => k.toLowerCase() === key)
    && held(spec.mod, event.metaKey || event.ctrlKey) && held(spec.shift, event.shiftKey) && held(spec.alt, event.altKey);
}

function samplesOf(spec: ChordSpec): KeyLike[] {
  return [spec.key].flat().map((key) => ({ key, ctrlKey: !!spec.mod, metaKey: false, shiftKey: !!spec.shift, altKey: !!spec.alt }));
}

/** A shortcut from its chords; `note` says what a modifier changes ("Shift: add or remove"). */
export function shortcut(chords: ChordSpec[], note?: string): Shortcut {
  const keys = chords.flatMap(capsOf);
  return {
    keys,
    display: keys.join(' / ') + (note ? ` (${note})` : ''),
    matches: (event) => chords.some((c) => chordMatches(c, event)),
    samples: chords.flatMap(samplesOf),
  };
}
