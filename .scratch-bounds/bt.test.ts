import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { importJson } from '../src/formats/json';
import { exportPinecallTs, importPinecallTs } from '../src/formats/pinecall';
it('bt', () => {
  const base = importJson(readFileSync('public/examples/clinic-booking.json', 'utf8'));
  if (!base.ok) throw new Error('x');
  for (const n of [20000, 100000, 400000]) {
    const doc = structuredClone(base.doc);
    const e = doc.edges.find((e) => e.conditions.some((c) => c.kind === 'expression'))!;
    (e.conditions.find((c) => c.kind === 'expression') as { expression: string }).expression = '`'.repeat(n);
    const t = exportPinecallTs(doc).text;
    try { const r = importPinecallTs(t); console.log(n, r.ok, r.ok ? '' : r.errors.length); } catch (err) { console.log(n, (err as Error).stack?.split('\n').slice(0, 12).join('\n')); }
  }
}, 600_000);
