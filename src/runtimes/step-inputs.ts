// What a step of a run needs from the runtimes, assembled once for every caller (the app's engine
// worker, `callboard simulate`, `test` and `check`): the tool runner on the document's code, the
// runtime's losses (what a step skips), and the tool specs its own code builds (TOOL_SPECS). The
// caller gives the rest: the model, the predicate sandbox, the call's facts, its bounds and hooks.
import type { AgentDocument } from '../model';
import { lossesFor } from '../formats/losses';
import { TOOL_SPECS } from '../formats/runtime-homes';
import { sandboxToolRunner } from '../simulator/sandbox-runner';
import type { StepDeps, ToolSpecsOf } from '../simulator/types';

/** The specs the document's runtime builds for its tools (a Pinecall class in Python: pydantic's); undefined: the tools' own. */
const toolSpecsOf: ToolSpecsOf = (doc, tools) => TOOL_SPECS[doc.target](doc, tools);

/** A step's inputs: what the caller gives, and what the runtimes give for `doc`. */
export function stepDeps(doc: AgentDocument, given: Omit<StepDeps, 'runner' | 'losses' | 'toolSpecs'>): StepDeps {
  return { ...given, runner: sandboxToolRunner(doc), losses: lossesFor, toolSpecs: toolSpecsOf };
}
