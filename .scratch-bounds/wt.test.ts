import { it } from 'vitest';
import ts from 'typescript';
import { withoutThis } from '../src/formats/pinecall/import-util';
it('wt', () => {
  for (const n of [1000, 2000, 3000, 4000, 6000, 8000]) {
    for (const [k, text] of [['tag', 'x' + '``'.repeat(n)], ['bin', 'this.a' + ' + this.a'.repeat(n)], ['call', 'this.a' + '.f()'.repeat(n)]] as const) {
      const sf = ts.createSourceFile('a.ts', text, ts.ScriptTarget.Latest, true);
      const expr = (sf.statements[0] as ts.ExpressionStatement).expression;
      try { withoutThis(sf, expr); console.log(n, k, 'ok'); } catch (e) { console.log(n, k, (e as Error).message); }
    }
  }
});
