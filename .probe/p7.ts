import { importBlockAgentYaml, exportBlockAgentYaml } from '../src/formats/block-agent';
import { exportPinecallTs } from '../src/formats/pinecall';
import { exportJson } from '../src/formats/json';
import { lint } from '../src/model/lint';
const text = `personality: Hi.
__proto__: {polluted: 1}
constructor: top
llm_settings: {temperature: 0.2, __proto__: {polluted: 2}, toString: x}
blocks:
  - block_id: one
    name: One
    __proto__: {polluted: 3}
    tools:
      - type: function
        __proto__: {polluted: 4}
        function:
          name: toString
          description: Pick.
          __proto__: {polluted: 5}
          parameters:
            type: object
            __proto__: {polluted: 6}
            properties:
              __proto__: {type: string}
              constructor: {type: string}
              valueOf: {type: string, enum: [007, 1.10]}
            required: [__proto__]
    turns:
      - turn_id: t1
        name: first
        content: Ask.
        __proto__: {polluted: 7}
        edges:
          - type: edge
            __proto__: {polluted: 8}
            conditions: [{source: tools, tool: toString, field: __proto__, expected_value: '*', __proto__: {polluted: 9}}]
            connect_to: {turn_id: t2, __proto__: {polluted: 10}}
      - turn_id: t2
        name: second
        content: Bye.
`;
const r = importBlockAgentYaml(text);
console.log('ok', r.ok, r.ok ? r.warnings : r.errors);
console.log('polluted', ({} as any).polluted);
if (r.ok) {
  console.log(exportJson(r.doc));
  const y = exportBlockAgentYaml(r.doc);
  console.log(y.text);
  const ts = exportPinecallTs({ ...r.doc, target: 'pinecall' } as any);
  console.log(ts.text ?? ts);
  console.log(JSON.stringify(lint(r.doc), null, 1).slice(0, 3000));
}
