// Property tests in `npm test` are a gate, so they run on a fixed seed: a red CI run is then a
// reproducible bug, not luck. FC_SEED=<n> replays another seed; FC_SEED=random explores (what
// `npm run fuzz` does, with many more runs). A counterexample found that way becomes a fixed
// regression case beside its property.
import fc from 'fast-check';

const requested = process.env.FC_SEED;
if (requested !== 'random') fc.configureGlobal({ seed: requested ? Number(requested) : 20261130 });
