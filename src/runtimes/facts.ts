// Every runtime's light facts (runtime-facts.ts): what the app, the panels and the CLI read of a
// runtime without loading its format or engine. The list, RUNTIME_FACTS, is written from the
// schema's Target (runtime-homes.ts): a new runtime's facts are its home's facts.ts.
import type { Target } from '../model';
import type { RuntimeFacts } from './runtime-facts';
import { RUNTIME_FACTS } from './runtime-homes';

export { RUNTIME_FACTS };

export const factsOf = (target: Target): RuntimeFacts => RUNTIME_FACTS.find((r) => r.target === target)!;
