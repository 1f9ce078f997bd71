import { checkToolCall } from '../src/simulator/block-agent/check';
import { checkArguments } from '../src/simulator/pinecall/check-args';
const tool: any = { name: 't', pii: [], parameters: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"},"toString":{"type":"string"}},"required":["__proto__","constructor"],"additionalProperties":false}') };
for (const data of ['{}', '{"__proto__":"a","constructor":"b"}', '{"__proto__":"a","constructor":"b","toString":"c"}', '{"__proto__":1,"constructor":"b"}']) {
  console.log(data, JSON.stringify(checkToolCall(tool, data)), checkArguments(tool, JSON.parse(data)));
}
