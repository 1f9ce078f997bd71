import { it } from 'vitest';
import { importPinecallTs } from '../src/formats/pinecall/import';
const agent = (params: string, declarations = '', body = 'return {};') =>
  `import { Agent, tool } from "@pinecall/agents";\n${declarations}\n/** You look things up. */\nexport default class Lookup extends Agent {\n  /** Look it up. */\n  @tool()\n  async look(${params}) {\n    ${body}\n  }\n}\n`;
it('t', () => {
  const declarations = ['interface T0 { a: string; b: string }', ...Array.from({ length: 30 }, (_, i) => `interface T${i + 1} { a: T${i}; b: T${i} }`)].join('\n');
  console.log(JSON.stringify(importPinecallTs(agent('details: T30', declarations))));
  const text = agent('', '', `return ${'['.repeat(150)}${']'.repeat(150)};`);
  console.log(JSON.stringify(importPinecallTs(text)), text.split('\n')[7]);
});
