// Where a Python class's kept bodies set the stage beyond its edges (import-body.ts found them at
// import): as the stage flow the canvas and lint read (model/code-flow.ts), the way
// ../stage-flow.ts reads a TypeScript class's bodies. No parser here: the import read them.
import type { AgentDocument } from '../../../../model';
import { stageFlowOfKeptWrites, type StageFlow } from '../../../../model/code-flow';
import { pythonPreservedOf } from './preserved';

/** The writes a Python class's kept bodies make beyond its edges, as its import found them. */
export const pythonStageFlow = (doc: AgentDocument): StageFlow => stageFlowOfKeptWrites(doc, pythonPreservedOf(doc).codeWrites ?? {});
