// Block Agent YAML (formats/block-agent.md): export, import, the tab fix, and the round-trip oracle.
export { exportBlockAgentYaml, type BlockAgentExport } from './export';
export {
  importBlockAgentYaml, importBlockAgentTools, parseBlockAgentText, REINDENT_FIX,
  type BlockAgentImport, type BlockAgentToolsImport, type ImportFailure, type ImportFix, type ImportOptions,
  type ImportProblem, type ImportWarning,
} from './import';
export { addImportedTools } from './add-tools';
export { reindentTabs, firstIndentTab } from './tabs';
export { projectBlockAgent, applyBlockAgentLosses } from './project';
export { normalizeForComparison } from './compare';
export { IMPORTED_AGENT_NAME } from './conventions';
