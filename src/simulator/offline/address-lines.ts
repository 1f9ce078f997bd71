// The lines of an address held as an object's fields (`address: { line1, town, postcode }`): a
// field's name alone ("line1") says nothing a rule reads, but inside an address it is the first
// line, the house number and street. Read as a street address, and asked as "the first line of
// the address", not glued to its parent's name ("address line1").
import { nameWords } from './words';

/** Names that hold a place one can be sent to: an object of these names holds an address's parts. */
const ADDRESS_WORDS = /^(?:address(?:es)?|location|premises|property|home|site)$/;

const ORDINALS = 'first second third'.split(' ');
const notAddress = (w: string) => !/^address(?:es)?$/.test(w);

/** Which line of an address a name is ("line1", "address_line_2", "first_line"): 1-based, or undefined. */
function lineNumber(name: string): number | undefined {
  const ws = nameWords(name).filter(notAddress);
  const joined = ws.join(' ');
  const m = /^line ?([1-3])$|^line (one|two|three)$|^(first|second|third) line$/.exec(joined);
  if (!m) return undefined;
  if (m[1]) return Number(m[1]);
  return m[2] ? 'one two three'.split(' ').indexOf(m[2]) + 1 : ORDINALS.indexOf(m[3]) + 1;
}

/** Whether a name, or the object it is a field of, names an address. */
export const ofAnAddress = (name: string, within?: string) => [name, within ?? ''].some((n) => nameWords(n).some((w) => ADDRESS_WORDS.test(w)));

/** The first line of an address (house number and street), by the field's name and its object's. */
export const isFirstAddressLine = (name: string, within?: string): boolean => lineNumber(name) === 1 && ofAnAddress(name, within);

/** "the first line of the address" for `line1` of `address`; undefined for a field that is no address line. */
export function addressLineWords(name: string, within?: string): string | undefined {
  const n = lineNumber(name);
  if (n === undefined || !ofAnAddress(name, within)) return undefined;
  // Of the object, or of the field's own name less its line ("address_line_1" → "the address").
  const whose = nameWords(within || name).filter((w) => !/^(?:line\d?|[1-3]|one|two|three|first|second|third)$/.test(w)).join(' ');
  return `the ${ORDINALS[n - 1]} line of the ${whose}`;
}
