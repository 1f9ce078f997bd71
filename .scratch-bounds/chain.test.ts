import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lint } from '../src/model';
import { importJson } from '../src/formats/json';
import { exportBlockAgentYaml, importBlockAgentYaml } from '../src/formats/block-agent';
import { exportPinecallTs, importPinecallTs } from '../src/formats/pinecall';
const base = importJson(readFileSync('public/examples/clinic-booking.json', 'utf8'));
if (!base.ok) throw new Error('x');
const time = (f: () => unknown) => { const t = performance.now(); try { f(); } catch (e) { return 'ERR ' + (e as Error).message.slice(0, 50); } return Math.round(performance.now() - t); };
it('chain', () => {
  for (const [k, text] of [['bin', 'this.a' + ' + this.a'.repeat(20000)], ['call', 'this.a' + '.f()'.repeat(20000)], ['paren', '('.repeat(5000) + '1' + ')'.repeat(5000)], ['tern', 'a ? b : '.repeat(5000) + 'c'], ['not', '!'.repeat(20000) + 'a'], ['arrow', '() => '.repeat(5000) + '1']] as const) {
    for (const field of ['when', 'expression', 'implementation']) {
      const doc = structuredClone(base.doc);
      if (field === 'when') doc.tools[0].when = text;
      else if (field === 'implementation') doc.tools[0].implementation = 'return ' + text + ';';
      else (doc.edges.find((e) => e.conditions.some((c) => c.kind === 'expression'))!.conditions.find((c) => c.kind === 'expression') as { expression: string }).expression = text;
      let y = '', t = '';
      const r = { lint: time(() => lint(doc)), ey: time(() => { y = exportBlockAgentYaml(doc).text; }), et: time(() => { t = exportPinecallTs(doc).text; }), iy: time(() => importBlockAgentYaml(y)), it: time(() => importPinecallTs(t)) };
      console.log(k, field, JSON.stringify(r));
    }
  }
}, 600_000);
