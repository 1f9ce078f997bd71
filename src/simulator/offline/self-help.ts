// "I can manage my bags myself", for a flag "true when they'd like someone to carry their bags":
// the caller turns the help down without a "no" or a "not". Only for a flag that means someone
// else doing a thing for them, and only in the sentence that says the flag's word.
const HELP_FROM_OTHERS = /\b(?:someone|somebody|anyone|help|helps|helping|assist|assistance|porter|staff)\b/i;
const ON_THEIR_OWN = /\b(?:i|we)(?:['’]ll|\s+will|\s+can|['’]m|\s+am|['’]re|\s+are)?\s+(?:manage|cope|carry|handle|do)\b[^.!?]*\b(?:myself|ourselves|on (?:my|our) own|fine)\b|\b(?:i|we)(?:['’]ll|\s+will|\s+can)\s+manage\b/i;

/** The words that turn the help down, in the sentence of `word`; undefined when none do or the flag is no help. */
export function declinesHelp(description: string, line: string, word: string): string | undefined {
  if (!HELP_FROM_OTHERS.test(description)) return undefined;
  const sentence = line.split(/(?<=[.!?])\s+/).find((s) => s.toLowerCase().includes(word.toLowerCase()));
  return sentence ? ON_THEIR_OWN.exec(sentence)?.[0] : undefined;
}
