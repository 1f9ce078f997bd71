// Pipecat Flows' file format (pipecat-ai 1.14.0, `pipecat.flows.FlowConfig`): the front door. Nothing
// outside this folder imports the files inside it. Pure: no React, no canvas, no store.
//
//   readFlow(text, {fileName | syntax, handlers?}) → FlowFile: the typed model (every node, function,
//     transition and branch key with its line:column), the data Pipecat validates, and the findings
//     in Pipecat's order and words (read, schema, graph, handlers) then Callboard's warnings (lint).
//   writeFlowYaml / writeFlowJson: key for key; YAML from YAML keeps the text and rewrites only what
//     changed (unchanged: byte-identical).
//   readHandlers / writeHandlers: a handlers.py of direct functions and the JSON Schema Pipecat
//     derives from each; HANDLERS_MISSING_LOSSES: what a flow without one cannot say.
export { readFlow, syntaxOf, type FlowFile, type ReadFlowOptions } from './flow';
export { writeFlowYaml, writeFlowJson, dataToYaml, sameData, FlowWriteError, type FlowSource } from './write';
export { formatFinding, locText, pipecatRefuses, type FlowFinding, type FindingStage } from './findings';
export { FLOW_LIMITS, type FlowLimits, type FlowSyntax } from './pytree';
export type { HandlerNames } from './graph';
export {
  PIPECAT_VERSION, caseKey, placeholdersIn, transitionTargets,
  type ActionType, type BranchCase, type FlowActionData, type FlowConfigData, type FlowFunctionData, type FlowNodeData, type BranchTransition, type DirectTransition, type FlowAction, type FlowConfigModel,
  type FlowFunction, type FlowMessage, type FlowNode, type Located, type Placeholder, type Position, type Transition,
} from './model';
export { readHandlers, derivedSchema, handlerNames, HANDLERS_LIMITS, type DerivedSchema, type HandlerFunction, type HandlerParam, type HandlerProblem, type HandlersModule, type JsonSchema } from './handlers';
export { writeHandlers, annotationFor, HandlersWriteError, type HandlerParamSpec, type HandlerSpec } from './handlers-write';
export { handlerLosses, type FlowLoss, type FlowLossKind } from './losses';
// The flow as a Callboard document, and back (the pipecat target).
export { importPipecatFlow, HANDLERS_FILE, type PipecatImport, type PipecatImportOptions, type FlowProblem } from './document';
export { exportPipecatFlow, handlersText, keptFlowSource, type PipecatExport } from './export';
export { lossesOfPipecat } from './doc-losses';
export { projectPipecat } from './project';

// What the formats floor reads of every runtime (formats/runtime-homes.ts): this one's losses and file format.
export { losses, toolSpecs, format } from './runtime-format';
// The kinds of file it is written in (formats/file-kind.ts): light, each loading its reader on first use.
export { files } from './files';
