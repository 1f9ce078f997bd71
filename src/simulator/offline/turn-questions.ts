// The yes/no questions a Block Agent turn's instructions ask ("…, and whether they own the
// property"): its reply is spoken beside the tools call that reads the answer, so the answer may
// come before the question is heard, and the instructions say which flag it answers.
import { isStopWord, stem, words } from './words';

/**
 * Of the "whether …" questions the instructions ask, the one that speaks of the flag's words, when
 * exactly one does ("whether there's a piano, and whether a big van can park right outside").
 */
export function turnQuestionOf(instructions: string, flagWords: Set<string>): string | undefined {
  const asked = [...instructions.matchAll(/\b(?:whether|if)\s+([^.;,?]+)/gi)].map((m) => m[0]).filter((q) => words(q).some((w) => !isStopWord(w) && flagWords.has(stem(w))));
  return asked.length === 1 ? asked[0] : undefined;
}

/** The one "whether …" the instructions ask, when it speaks of the flag's words; undefined otherwise. */
export function instructionsQuestion(instructions: string, flagWords: Set<string>, soleFlag = false): string | undefined {
  const asked = [...instructions.matchAll(/\b(?:whether|if)\s+([^.;,?]+)/gi)].map((m) => m[0]);
  if (asked.length !== 1) return undefined;
  // The one yes/no question of the turn, and the one flag its tools take: the question is that
  // flag's, whatever words each uses ("whether they own the property" for homeowner). A choice
  // ("whether morning or afternoon") is no yes/no.
  if (soleFlag && !/\bor\b/i.test(asked[0])) return asked[0];
  return words(asked[0]).some((w) => !isStopWord(w) && flagWords.has(stem(w))) ? asked[0] : undefined;
}
