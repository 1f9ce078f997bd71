import { it } from 'vitest';
import { importPinecallTs } from '../src/formats/pinecall';
const cls = (params: string, extra = '') => `import { Agent, tool } from "@pinecall/agents";\n${extra}\nexport default class A extends Agent {\n  /** Look it up. */\n  @tool()\n  async look(${params}) {\n    return 1;\n  }\n}\n`;
it('ts', () => {
  const ifaces = ['interface L0 { a: string; b: string }', ...Array.from({ length: 30 }, (_, i) => `interface L${i + 1} { a: L${i}; b: L${i} }`)].join('\n');
  const aliases = ['type T0 = string;', ...Array.from({ length: 10000 }, (_, i) => `type T${i + 1} = T${i};`)].join('\n');
  const ext = ['interface E0 { a: string }', ...Array.from({ length: 10000 }, (_, i) => `interface E${i + 1} extends E${i} {}`)].join('\n');
  const chain = ['interface C0 { a: string }', ...Array.from({ length: 200 }, (_, i) => `interface C${i + 1} { a: C${i} }`)].join('\n');
  const rec = 'interface R { a: R; b: R[] }';
  const cases: [string, string][] = [
    ['expand', cls('x: L30', ifaces)], ['alias', cls('x: T10000', aliases)], ['ext', cls('x: E10000', ext)], ['chain', cls('x: C200', chain)], ['rec', cls('x: R', rec)],
    ['typelit', cls(`x: ${'{ a: '.repeat(5000)}string${' }'.repeat(5000)}`)], ['typelit150', cls(`x: ${'{ a: '.repeat(150)}string${' }'.repeat(150)}`)],
    ['arrmock', cls('x: string').replace('return 1;', `return ${'['.repeat(150)}${']'.repeat(150)};`)],
    ['binary', cls('x: string').replace('return 1;', `return ${'1 + '.repeat(20000)}1;`)],
    ['calls', cls('x: string').replace('return 1;', `return x${'.f()'.repeat(5000)};`)],
  ];
  for (const [name, text] of cases) {
    const t = performance.now();
    let out: string;
    try { const r = importPinecallTs(text); out = r.ok ? 'ok ' + JSON.stringify(r.doc.tools[0].parameters).length : JSON.stringify(r.errors).slice(0, 500); } catch (e) { out = 'THROW ' + (e as Error).message; }
    console.log(name, Math.round(performance.now() - t), out);
  }
}, 120000);
