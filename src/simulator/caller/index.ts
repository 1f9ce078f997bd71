// The simulated caller (issue 6, point 4): an LLM plays the person on the line from a persona and
// a goal, for at most K lines or until the call ends.
export { callerRequest, callerSystemPrompt, callerMessages, readCallerAnswer, END_MARK, CALL_CONNECTED, AGENT_SILENT, type CallerBrief, type CallerMove } from './prompt';
export { runSimulatedCaller, describeOutcome, type CallerOutcome, type SimulatedCallerOptions } from './simulated-caller';
