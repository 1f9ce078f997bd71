// Where a Python class's kept bodies set the stage beyond its edges (import-body.ts found them at
// import): as the stage flow the canvas and lint read (model/code-flow.ts), the way
// ../stage-flow.ts reads a TypeScript class's bodies. No parser here: the import read them.
import type { AgentDocument } from '../../../../model';
import type { StageFlow, StageWrite } from '../../../../model/code-flow';
import { pythonPreservedOf } from './preserved';

/** The writes a Python class's kept bodies make beyond its edges, as its import found them. */
export function pythonStageFlow(doc: AgentDocument): StageFlow {
  const stageNames = new Set(doc.stages.map((s) => s.name));
  const flow: StageFlow = { writes: [], unresolved: [], unknownStages: [] };
  for (const [tool, writes] of Object.entries(pythonPreservedOf(doc).codeWrites ?? {})) {
    for (const write of writes) {
      const entry: StageWrite = {
        tool, to: write.to, at: { member: tool, offset: write.offset, line: write.line, column: write.column },
        ...(write.condition ? { condition: write.condition } : {}), ...(write.maybe ? { maybe: true as const } : {}),
      };
      (stageNames.has(write.to) ? flow.writes : flow.unknownStages).push(entry);
    }
  }
  return flow;
}
