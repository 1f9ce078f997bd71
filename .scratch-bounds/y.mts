import { parseDocument, LineCounter, Parser, Composer } from 'yaml';
for (const n of [1000, 5000, 10000, 100000]) {
  for (const [label, text] of [['flow', '['.repeat(n) + ']'.repeat(n)], ['dash', 'a: ' + '- '.repeat(n) + 'x']] as const) {
    const t0 = Date.now();
    try {
      const doc = parseDocument(text, { lineCounter: new LineCounter(), prettyErrors: true });
      let ok = 'parsed';
      try { doc.toJS(); ok += ' toJS ok'; } catch (e) { ok += ' toJS ' + (e as Error).message; }
      console.log(n, label, ok, doc.errors.length, Date.now() - t0);
    } catch (e) { console.log(n, label, 'parse throws', (e as Error).message, Date.now() - t0); }
    try { const toks = Array.from(new Parser().parse(text)); console.log('  cst ok', toks.length); } catch (e) { console.log('  cst throws', (e as Error).message); }
  }
}
