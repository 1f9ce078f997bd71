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
    const list = clause.replace(/^.*?\b(?:it['’]d\s+be|it\s+would\s+be|there['’]ll\s+be|there\s+will\s+be|it['’]s\s+for|it\s+is\s+for|it['’]s|it\s+is|for|with|just)\s+(?=(?:me|myself|my|our)\b)/i, '').trim();
    const parts = list.split(JOIN).map((p) => p.trim().replace(/^(?:and|plus)\s+/i, '')).filter(Boolean);
    // The run of people around "me" ("… our first place, me and my fiancé"): words before or after
    // the list are no part of it.
    const me = parts.findIndex((p) => /^(?:me|myself|i)$/i.test(p));
    if (me < 0) continue;
    const count = (part: string): number | undefined => {
      if (ONE.test(part)) return 1;
      const several = SEVERAL.exec(part);
      return several ? numberWordValue(several[1]) ?? (/^\d+$/.test(several[1]) ? +several[1] : undefined) : undefined;
    };
    let from = me;
    let to = me;
    while (from > 0 && count(parts[from - 1]) !== undefined) from--;
    while (to < parts.length - 1 && count(parts[to + 1]) !== undefined) to++;
    // (A run cut short by a part that is neither a person nor the line's edge counts nobody:
    // "me, my husband and two of his mates from work" is no three.)
    const cutAfter = to < parts.length - 1 && !/^(?:so|it|that|we|which|both)\b/i.test(parts[to + 1]);
    if (to === from || cutAfter) continue;
    const run = parts.slice(from, to + 1);
    const total = run.reduce((sum, p) => sum + count(p)!, 0);
    if (total > 1) return { value: total, said: list.slice(list.indexOf(run[0]), list.lastIndexOf(run[run.length - 1]) + run[run.length - 1].length) };
  }
  return undefined;
}
