// Where a lint problem sits in the file it came from. A problem names a JSON pointer into the
// document and the entity it is about; a JSON file holds that pointer as written (json-file-locator.ts), a runtime's
// file holds the same entities in its own shape: its kind's locator says where (a Block Agent YAML
// file under other keys, a Pinecall class as members). Undefined when nothing fits: the caller
// prints the path.
import type { AgentDocument } from '../model';
import type { Locatable, Locator, Position } from './locator';
import { kindOf, type FileFormat } from './file-format';

export type { Locatable, Locator, Position };

export { positionAt } from '../model/text-position';
export { jsonLocator } from './json-file-locator';

/** Finds nothing: the caller prints the path. */
const NOWHERE: Locator = () => undefined;

/** A locator for the file's kind, loaded on demand (the TypeScript one loads the compiler); a kind with none places nothing. */
export async function locatorFor(format: FileFormat, text: string, doc: AgentDocument): Promise<Locator> {
  return (await kindOf(format).locator?.(text, doc)) ?? NOWHERE;
}
