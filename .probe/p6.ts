import { importBlockAgentYaml, exportBlockAgentYaml } from '../src/formats/block-agent';
const text = `personality: 007
__proto__: {polluted: 1}
llm_settings: {temperature: 0.2, __proto__: {polluted: 2}}
blocks:
  - block_id: 1.10
    name: One
    __proto__: {polluted: 3}
    tools:
      - type: function
        function:
          name: pick
          description: yes
          parameters:
            type: object
            properties:
              day: {type: string, enum: [007, 1.10, on, "x"], description: 0x1F}
              n: {type: number, enum: [1, 2]}
              007: {type: string}
            required: [day, 1e3]
    turns:
      - turn_id: t1
        name: first
        content: ~
        edges:
          - {type: edge, conditions: [{source: tools, tool: pick, expected_value: .5}], connect_to: {turn_id: t2}}
      - turn_id: t2
        name: second
        content: null
    looping: {threshold: 2, messages: off}
`;
const r = importBlockAgentYaml(text);
console.log(r.ok, r.ok ? r.warnings : r.errors);
console.log(({} as any).polluted);
if (r.ok) console.log(exportBlockAgentYaml(r.doc).text);
