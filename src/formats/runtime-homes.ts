// Written by `npm run gen:types` (scripts/gen-runtime-homes.mjs) from the schema's Target:
// every runtime's file format and losses (formats/runtime-format.ts),
// one line per runtime's home (src/runtimes/<runtime>/). Do not edit by hand: add a runtime to
// Target's enum in src/model/agent.schema.json and run it again (test/runtime-homes.test.ts
// checks this file).
import type { AgentDocument, Loss, Target } from '../model';
import type { FileKind } from './file-kind';
import type { RuntimeFormat, ToolSpecsOf } from './runtime-format';
import { losses as pinecallLosses, toolSpecs as pinecallToolSpecs, format as pinecallFormat, files as pinecallFiles } from '../runtimes/pinecall/format';
import { losses as blockAgentLosses, toolSpecs as blockAgentToolSpecs, format as blockAgentFormat, files as blockAgentFiles } from '../runtimes/block-agent/format';
import { losses as pipecatLosses, toolSpecs as pipecatToolSpecs, format as pipecatFormat, files as pipecatFiles } from '../runtimes/pipecat/format';

/**
 * Every runtime's losses, apart from its format: lint reads them on first paint, and the bundler
 * leaves the exporters that RUNTIME_FORMATS brings out of it as long as nothing there reads that.
 */
export const LOSSES: Record<Target, (doc: AgentDocument) => Loss[]> = {
  pinecall: pinecallLosses,
  'block-agent': blockAgentLosses,
  pipecat: pipecatLosses,
};

/**
 * The tool specs each runtime's own code builds for a document's tools, where they are not the
 * tools' own (a Pinecall class in Python: pydantic's schemas), for a step's StepDeps.toolSpecs.
 * Light, as LOSSES: a run's worker reads it.
 */
export const TOOL_SPECS: Record<Target, ToolSpecsOf> = {
  pinecall: pinecallToolSpecs,
  'block-agent': blockAgentToolSpecs,
  pipecat: pipecatToolSpecs,
};

/** Every runtime's file format: what it is read from, its exporter, its round-trip oracle. */
export const RUNTIME_FORMATS: Record<Target, RuntimeFormat> = {
  pinecall: pinecallFormat,
  'block-agent': blockAgentFormat,
  pipecat: pipecatFormat,
};

/** The kinds of file every runtime is written in (file-kind.ts): light, each loading its reader on first use. */
export const RUNTIME_FILE_KINDS: readonly FileKind[] = [
  ...pinecallFiles,
  ...blockAgentFiles,
  ...pipecatFiles,
];
