// Reading a mock answer the user types: JSON data only (agent code is untrusted and never
// evaluated on the page), with an error that says what to write instead of what the parser met.
import type { MockNeed } from '../../../simulator/types';

export type ReadAnswer = { ok: true; value: unknown } | { ok: false; error: string };

/** How the code reaches the helper, as the hint names it: `agendaFor(…)`, `this.knowledge.search(…)`. */
export const callOf = (need: Pick<MockNeed, 'helper' | 'kind'>): string => `${need.kind === 'world' ? 'this.' : ''}${need.helper}(…)`;

/** The text a saved answer is edited as: JSON, objects and lists over several lines. */
export const answerText = (value: unknown): string => JSON.stringify(value, null, value !== null && typeof value === 'object' ? 2 : 0) ?? '';

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** The likeliest slip of a text that is not JSON, said as what to write. */
function slip(text: string, helper: string): string {
  const t = text.trim();
  if (t === 'undefined') return 'undefined is not JSON: write null for "no value".';
  if (/^'[^']*'$/.test(t) || /'\s*:/.test(t) || /:\s*'/.test(t)) return 'use double quotes (") for text and keys, not single quotes.';
  if (/[{,]\s*[A-Za-z_$][\w$]*\s*:/.test(t)) return 'keys need double quotes, e.g. {"id": "mon-9"} rather than {id: "mon-9"}.';
  if (/,\s*[\]}]/.test(t)) return 'remove the comma before the closing ] or }.';
  if (!/^[[{"\-\d]|^(?:true|false|null)\b/.test(t)) return `text needs double quotes: ${JSON.stringify(t)}.`;
  return `write the value ${helper} answers, e.g. [] or {"found": true}; keys and text in double quotes.`;
}

/**
 * The answer the text holds, or why it holds none. Empty is no answer (Clear removes a mock);
 * `helper` names the helper in the message.
 */
export function readAnswer(text: string, helper: string): ReadAnswer {
  if (!text.trim()) return { ok: false, error: `Empty: write the JSON value ${helper} answers (e.g. [] or {"found": true}), or press Clear to remove the mock answer.` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const at = position ? Number(position[1]) : undefined;
    if (/end of JSON|Unterminated/i.test(message) || (at !== undefined && at >= text.trimEnd().length)) {
      return { ok: false, error: 'Not JSON yet: it ends too soon. Close every [ with ], every { with } and every " with ".' };
    }
    const where = at !== undefined ? ` (${lineColumn(text, at)})` : '';
    return { ok: false, error: `Not JSON${where}: ${slip(text, helper)}` };
  }
}
