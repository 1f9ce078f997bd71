// A caller who corrects themselves means what they say after the correction (issue 32: "twenty-two
// of us. No, sorry, twenty-four" is 24 people; "E seventeen, five... no, hang on, that's the old
// flat. It's E eighteen, one N P" is E18 1NP). The corrected stretch is dropped from the line before
// any rule reads it, so no rule can take the value the caller took back.

/**
 * The words that take back what was just said: "no, sorry", "no, wait", "no, hang on", "sorry, I
 * mean", "scratch that", "tell a lie" (British: "seven, no, tell a lie, six"). A plain "sorry" or "I mean" is too common as a filler to count.
 */
const TAKE_BACK = /\b(?:no|nope|oh\s+no),?\s+(?:sorry|wait|hang\s+on|hold\s+on|hold\s+up)\b[,.!…]*|\bactually,?\s+no\b[,.!…]*|\bsorry,?\s+(?:I\s+mean|no)\b[,.!…]*|\b(?:scratch\s+that|let\s+me\s+correct\s+(?:that|myself)|(?:no,?\s+)?(?:I\s+)?tell\s+a\s+lie)\b[,.!…]*/gi;

/** A value a correction can replace: a number (digits or words), a day, a month, a letter said alone. */
const VALUE = /\d|\b(?:(?:twenty|thirty)?-?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|oh|double|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)\b/i;
/** A capital said alone, as in a spelled code ("E eighteen, one N P"); not "I" or "A". */
const LETTER = /(?<![\w'’])[B-HJ-Z](?![\w'’])/;
const holdsValue = (text: string) => VALUE.test(text) || LETTER.test(text);
/** How many words a correction may take back: a value and a word or two after it, not a story. */
const MAX_TAKEN_BACK_WORDS = 8;

/** A word of a value, or what joins two (a hyphen, a comma, a space). */
const VALUE_WORD = new RegExp(`^(?:${VALUE.source}|${LETTER.source})$`, 'i');

/** The kind of a value word: a day or month, an ordinal, a number, a letter said alone. */
function kindOf(word: string): string | undefined {
  if (/^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)$/i.test(word)) return 'day';
  if (/(?:first|second|third|th)$/i.test(word) && VALUE_WORD.test(word)) return 'ordinal';
  if (/\d/.test(word) && /(?:st|nd|rd|th)$/i.test(word)) return 'ordinal';
  if (/^[B-HJ-Z]$/.test(word)) return 'letter';
  if (/\d/.test(word) || VALUE_WORD.test(word)) return 'number';
  return undefined;
}

/** The value words a text opens with ("seven", "E eighteen, one N P", "twenty-four"). */
function valuePhrase(text: string): string {
  let end = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}'’]+/gu)) {
    if (!/^[\s,-]*$/.test(text.slice(end, m.index)) || kindOf(m[0]) === undefined) break;
    end = m.index! + m[0].length;
  }
  return text.slice(0, end);
}

/**
 * Where the value taken back starts: the last value of the stretch of the kind the correction gives
 * ("Tuesday at ten, no wait, Wednesday at ten": the Tuesday), with the value words said just
 * before it ("E seventeen, five": from the "E"; "twenty-two": from "twenty").
 */
function takenBackAt(text: string, replacement: string): number {
  const tokens = [...text.matchAll(/[\p{L}\p{N}'’]+/gu)];
  const wanted = [...replacement.matchAll(/[\p{L}\p{N}'’]+/gu)].map((m) => kindOf(m[0])).find(Boolean);
  let i = tokens.length - 1;
  while (i >= 0 && (kindOf(tokens[i][0]) === undefined || (wanted !== undefined && kindOf(tokens[i][0]) !== wanted && tokens.some((t) => kindOf(t[0]) === wanted)))) i--;
  while (i > 0 && kindOf(tokens[i - 1][0]) !== undefined && /^[\s,-]*$/.test(text.slice(tokens[i - 1].index! + tokens[i - 1][0].length, tokens[i].index))) i--;
  return i >= 0 ? tokens[i].index! : 0;
}

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
    // The words before the value stay ("And we'd drop it back on"): they say what the new value is.
    // The value taken back is the last one said before the correction, whole ("E seventeen, five").
    const valueAt = sentenceStart + takenBackAt(takenBack, after);
    if (before.slice(valueAt).trim().split(/\s+/).length > MAX_TAKEN_BACK_WORDS) continue;
    const lead = out.slice(0, valueAt);
    const rest = after.trimStart();
    const joined = /\b(?:the|a|an)\s*$/i.test(lead) ? rest.replace(/^(?:the|a|an)\s+/i, '') : rest;
    // "eight of us? Actually no, seven, Marcus can't…": the words that said what the value was
    // ("of us") stay with the new value ("seven of us, Marcus can't…").
    const taken = before.slice(valueAt);
    const tail = / (?!.*\d)[\p{L}'’ ]{1,24}$/u.exec(taken.replace(valuePhrase(taken), ''))?.[0] ?? '';
    const given = valuePhrase(joined);
    const spliced = tail && given && tail.trim().split(/\s+/).length <= 3 && !holdsValue(tail) ? `${given}${tail}${joined.slice(given.length)}` : joined;
    out = `${lead}${lead && !/\s$/.test(lead) ? ' ' : ''}${spliced}`;
  }
  return out;
}
