import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lint } from '../src/model';
import { importJson } from '../src/formats/json';
import { exportBlockAgentYaml, importBlockAgentYaml } from '../src/formats/block-agent';
import { exportPinecallTs, importPinecallTs } from '../src/formats/pinecall';

const base = importJson(readFileSync('public/examples/clinic-booking.json', 'utf8'));
if (!base.ok) throw new Error('x');
const N = Number(process.env.N ?? 100_000);
const patterns: Record<string, string> = {
  open2: '{{'.repeat(N / 2), pct: '{%'.repeat(N / 2), openA: '{{ a'.repeat(N / 4), spaces: ' '.repeat(N) + 'x', nl: '\n'.repeat(N),
  thisdot: 'this.'.repeat(N / 5), secret: '{{ secret:'.repeat(N / 10), star: '/*'.repeat(N / 2), quote: '"'.repeat(N), bt: '`'.repeat(N), dollar: '${'.repeat(N / 2),
  brace: '{'.repeat(N), lt: '<'.repeat(N), tabs: '\t'.repeat(N) + 'x', nlsp: ' \n'.repeat(N / 2), colon: ': '.repeat(N / 2), dash: '- '.repeat(N / 2), hash: ' #'.repeat(N / 2),
  crlf: '\r\n'.repeat(N / 2), bs: '\\'.repeat(N), openClose: '{{}'.repeat(N / 3), pctSet: '{% set a'.repeat(N / 8), ws_comma: '{% set a' + ' ,'.repeat(N / 2),
};
const fields = ['persona', 'instructions', 'description', 'confirm', 'implementation', 'when', 'expression'] as const;
const time = (f: () => unknown) => { const t = performance.now(); try { f(); } catch (e) { return `ERR ${(e as Error).message.slice(0, 60)}`; } return Math.round(performance.now() - t); };

it('quad', () => {
  for (const [pname, text] of Object.entries(patterns)) {
    for (const field of fields) {
      const doc = structuredClone(base.doc);
      if (field === 'persona') doc.persona = text;
      if (field === 'instructions') doc.stages[0].instructions = text;
      if (field === 'description') doc.tools[0].description = text;
      if (field === 'confirm') doc.tools[0].confirm = text;
      if (field === 'implementation') doc.tools[0].implementation = text;
      if (field === 'when') doc.tools[0].when = text;
      if (field === 'expression') { const e = doc.edges.find((e) => e.conditions.some((c) => c.kind === 'expression')); if (!e) continue; (e.conditions.find((c) => c.kind === 'expression') as { expression: string }).expression = text; }
      let yaml = ''; let ts = '';
      const r = {
        lint: time(() => lint(doc)),
        ey: time(() => { yaml = exportBlockAgentYaml(doc).text; }),
        et: time(() => { ts = exportPinecallTs(doc).text; }),
        iy: time(() => importBlockAgentYaml(yaml)),
        it: time(() => importPinecallTs(ts)),
      };
      const slow = Object.values(r).some((v) => typeof v === 'string' || v > 300);
      if (slow) console.log(pname, field, JSON.stringify(r));
    }
  }
}, 600_000);
