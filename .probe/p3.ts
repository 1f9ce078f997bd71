import { compileAgent } from '../test/pinecall-agents/compile-agent';
const NAMES = ['__proto__','constructor','prototype','toString','valueOf','hasOwnProperty','isPrototypeOf','propertyIsEnumerable','toLocaleString','__defineGetter__','__defineSetter__','__lookupGetter__','__lookupSetter__'];
for (const n of NAMES) {
  const field = `import { Agent, state, tool } from "@pinecall/agents";\nexport default class A extends Agent {\n  @state ${n}?: string;\n}\n`;
  const fieldObj = `import { Agent, state, tool } from "@pinecall/agents";\nexport default class A extends Agent {\n  @state x: { ${n}: number; } = { ["${n}"]: 1 };\n}\n`;
  const method = `import { Agent, state, tool } from "@pinecall/agents";\nexport default class A extends Agent {\n  /** Do. */\n  @tool()\n  async ${n}(a: string) { return a; }\n}\n`;
  const param = `import { Agent, state, tool } from "@pinecall/agents";\ninterface I { ${n}: string; }\nexport default class A extends Agent {\n  /** Do. */\n  @tool()\n  async go(${n}: string, b?: { ${n}?: number }, c?: I) { return { ${n}, b, c }; }\n}\n`;
  console.log(n, 'field', compileAgent(field), 'fieldObj', compileAgent(fieldObj), 'method', compileAgent(method), 'param', compileAgent(param));
}
