import { it } from 'vitest';
import { parseDocument, LineCounter } from 'yaml';
it('keys', () => {
  for (const n of [5000, 10000, 20000]) {
    for (const [k, text] of [['plain', Array.from({ length: n }, (_, i) => `k${i}: 1`).join('\n')], ['flow', '{' + Array.from({ length: n }, (_, i) => `k${i}: 1`).join(', ') + '}'], ['seq', Array.from({ length: n }, (_, i) => `- k${i}`).join('\n')],
      ['anch', Array.from({ length: n }, (_, i) => `k${i}: &a${i} 1`).join('\n')], ['uniqFalse', Array.from({ length: n }, (_, i) => `k${i}: 1`).join('\n')]] as const) {
      const t = performance.now(); parseDocument(text, { lineCounter: new LineCounter(), prettyErrors: true, ...(k === 'uniqFalse' ? { uniqueKeys: false } : {}) }); console.log(n, k, Math.round(performance.now() - t));
    }
  }
}, 120000);
