// A US state said by name ("My license is from Illinois"), for a parameter that holds a state: its
// name, or its two-letter postal code when the parameter asks for the code ("the two-letter code of
// the state", pattern ^[A-Z]{2}$). The fifty states and DC, as the US Postal Service abbreviates them.
import type { JsonSchema } from '../../model';
import { nameWords } from './words';

const STATES: Record<string, string> = {
  Alabama: 'AL', Alaska: 'AK', Arizona: 'AZ', Arkansas: 'AR', California: 'CA', Colorado: 'CO', Connecticut: 'CT', Delaware: 'DE',
  Florida: 'FL', Georgia: 'GA', Hawaii: 'HI', Idaho: 'ID', Illinois: 'IL', Indiana: 'IN', Iowa: 'IA', Kansas: 'KS', Kentucky: 'KY',
  Louisiana: 'LA', Maine: 'ME', Maryland: 'MD', Massachusetts: 'MA', Michigan: 'MI', Minnesota: 'MN', Mississippi: 'MS',
  Missouri: 'MO', Montana: 'MT', Nebraska: 'NE', Nevada: 'NV', 'New Hampshire': 'NH', 'New Jersey': 'NJ', 'New Mexico': 'NM',
  'New York': 'NY', 'North Carolina': 'NC', 'North Dakota': 'ND', Ohio: 'OH', Oklahoma: 'OK', Oregon: 'OR', Pennsylvania: 'PA',
  'Rhode Island': 'RI', 'South Carolina': 'SC', 'South Dakota': 'SD', Tennessee: 'TN', Texas: 'TX', Utah: 'UT', Vermont: 'VT',
  Virginia: 'VA', Washington: 'WA', 'West Virginia': 'WV', Wisconsin: 'WI', Wyoming: 'WY', 'District of Columbia': 'DC',
};
// Longest names first: "West Virginia" before "Virginia".
const NAMES = Object.keys(STATES).sort((a, b) => b.length - a.length);
const STATE_SAID = new RegExp(`\\b(${NAMES.map((n) => n.replace(/\s+/g, '\\s+')).join('|')})\\b`);

/** Whether a parameter holds a US state ("license_state", "state"; not "status" or a "state of repair"). */
export function holdsAState(name: string, prop: JsonSchema): boolean {
  return nameWords(name).some((w) => /^state$/i.test(w)) && !prop.enum && (prop.type === 'string' || prop.type === undefined) && !/\bcondition\b|\bof\s+repair\b/i.test(prop.description ?? '');
}

/** The state the line names, as the parameter takes it: the code when it asks for one, else the name. */
export function stateSaid(line: string, prop: JsonSchema, toolWords: string): { value: string; said: string } | undefined {
  const m = STATE_SAID.exec(line);
  if (!m) return undefined;
  const name = NAMES.find((n) => n.toLowerCase() === m[1].replace(/\s+/g, ' ').toLowerCase())!;
  const wantsCode = /\b(?:two|2)[\s-]letter\b|\bcode\b|\babbreviat/i.test(`${prop.description ?? ''} ${toolWords}`) || (typeof prop.pattern === 'string' && /\[A-Z\]\{2\}/.test(prop.pattern));
  return { value: wantsCode ? STATES[name] : name, said: m[0] };
}
