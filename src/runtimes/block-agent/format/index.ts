// Block Agent YAML (formats/block-agent.md): the front door. Nothing outside this folder but tests
// and test support imports the files inside it (dependency-cruiser, `a-runtime-part-has-one-front-door`).
// Every part is light (the YAML parser is the heaviest) and no caller loads one on demand, so all
// are re-exported statically; a part that some caller loads on demand would come as a `load…()`
// function that import()s it, never as a static re-export, which would load it with the door
// (README, "Architecture").
//
// Export, import, the tab fix, the tools as written, losses, and the round-trip oracle.
export { exportBlockAgentYaml, type BlockAgentExport } from './export';
export {
  importBlockAgentYaml, importBlockAgentTools, parseBlockAgentText, REINDENT_FIX,
  type BlockAgentImport, type BlockAgentToolsImport, type ImportFailure, type ImportFix, type ImportOptions,
  type ImportProblem, type ImportWarning,
} from './import';
export { addImportedTools } from './add-tools';
export { reindentTabs, firstIndentTab } from './tabs';
export { toolShape, writeTool } from './write';
export { renderYaml } from './render';
export { lossesOfBlockAgent } from './losses';
export { projectBlockAgent, applyBlockAgentLosses } from './project';
export { normalizeForComparison } from './compare';
export { IMPORTED_AGENT_NAME } from './conventions';

// What the formats floor reads of every runtime (formats/runtime-homes.ts): this one's losses and file format.
export { losses, toolSpecs, format } from './runtime-format';
// The kinds of file it is written in (formats/file-kind.ts): light, each loading its reader on first use.
export { files } from './files';
