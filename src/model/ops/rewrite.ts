import { literalValue, requote, tokenize } from './source-text';

// Text rewrites behind the rename operations. Each takes a source and returns it with only the
// references to one name changed; everything else (strings, comments, docstrings) stays byte-equal.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const mapCode = (src: string, change: (code: string) => string): string =>
  tokenize(src)
    .map((t) => (t.kind === 'code' ? change(t.text) : t.text))
    .join('');

/**
 * Renames a free identifier: a whole word, not a member (`x.old` stays). With `keepObjectKeys`
 * (renaming a variable), a key `{ old: … }` is a property name and stays, and a shorthand
 * `{ old }` becomes `{ old: next }` so the object keeps its shape. Without it (the name is a
 * property, as in a destructured `when` parameter or a template), every occurrence changes.
 */
export function renameIdentifier(src: string, old: string, next: string, options: { keepObjectKeys: boolean }): string {
  const pattern = new RegExp(`(?<![\\w$])${escapeRegExp(old)}(?![\\w$])`, 'g');
  return mapCode(src, (code) =>
    code.replace(pattern, (match, offset: number) => {
      const before = code.slice(0, offset).trimEnd();
      if (before.endsWith('.') && !before.endsWith('...')) return match;
      if (!options.keepObjectKeys) return next;
      const after = code.slice(offset + match.length).trimStart();
      const inObjectSlot = before.endsWith('{') || before.endsWith(',');
      if (inObjectSlot && after.startsWith(':')) return match;
      if (inObjectSlot && (after.startsWith(',') || after.startsWith('}'))) return `${match}: ${next}`;
      return next;
    }),
  );
}

/** Renames a member of one object: `this.old`, `s?.old`. */
export function renameMember(src: string, objectName: string, old: string, next: string): string {
  const pattern = new RegExp(`(?<![\\w$.])(${escapeRegExp(objectName)}\\s*\\??\\.\\s*)${escapeRegExp(old)}(?![\\w$])`, 'g');
  return mapCode(src, (code) => code.replace(pattern, (_match, access: string) => access + next));
}

const WHEN_PARAMETER = /^\s*(?:async\s+)?(?:\(\s*([A-Za-z_$][\w$]*)\s*(?::[^)]*)?\)\s*(?::[^=]*)?=>|([A-Za-z_$][\w$]*)\s*=>|function\s*[\w$]*\s*\(\s*([A-Za-z_$][\w$]*))/;
const WHEN_DESTRUCTURED = /^\s*(?:async\s+)?(?:function\s*[\w$]*\s*)?\(\s*\{/;

/**
 * Renames a state field inside a `when` source. `(s) => s.old` renames the member; a destructured
 * parameter `({ old }) => old` names the field itself, so every free `old` changes; a bare
 * expression (not the documented shape, but tolerated) reads fields as free identifiers.
 */
export function renameFieldInWhen(src: string, old: string, next: string): string {
  const match = WHEN_PARAMETER.exec(src);
  const param = match?.[1] ?? match?.[2] ?? match?.[3];
  if (param) return renameMember(src, param, old, next);
  if (WHEN_DESTRUCTURED.test(src)) return renameIdentifier(src, old, next, { keepObjectKeys: false });
  return renameIdentifier(src, old, next, { keepObjectKeys: true });
}

// The stage field may be reached as `stage`, `this.stage`, `s.stage`, `s?.stage`.
const STAGE_BEFORE_LITERAL = /(?<![\w$])stage\s*(?:[!=]==?|=)\s*$/;
const STAGE_AFTER_LITERAL = /^\s*[!=]==?\s*(?:[\w$]+\s*\??\.\s*)?stage(?![\w$])/;
const CASE_BEFORE_LITERAL = /(?<![\w$])case\s*$/;
const SWITCH_ON_STAGE = /switch\s*\(\s*(?:[\w$]+\s*\??\.\s*)?stage\s*\)[^]*$/;

/**
 * Renames string literals that name a stage where the code compares or assigns them to the stage
 * field (`this.stage = "old"`, `"old" !== s.stage`, `case "old":` under `switch (this.stage)`).
 * The same word in any other string, or in a comment, is prose and stays.
 */
export function renameStageLiterals(src: string, old: string, next: string): string {
  const tokens = tokenize(src);
  let consumed = '';
  return tokens
    .map((token, i) => {
      const before = consumed;
      consumed += token.text;
      if (literalValue(token) !== old) return token.text;
      const previous = tokens[i - 1]?.kind === 'code' ? tokens[i - 1].text : '';
      const following = tokens[i + 1]?.kind === 'code' ? tokens[i + 1].text : '';
      const aboutStage =
        STAGE_BEFORE_LITERAL.test(previous) ||
        STAGE_AFTER_LITERAL.test(following) ||
        (CASE_BEFORE_LITERAL.test(previous) && lastSwitchIsOnStage(before));
      return aboutStage ? requote(token, next) : token.text;
    })
    .join('');
}

function lastSwitchIsOnStage(before: string): boolean {
  const at = before.lastIndexOf('switch');
  return at >= 0 && SWITCH_ON_STAGE.test(before.slice(at));
}

// `{{ name }}`, `{{name|upper}}`, `{{- name.x }}`, `{% if name %}`; `{{secret:NAME}}` is a key, not a name.
const SECRET_TAG = /^\s*-?\s*secret\s*:/;

/**
 * The first of `needles` in `text` at or after a position that only moves forward, or -1. Each
 * needle's last place is kept, so a needle that is absent is searched for once, not once per call.
 */
function finder(text: string, needles: string[]): (from: number) => number {
  const next = needles.map(() => -2);
  return (from) => {
    let first = -1;
    needles.forEach((needle, i) => {
      if (next[i] !== -1 && next[i] < from) next[i] = text.indexOf(needle, from);
      if (next[i] >= 0 && (first < 0 || next[i] < first)) first = next[i];
    });
    return first;
  };
}

/**
 * Renames a name used inside template tags (Jinja `{{ }}` / `{% %}` and Pinecall confirm `{{ }}`):
 * a tag runs from `{{` or `{%` to the first `}}` or `%}` after it. Scanned with indexOf, in one
 * pass: the regex /(\{\{|\{%)([^]*?)(\}\}|%\})/g rescanned the rest of the text from every opening
 * that has no closing after it (400 KB of `{{` took seconds).
 */
export function renameInTemplate(text: string, old: string, next: string): string {
  const opening = finder(text, ['{{', '{%']);
  const closing = finder(text, ['}}', '%}']);
  let out = '';
  let done = 0;
  for (let open = opening(0); open >= 0; open = opening(done)) {
    const close = closing(open + 2);
    if (close < 0) break;
    const body = text.slice(open + 2, close);
    out += text.slice(done, open + 2) + (SECRET_TAG.test(body) ? body : renameIdentifier(body, old, next, { keepObjectKeys: false }));
    done = close;
  }
  return out + text.slice(done);
}
