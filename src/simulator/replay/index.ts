// Replay after an edit (issue 6, point 3): re-run a past run's inputs on the current document and
// compare the two runs step by step.
export { replayFrom, type RunStep, type ReplayOptions } from './replay';
export { summarizeStep, type StepSummary, type ToolCallSummary } from './summary';
export { diffRuns, describeDiff, DIFF_ASPECTS, ASPECT_LABEL, type DiffAspect, type DiffMark, type StepDiff } from './diff';
