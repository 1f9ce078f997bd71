// The runtimes Callboard builds agents for, in one list that the app, the CLI and the tests
// iterate: each is its file format (formats/runtime-formats.ts: file, losses, oracle, exporter) and
// its step engine (simulator/runtime-homes.ts). Adding a runtime: its home (src/runtimes/<runtime>/)
// and its name in the schema's Target, from which `npm run gen:types` writes each floor's table
// (scripts/gen-runtime-homes.mjs); nothing here changes.
import { TARGET_LABEL, TARGETS, type Target } from '../model';
import { FILE_FORMAT_LABEL } from '../formats/file-format';
import { RUNTIME_FORMATS, type RuntimeFormat } from '../formats/runtime-formats';
import type { Engine } from '../simulator/engine';
import { ENGINES } from '../simulator/runtime-homes';

export interface Runtime extends RuntimeFormat {
  /** "Pinecall", "Block Agent". */
  label: string;
  /** "Pinecall TypeScript", "Block Agent YAML". */
  fileLabel: string;
  engine: Engine;
}

function runtime(target: Target): Runtime {
  const format = RUNTIME_FORMATS[target];
  return { ...format, label: TARGET_LABEL[target], fileLabel: FILE_FORMAT_LABEL[format.fileFormat], engine: ENGINES[target] };
}

export const RUNTIMES: readonly Runtime[] = TARGETS.map(runtime);

export { TARGETS };

export function runtimeOf(target: Target): Runtime {
  return RUNTIMES.find((r) => r.target === target)!;
}
