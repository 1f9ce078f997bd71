// What the page's thread loads when the first step starts (never at first paint): the providers for the simulated caller (a model playing the person on the line, which
// runs none of the agent's code), and its outcome text. Steps, retries, replays and test runs go
// to the engine worker (./engine-host.ts), where the agent's code runs.
export { createModel } from '../simulator/providers';
export { runSimulatedCaller, describeOutcome } from '../simulator/caller';
// Not the engines (../simulator/simulation.ts): a session opens with ../simulator/session.ts, which
// the controller imports itself. The engines' modules bring the TypeScript compiler (a Pinecall
// class's code is read with it): 3.5 MB parsed on the page's thread as the first step began, a
// frame gap of 200-350 ms inside a run (e2e/untrusted.spec.ts), for code only the worker runs.
