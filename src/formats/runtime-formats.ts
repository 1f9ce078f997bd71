// Each runtime's file format (formats/runtime-format.ts), found by the file it reads or writes. The
// table RUNTIME_FORMATS is written from the schema's Target (runtime-homes.ts): a new runtime's
// format is its home's `format`. The importers are import-any.ts's (one reads a Pinecall class in a
// worker, so it is handed in there).
import type { Target } from '../model';
import type { RuntimeFormat } from './runtime-format';
import { RUNTIME_FORMATS } from './runtime-homes';

export { RUNTIME_FORMATS };
export type { RuntimeFile, RuntimeFormat } from './runtime-format';

/** The runtime that reads (and writes) `format` (none for Callboard's own JSON). */
export const runtimeFormatReading = (format: string): RuntimeFormat | undefined =>
  Object.values(RUNTIME_FORMATS).find((r) => (r.readFrom as readonly string[]).includes(format));

/** The runtime whose agent file `format` is, written or read (none for Callboard's own JSON). */
export const targetOfFileFormat = (format: string): Target | undefined => runtimeFormatReading(format)?.target;
