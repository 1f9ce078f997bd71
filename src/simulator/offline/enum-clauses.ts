// Two values of an enum named in one line ("We've got a drive … The fuse box is in the garage"):
// a value named in a sentence about another parameter's thing (the fuse box is the cable's
// measure) is said of that thing, not of this parameter. When that leaves one value, it is read.
import type { JsonSchema } from '../../model';
import { readEnum } from './enums';
import { isStopWord, nameWords, stem, words } from './words';

/** The words only another parameter speaks of: its name's and its description's, less this one's. */
function otherParametersWords(name: string, prop: JsonSchema, parameters: Record<string, JsonSchema | undefined>): Set<string> {
  const own = new Set([...nameWords(name), ...words(prop.description ?? '')].map(stem));
  const others = Object.entries(parameters).filter(([p]) => p !== name);
  return new Set(others.flatMap(([p, pp]) => [...nameWords(p), ...words(pp?.description ?? '')]).filter((w) => !isStopWord(w) && w.length > 2).map(stem).filter((w) => !own.has(w)));
}

export function enumOutsideOthersSentences(
  name: string,
  prop: JsonSchema,
  line: string,
  descriptions: string[],
  parameters: Record<string, JsonSchema | undefined>,
): { value: string; said: string; why: string } | undefined {
  if (!Array.isArray(prop.enum)) return undefined;
  const others = otherParametersWords(name, prop, parameters);
  const sentences = line.split(/(?<=[.!?;])\s+/).filter((s) => s.trim());
  if (sentences.length < 2) return undefined;
  const readings = sentences.map((sentence) => {
    const read = readEnum(prop.enum!, sentence, descriptions);
    const aboutOther = words(sentence).find((w) => others.has(stem(w)));
    return { sentence, read: read && 'value' in read ? read : undefined, aboutOther };
  });
  const kept = readings.filter((r) => r.read && !r.aboutOther);
  const dropped = readings.filter((r) => r.read && r.aboutOther);
  const values = new Set(kept.map((r) => String(r.read!.value)));
  if (values.size !== 1 || !dropped.length) return undefined;
  const [only] = kept;
  const other = dropped[0];
  return {
    value: String(only.read!.value),
    said: only.read!.said,
    why: `${name} = ${JSON.stringify(only.read!.value)}: "${only.sentence.trim()}" names it; "${other.sentence.trim()}" names ${JSON.stringify(other.read!.value)} of another thing ("${other.aboutOther}")`,
  };
}
