/** Pinecall TypeScript: export (`agents/<slug>/agent.tsx`), import, and the round-trip oracle. */
export { exportPinecallTs, PINECALL_MODULE, type PinecallExport } from './export';
export { importPinecallTs, type PinecallImport, type SourceProblem } from './import';
export { projectPinecall, normalizeForComparison } from './project';
export type { PinecallPreserved } from './preserved';
