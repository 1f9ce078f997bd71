// An enum value picked by saying back one of the alternatives the agent's question offered: "Would
// you like a mobile tech to come to you or to bring it to the shop?" — "Can you guys come to me?"
// The caller echoes the words of the first alternative as they would say them (you → me), and that
// alternative is the one that names `mobile`. Read only when every alternative names one value of
// its own, the caller echoes exactly one of them, and nothing in their clause denies the echo
// ("I can't bring it in" picks nothing).
import { withoutDenied } from './polarity';
import { isStopWord, nameWords, stem, words } from './words';

/** The question's words as the caller says them back: the agent's "you" (or the instructions' "them") is the caller's "me". */
const AS_THE_CALLER_SAYS: Record<string, string> = { you: 'me', them: 'me', your: 'my', their: 'my', yours: 'mine', theirs: 'mine', us: 'me', our: 'my', ours: 'mine' };
const asSaid = (text: string): string[] => words(text).map((w) => AS_THE_CALLER_SAYS[w] ?? w);

/** The alternatives of the first sentence of `question` that offers some ("… come to you or bring it to the shop?"). */
function alternativesOf(question: string): string[] | undefined {
  const sentence = question.split(/(?<=[?.!])\s+/).find((s) => /\bor\b/i.test(s));
  const parts = sentence?.split(/,?\s+\bor\b\s+/i).filter((p) => p.trim());
  return parts && parts.length >= 2 ? parts : undefined;
}

/** The longest run of the alternative's words said in the line, in order, when it is one a person would echo: three words, or two with a word of content. */
function echoIn(alternative: string[], said: string[]): string | undefined {
  let best: string[] = [];
  for (let i = 0; i < alternative.length; i++) {
    for (let j = 0; j < said.length; j++) {
      let k = 0;
      while (i + k < alternative.length && j + k < said.length && alternative[i + k] === said[j + k]) k++;
      if (k > best.length) best = said.slice(j, j + k);
    }
  }
  const content = best.filter((w) => !isStopWord(w) && w !== 'me' && w !== 'my');
  return (best.length >= 3 && content.length >= 1) || (best.length === 2 && content.length === 2) ? best.join(' ') : undefined;
}

/** The one value whose words the alternative holds (`in_shop` by "shop"), if exactly one does. */
function valueNamedBy(alternative: string, values: readonly string[]): string | undefined {
  const stems = new Set(words(alternative).map(stem));
  const named = values.filter((v) => nameWords(v).some((w) => !isStopWord(w) && stems.has(stem(w))));
  return named.length === 1 ? named[0] : undefined;
}

export function enumByEcho(values: unknown[], line: string, question: string): { value: string; said: string; why: string } | undefined {
  const texts = values.filter((v): v is string => typeof v === 'string');
  const alternatives = texts.length >= 2 ? alternativesOf(question) : undefined;
  if (!alternatives) return undefined;
  const named = alternatives.map((a) => valueNamedBy(a, texts));
  // Each alternative names a value of its own: else which value an echo picks is a guess.
  if (named.some((v) => v === undefined) || new Set(named).size !== named.length) return undefined;
  const said = asSaid(withoutDenied(line));
  const echoed = alternatives.map((a, k) => ({ value: named[k]!, alternative: a.trim(), echo: echoIn(asSaid(a), said) })).filter((e) => e.echo);
  if (echoed.length !== 1) return undefined;
  const [{ value, alternative, echo }] = echoed;
  return { value, said: echo!, why: `the caller's "${echo}" says back the question's "${alternative}", which names ${value}` };
}
