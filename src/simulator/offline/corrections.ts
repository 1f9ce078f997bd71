// A caller who corrects themselves means what they say after the correction (issue 32: "twenty-two
// of us. No, sorry, twenty-four" is 24 people; "E seventeen, five... no, hang on, that's the old
// flat. It's E eighteen, one N P" is E18 1NP). The corrected stretch is dropped from the line before
// any rule reads it, so no rule can take the value the caller took back.

/**
 * The words that take back what was just said: "no, sorry", "no, wait", "no, hang on", "sorry, I
 * mean", "scratch that". A plain "sorry" or "I mean" is too common as a filler to count.
 */
const TAKE_BACK = /\b(?:no|nope|oh\s+no),?\s+(?:sorry|wait|hang\s+on|hold\s+on|hold\s+up)\b[,.!…]*|\bactually,?\s+no\b[,.!…]*|\bsorry,?\s+(?:I\s+mean|no)\b[,.!…]*|\b(?:scratch\s+that|let\s+me\s+correct\s+(?:that|myself))\b[,.!…]*/gi;

/** A value a correction can replace: a number (digits or words), a day, a month, a letter said alone. */
const VALUE = /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|oh|double|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)\b/i;
/** A capital said alone, as in a spelled code ("E eighteen, one N P"); not "I" or "A". */
const LETTER = /(?<![\w'’])[B-HJ-Z](?![\w'’])/;
const holdsValue = (text: string) => VALUE.test(text) || LETTER.test(text);
/** Where the first value of a stretch starts. */
const firstValueAt = (text: string) => Math.min(...[VALUE.exec(text)?.index, LETTER.exec(text)?.index].filter((i): i is number => i !== undefined));

/** How many words of what came before a correction it may take back: one sentence, not a story. */
const MAX_TAKEN_BACK_WORDS = 16;

/**
 * The line with each corrected stretch dropped: from the first value of the sentence taken back to
 * the end of the words taking it back ("…drop it back on the twenty-sixth. No, sorry, the
 * twenty-seventh" is "…drop it back on the twenty-seventh"). A correction is one only when the stretch it
 * takes back holds a value and a value follows it; "No, sorry, we haven't got one" (nothing before
 * it) and "…twenty, no, wait, that's fine" (no value after) are left as said.
 */
export function withoutCorrections(line: string): string {
  let out = line;
  // From the last correction back, so the earlier positions stay right.
  const marks = [...line.matchAll(TAKE_BACK)].reverse();
  for (const m of marks) {
    const at = m.index ?? 0;
    const end = at + m[0].length;
    const before = out.slice(0, at).replace(/[\s,.!?…]+$/, '');
    if (!before) continue;
    const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf('? '), before.lastIndexOf('! ')) + 1;
    const takenBack = before.slice(sentenceStart);
    const after = out.slice(end);
    if (!holdsValue(takenBack) || !holdsValue(after.split(/(?<=[.!?])\s+/).slice(0, 2).join(' '))) continue;
    if (takenBack.trim().split(/\s+/).length > MAX_TAKEN_BACK_WORDS) continue;
    // The words before the value stay ("And we'd drop it back on"): they say what the new value is.
    const valueAt = sentenceStart + firstValueAt(takenBack);
    const lead = out.slice(0, valueAt);
    const rest = after.trimStart();
    const joined = /\b(?:the|a|an)\s*$/i.test(lead) ? rest.replace(/^(?:the|a|an)\s+/i, '') : rest;
    out = `${lead}${lead && !/\s$/.test(lead) ? ' ' : ''}${joined}`;
  }
  return out;
}
