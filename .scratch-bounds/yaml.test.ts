import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { importBlockAgentYaml, exportBlockAgentYaml } from '../src/formats/block-agent';
import { importJson } from '../src/formats/json';

it('yaml', () => {
  const base = importJson(readFileSync('public/examples/clinic-booking.json', 'utf8'));
  if (!base.ok) throw new Error();
  const yaml = exportBlockAgentYaml(base.doc).text;
  for (const text of [
    'personality: x\nblocks:\n  - a: ' + '['.repeat(10000) + ']'.repeat(10000),
    'personality: x\nblocks:\n  - ' + '- '.repeat(10000) + 'x',
    'personality: &big "' + 'x'.repeat(3_000_000) + '"\nblocks:\n' + '  - *big\n'.repeat(100),
    'personality: x\nextra: &a [*a]\nblocks: []',
    yaml,
  ]) {
    const t = performance.now();
    const r = importBlockAgentYaml(text);
    console.log(Math.round(performance.now() - t), r.ok ? 'ok' : JSON.stringify(r.errors).slice(0, 400));
  }
  // time: big doc
  const big = structuredClone(base.doc);
  for (let i = 0; i < 300; i++) big.tools.push({ ...structuredClone(base.doc.tools[0]), id: 'tx' + i, name: 'tool_' + i });
  const text = exportBlockAgentYaml(big).text;
  for (let k = 0; k < 3; k++) { const t = performance.now(); importBlockAgentYaml(text); console.log('big', text.length, Math.round(performance.now() - t)); }
}, 120000);
