import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { exportBlockAgentYaml } from '../src/formats/block-agent';
import { yamlDepthError } from '../src/formats/block-agent/yaml-bounds';
import { importJson } from '../src/formats/json';
import { parseDocument, LineCounter } from 'yaml';
it('yaml', () => {
  const base = importJson(readFileSync('public/examples/clinic-booking.json', 'utf8'));
  if (!base.ok) throw new Error();
  const big = structuredClone(base.doc);
  for (let i = 0; i < 300; i++) big.tools.push({ ...structuredClone(base.doc.tools[0]), id: 'tx' + i, name: 'tool_' + i });
  const text = exportBlockAgentYaml(big).text;
  for (let k = 0; k < 4; k++) {
    let t = performance.now(); yamlDepthError(text); const a = performance.now() - t;
    t = performance.now(); parseDocument(text, { lineCounter: new LineCounter() }); const b = performance.now() - t;
    console.log(Math.round(a), Math.round(b));
  }
}, 120000);
