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

const NEGATOR = /\b(?:not|no|never|nothing|nobody|none|nowhere)\b|n['’]t\b/i;

/**
 * "Outside you can't smell a thing", asked "Is it outside too?": a word of the question that the
 * caller says only in denial rules out every value that holds it; when one value is left, it is
 * the answer (inside_only of inside_only, outside_only and inside_and_outside).
 */
export function enumByElimination(values: unknown[], line: string, question: string): { value: string; said: string; why: string } | undefined {
  const texts = values.filter((v): v is string => typeof v === 'string');
  if (texts.length < 2 || !question) return undefined;
  const asked = new Set(words(question).map(stem));
  const sentences = line.split(/(?<=[.!?;])\s+/).filter((x) => x.trim());
  const valueWords = new Set(texts.flatMap((v) => nameWords(v)).filter((w) => !isStopWord(w) && !/^(?:only|and|or|both)$/i.test(w)).map(stem));
  const denied = [...valueWords].filter((w) => {
    if (!asked.has(w)) return false;
    const saying = sentences.filter((x) => words(x).some((y) => stem(y) === w));
    return saying.length > 0 && saying.every((x) => NEGATOR.test(x));
  });
  if (!denied.length) return undefined;
  const left = texts.filter((v) => !nameWords(v).some((w) => denied.includes(stem(w))));
  if (left.length !== 1) return undefined;
  const said = sentences.find((x) => NEGATOR.test(x) && words(x).some((y) => denied.includes(stem(y))))!.trim();
  const asSaid = (w: string) => words(line).find((y) => stem(y) === w) ?? w;
  return { value: left[0], said, why: `"${said}" denies ${denied.map((w) => `"${asSaid(w)}"`).join(', ')}, which the question asked of; ${left[0]} is the one value without it` };
}

