// Pinecall's file format (a class in TypeScript, Python or Ruby): the front door. Nothing outside
// this folder but tests and test support imports the files inside it (dependency-cruiser,
// `a-runtime-part-has-one-front-door`).
//
// What loads TypeScript's compiler (3.5 MB: the TypeScript importer, the code's stage-flow reader,
// the locator) is not re-exported: page code imports this door on first paint and every CLI
// command imports it, and a static re-export would load the compiler with them (the dev server
// and Node load every file a module re-exports, and the CLI's bundler, esbuild splitting into
// chunks, puts every re-exported file that some command uses into each command that imports the
// door: `callboard lint` would start with the compiler). It comes as a `load…()` function
// (./load.ts) that imports its file on demand, so the bundler keeps that file in a chunk of its
// own, as a direct `import()` did:
//
//   const { importPinecallTs } = await loadPinecallImporter();
//
// A light part that a caller wants on demand too (the Python importer: only a .py file needs it)
// has a loader beside its static export. The engine doors (../engine/index.ts and the other
// runtimes') follow the same rule and need no loader: what imports them is the engine, loaded on
// demand as a whole.
export {
  loadPinecallImporter, loadPinecallStageFlow, loadPinecallLocator, loadPinecallPythonImporter, loadPinecallPythonStageFlow,
} from './load';

// TypeScript: export (`agents/<slug>/agent.tsx`), what the import reads, and the round-trip oracle.
export { exportPinecallTs, PINECALL_MODULE, type PinecallExport } from './export';
export type { PinecallImport, SourceProblem } from './import';
export type { AgentFolder } from './import-files';
export { projectPinecall, normalizeForComparison } from './project';
export { lossesOfPinecall } from './losses';
export { preservedOf, type PinecallPreserved } from './preserved';
export { dedentCode, withoutThisPrefix } from './js-lexer';
// Whether the code may set the stage (no compiler), and its stage flow read by the lightest reader that can.
export { codeMaySetStage, stageFlowIfAny } from './code-sets-stage';
// The agent's folder as the importers read it: its files, and the entries left out and why.
export {
  sourceFilesOf, refusedEntry, resolveRelative, folderOf, joinPath, isFolderRefusal, LEAVES_FOLDER, READS_NO_FILE,
  type Refused, type SourceFiles,
} from './source-files';
// The Code tab's declarations for a tool body: the class's state and the method's parameters.
export {
  stateDeclaration, toolWrapper, parameterList, signatureCaption, identifierPart, STATE_INTERFACE, RUNTIME_DECLARATIONS,
  type BodyWrapper,
} from './editor-declarations';

// Python: export, import, the tool specs pydantic builds, losses, and the SDK's answers (the corpus).
export { exportPinecallPython, type PinecallPythonExport } from './python/export';
export { importPinecallPython, type PinecallPythonImport, type PythonImportOptions } from './python/import';
export { pythonStageFlow } from './python/code-writes';
export { pinecallPythonToolSpecs, pyRefusal, pyToolSpecs, pyTools, type PyToolEntry, type PyToolSpec } from './python/spec';
export { lossesOfPinecallPython, pyDroppedParameters, pyParameterChanges } from './python/losses';
export { pyMembers, type PyMembers } from './python/members';
export { writableParameter } from './python/signature';
export { differencesFromSdk, type SdkTruth } from './python/sdk-truth';
export { exportPinecallRuby, type PinecallRubyMerged } from './ruby/export';
export { importPinecallRuby, type PinecallRubyImport } from './ruby/import';
export { lossesOfPinecallRuby } from './ruby/losses';
export { rubyToolSpec, rubyToolSpecs, type RubyToolSpec } from './ruby/spec';

// What the formats floor reads of every runtime (formats/runtime-homes.ts): this one's losses and file format.
export { losses, toolSpecs, format } from './runtime-format';
// The kinds of file it is written in (formats/file-kind.ts): light, each loading its reader on first use.
export { files } from './files';
