import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lint } from '../src/model';
import { importJson } from '../src/formats/json';
import { exportBlockAgentYaml, importBlockAgentYaml } from '../src/formats/block-agent';
import { exportPinecallTs, importPinecallTs } from '../src/formats/pinecall';
import ts from 'typescript';
const base = importJson(readFileSync('public/examples/clinic-booking.json', 'utf8'));
if (!base.ok) throw new Error('x');
const time = (f: () => unknown) => { const t = performance.now(); try { f(); } catch (e) { return -1; } return Math.round(performance.now() - t); };
const cases: [string, string, (n: number) => string][] = [
  ['bt', 'when', (n) => '`'.repeat(n)], ['nl', 'description', (n) => 'a\n'.repeat(n / 2)], ['nl', 'persona', (n) => '\n'.repeat(n)], ['quote', 'when', (n) => '"'.repeat(n)], ['dollar', 'when', (n) => '${'.repeat(n / 2)],
];
it('scale', () => {
  for (const [p, field, make] of cases) {
    for (const n of [100_000, 200_000, 400_000]) {
      const doc = structuredClone(base.doc);
      const text = make(n);
      if (field === 'when') doc.tools[0].when = text; else if (field === 'description') doc.tools[0].description = text; else doc.persona = text;
      let y = '', t = '';
      const r = { lint: time(() => lint(doc)), ey: time(() => { y = exportBlockAgentYaml(doc).text; }), et: time(() => { t = exportPinecallTs(doc).text; }), iy: time(() => importBlockAgentYaml(y)),
        parse: time(() => ts.createSourceFile('a.tsx', t, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)), it: time(() => importPinecallTs(t)) };
      const r2 = importPinecallTs(t);
      console.log(p, field, n, JSON.stringify(r), r2.ok ? 'ok' : r2.errors.length);
    }
  }
}, 600_000);
