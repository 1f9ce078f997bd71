import { it } from 'vitest';
import { parseDocument, LineCounter } from 'yaml';
import { checkYamlBounds } from '../src/formats/block-agent/yaml-bounds';
import { importBlockAgentYaml } from '../src/formats/block-agent/import';
const AGENT = 'personality: Helpful.\nblocks:\n  - block_id: main\n    turns:\n      - turn_id: start\n        content: Hello.\n';
it('al', () => {
  const anchors = Array.from({ length: 10_000 }, (_, i) => `a${i + 1}: &a${i + 1} [*a${i}]`).join('\n');
  const text = `${AGENT}a0: &a0 [1]\n${anchors}\n`;
  let t = performance.now(); const lines = new LineCounter(); const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true }); console.log('parse', performance.now() - t, doc.errors.length, doc.warnings.length);
  t = performance.now(); const b = checkYamlBounds(text, doc, lines); console.log('bounds', performance.now() - t, JSON.stringify(b).slice(0, 200));
  console.log(JSON.stringify(importBlockAgentYaml(`${AGENT}extra: &loop [1, *loop]\n`)));
}, 60000);
