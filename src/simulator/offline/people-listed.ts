// People counted by naming them: "me, my husband and our two boys" is four, "my mum, my sister and
// me" three (issue 32: a count said the way people say it on the phone). Read only when every part
// of the list is one the words count (a "me", a "my husband", "our two boys") and the line says no
// total of its own ("four of us" is read by its own rule).
import { numberWordValue } from './ids';

/** One person of the caller's: "my husband", "our son", "her friend". */
const ONE = /^(?:me|myself|i|(?:my|our|his|her|their)\s+(?:(?:\w+)\s+)?(?:wife|husband|partner|fianc[eé]e?|mum|mother|mam|dad|father|son|daughter|boy|girl|baby|brother|sister|friend|mate|nan|gran|granny|grandma|grandad|grandpa|aunt|auntie|uncle|niece|nephew|cousin|colleague|boss|neighbour|neighbor|lad|lass|other\s+half|little\s+one|eldest|youngest))$/i;
/** Several: "our two boys", "the three kids", "my 2 daughters". */
const SEVERAL = /^(?:my|our|his|her|their|the)\s+(\w+)\s+(?:little\s+|young\s+|grown[\s-]up\s+)?(?:kids|children|boys|girls|sons|daughters|grandchildren|grandkids|friends|mates|sisters|brothers|lads|colleagues|nieces|nephews|cousins)$/i;

/** Words between the people of a list. */
const JOIN = /\s*,\s*(?:and\s+)?|\s+and\s+|\s+plus\s+/i;

/** The number of people a line names in a list with "me" among them; undefined when it names none or cannot count one. */
export function peopleListed(line: string): { value: number; said: string } | undefined {
  for (const clause of line.split(/[.;!?]|\s+-\s+|\bso\b/i)) {
    // The list after "it'd be", "there's", "it's for", "we're", or the clause whole.
    const list = clause.replace(/^.*?\b(?:it['’]d\s+be|it\s+would\s+be|there['’]ll\s+be|there\s+will\s+be|it['’]s\s+for|it\s+is\s+for|for|with|just)\s+(?=(?:me|myself|my|our)\b)/i, '').trim();
    const parts = list.split(JOIN).map((p) => p.trim().replace(/^(?:and|plus)\s+/i, '')).filter(Boolean);
    if (parts.length < 2 || !parts.some((p) => /^(?:me|myself|i)$/i.test(p))) continue;
    let total = 0;
    for (const part of parts) {
      if (ONE.test(part)) total += 1;
      else {
        const several = SEVERAL.exec(part);
        const n = several ? numberWordValue(several[1]) ?? (/^\d+$/.test(several[1]) ? +several[1] : undefined) : undefined;
        if (n === undefined) {
          total = -1;
          break;
        }
        total += n;
      }
    }
    if (total > 1) return { value: total, said: list };
  }
  return undefined;
}
