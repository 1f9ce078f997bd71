import ts from 'typescript';
for (const n of [500, 1000, 2000, 5000, 10000, 50000]) {
  const cases: Record<string, string> = {
    typeLit: `interface A { a: ${'{ a: '.repeat(n)}string${' }'.repeat(n)} }`,
    arr: `type A = ${'Array<'.repeat(n)}string${'>'.repeat(n)};`,
    expr: `const x = ${'['.repeat(n)}${']'.repeat(n)};`,
    paren: `const x = ${'('.repeat(n)}1${')'.repeat(n)};`,
  };
  for (const [k, text] of Object.entries(cases)) {
    const t0 = Date.now();
    try { const sf = ts.createSourceFile('a.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX); console.log(n, k, 'ok', (sf as any).parseDiagnostics.length, Date.now() - t0); }
    catch (e) { console.log(n, k, 'throws', (e as Error).message, Date.now() - t0); }
  }
}
