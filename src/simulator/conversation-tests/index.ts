// Conversation tests (issue 6): checking a finished run, running a test or a suite on the
// simulator's engine, and proposing a test from a run ("Save as test"). Pure: the app, the CLI and
// the unit tests all call these.
export * from './types';
export { checkExpectations, calledTools, spokenLines, finalStageName, jsonEqual } from './expectations';
export { runConversationTest, runSuite } from './run';
export { proposeTest, testNameFrom } from './propose';
export { compareRow, compareRows, compareVerdict, passRateText, type CompareRow, type CompareVerdict } from './compare';
