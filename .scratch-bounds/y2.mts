import { parseDocument, LineCounter } from 'yaml';
for (const n of [1000, 10000]) {
  for (const [label, text] of [['flow', 'a: ' + '['.repeat(n) + ']'.repeat(n)], ['dash', 'a:\n  ' + '- '.repeat(n) + 'x'], ['map', 'a: ' + '{b: '.repeat(n) + '1' + '}'.repeat(n)]] as const) {
    const doc = parseDocument(text, { lineCounter: new LineCounter(), prettyErrors: true });
    console.log(n, label, doc.errors.map(e => e.code + ' ' + e.message.slice(0, 80)));
    try { const js = doc.toJS(); let d = 0; let v: any = js.a; while (v && typeof v === 'object') { v = Array.isArray(v) ? v[0] : v.b; d++; } console.log('  depth', d); } catch (e) { console.log('  toJS', (e as Error).message); }
  }
}
