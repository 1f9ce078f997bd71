// The Node parts of the bench, one after the other (so they never compete for the cores).
import { writePart } from '../lib/results';
import { enginePart } from './engine';
import { formatsPart } from './formats';
import { parallelPart } from './parallel';
import { promptSizePart } from './prompt-size';

const parts = [promptSizePart, formatsPart, enginePart, parallelPart];
for (const part of parts) {
  const started = performance.now();
  const result = await part();
  writePart(result);
  console.log(`bench: ${result.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
