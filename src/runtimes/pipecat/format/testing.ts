// Test support: the seven example flows (fixtures/examples, BSD-2, from the Pipecat repositories).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const EXAMPLES = join(import.meta.dirname, 'fixtures', 'examples');

export const EXAMPLE_FLOWS: { name: string; text: string }[] = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .map((name) => ({ name, text: readFileSync(join(EXAMPLES, name), 'utf8') }));

export const exampleFlow = (prefix: string): string => EXAMPLE_FLOWS.find((f) => f.name.startsWith(prefix))!.text;
