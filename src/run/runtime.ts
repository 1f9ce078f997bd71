// What the page's thread loads when the first step starts (never at first paint): opening a
// session, the providers for the simulated caller (a model playing the person on the line, which
// runs none of the agent's code), and its outcome text. Steps, retries, replays and test runs go
// to the engine worker (./engine-host.ts), where the agent's code runs.
export { startSession } from '../simulator/simulation';
export { createModel } from '../simulator/providers';
export { runSimulatedCaller, describeOutcome } from '../simulator/caller';
