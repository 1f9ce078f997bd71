import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lint } from '../src/model';
import { importJson, exportJson } from '../src/formats/json';
import { exportBlockAgentYaml, importBlockAgentYaml } from '../src/formats/block-agent';
import { exportPinecallTs, importPinecallTs } from '../src/formats/pinecall';
const base = importJson(readFileSync('public/examples/clinic-booking.json', 'utf8'));
if (!base.ok) throw new Error('x');
const time = (f: () => unknown) => { const t = performance.now(); try { f(); } catch (e) { return 'ERR ' + (e as Error).message.slice(0, 60); } return Math.round(performance.now() - t); };
it('wide', () => {
  for (const n of [10000, 20000, 40000]) {
    const doc = structuredClone(base.doc);
    const props: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) props['p' + i] = { type: 'string' };
    doc.tools[0].parameters = { type: 'object', properties: props as never, required: [] };
    let y = '', t = '', j = '';
    const r = { lint: time(() => lint(doc)), ej: time(() => { j = exportJson(doc); }), ij: time(() => importJson(j)), ey: time(() => { y = exportBlockAgentYaml(doc).text; }), et: time(() => { t = exportPinecallTs(doc).text; }), iy: time(() => importBlockAgentYaml(y)), it: time(() => importPinecallTs(t)) };
    console.log(n, JSON.stringify(r));
  }
}, 600000);
