// A flag for "in the UK" ("lost_in_uk: True if it went missing in the UK"): the caller names a part of
// it ("in England I mean", "somewhere in Scotland") or says "abroad" (issue 32: world knowledge a
// person has, kept to the one fact that the UK's nations are in it).
import { negationAt } from './polarity';

/** A flag about being in the UK, by its description or name. */
const ABOUT_THE_UK = /\b(?:in|within)\s+(?:the\s+)?(?:uk|united\s+kingdom|britain|great\s+britain)\b|\b(?:uk|domestic)\b/i;
/** The UK said by one of its parts. */
const IN_THE_UK = /\b(?:in|within|around|somewhere\s+in)\s+(?:the\s+)?(?:uk|united\s+kingdom|great\s+britain|britain|england|scotland|wales|northern\s+ireland)\b/i;
/** Outside it. */
const OUTSIDE = /\b(?:abroad|overseas|outside\s+(?:the\s+)?(?:uk|united\s+kingdom|britain|country))\b/i;

/** The flag's value from the line, with its words; undefined unless the line says one and not both. */
export function flagByUk(name: string, description: string, line: string): { value: boolean; said: string } | undefined {
  if (!ABOUT_THE_UK.test(`${name.replace(/_/g, ' ')} ${description}`)) return undefined;
  const inside = IN_THE_UK.exec(line);
  const outside = OUTSIDE.exec(line);
  const said = (m: RegExpExecArray | null) => m !== null && negationAt(line, m.index) === undefined;
  if (said(inside) && !said(outside)) return { value: true, said: inside![0] };
  if (said(outside) && !said(inside)) return { value: false, said: outside![0] };
  return undefined;
}
