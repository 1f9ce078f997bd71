// Issue 14 in both runtimes: two small agents of this test's own, written the way a user writes
// them (a Block Agent YAML and a Pinecall class), played to their end by the offline model from the
// caller's lines alone: a free-text answer to the agent's question, a code read out in groups, a
// day, and a yes that answers the flag's own question.
import { describe, expect, it } from 'vitest';
import { importBlockAgentYaml } from '../../runtimes/block-agent/format';
import { importPinecallTs } from '../../runtimes/pinecall/format/import';
import type { AgentDocument } from '../../model';
import { newSession } from '../session';
import type { Session } from '../types';
import { offlineDeps, stageName, step, toolRuns } from './conversation-testing';

const WORKSHOP = `personality: You are Jo at the bike workshop. Short sentences.
blocks:
  - block_id: desk
    name: Desk
    tools:
      - type: function
        function:
          name: log_fault
          description: Log what is wrong with the bike for the mechanics.
          parameters:
            type: object
            properties:
              problem: {type: string, description: What is wrong with the bike}
            required: [problem]
            additionalProperties: false
      - type: function
        function:
          name: hang_up
          description: The caller is done.
          parameters: {type: object, properties: {}, required: [], additionalProperties: false}
    turns:
      - turn_id: t_ask
        name: ask
        content: Greet the caller and ask what is wrong with the bike.
        edges:
          - type: edge
            conditions:
              - {source: tools, tool: log_fault, expected_value: '*'}
            connect_to: {turn_id: t_done}
      - turn_id: t_done
        name: done
        content: Tell the caller a mechanic will ring back today, and say goodbye.
        edges:
          - type: loop
            conditions:
              - {source: tools, tool: hang_up, expected_value: '*'}
`;

const LOCKERS = `import { Agent, tool, type Stages } from "@pinecall/agents";

/** You are Sam at the station lockers. */
export default class Lockers extends Agent {
  stage: Stages<"find" | "open" | "done"> = "find";
  locker = "";
  opened = false;

  render() {
    return (
      <>
        {this.stage === "find" && <p>Ask for the locker code on the receipt.</p>}
        {this.stage === "open" && <p>Ask whether the caller is standing at the locker now.</p>}
        {this.stage === "done" && <p>Tell the caller the door is open and say goodbye.</p>}
      </>
    );
  }

  /**
   * Find a locker.
   * @param lockerCode the code printed on the receipt
   */
  @tool({ stage: "find" })
  async findLocker(lockerCode: string) {
    if (!/^[A-Z]{2}[0-9]{6}$/.test(lockerCode)) throw new Error(\`\${lockerCode} is not a locker code: two letters and six digits.\`);
    this.locker = lockerCode;
    this.stage = "open";
    return { locker: lockerCode };
  }

  /**
   * Open the locker's door.
   * @param atLocker true when the caller is standing at the locker
   */
  @tool({ stage: "open" })
  async openDoor(atLocker: boolean) {
    this.opened = atLocker;
    if (atLocker) this.stage = "done";
    return { opened: atLocker };
  }
}
`;

function load(kind: 'yaml' | 'ts', text: string): AgentDocument {
  const read = kind === 'yaml' ? importBlockAgentYaml(text) : importPinecallTs(text);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
}

async function play(doc: AgentDocument, lines: string[]): Promise<Session> {
  const deps = await offlineDeps(doc);
  let s = await step(doc, newSession(doc), null, deps);
  for (const line of lines) s = await step(doc, s, line, deps);
  return s;
}

const agentLines = (s: Session) => s.transcript.filter((t) => t.kind === 'agent').map((t) => (t as { text: string }).text);

describe('agents the offline model was not written for, in both runtimes', () => {
  it('Block Agent: the answer to "what is wrong with the bike" is taken, not asked for again', async () => {
    const doc = load('yaml', WORKSHOP);
    const s = await play(doc, ['Hi there', 'Um, the back brake squeals and barely stops me']);
    expect(agentLines(s)[0]).toBe('Hello! What is wrong with the bike?');
    // Block Agent captures a tool call's arguments (no body runs): the model's calls show them.
    const faults = s.trace.flatMap((t) => (t.kind === 'model-call' ? (t.response?.toolCalls ?? []) : [])).filter((c) => c.name === 'log_fault');
    expect(faults.map((c) => JSON.parse(c.arguments))).toEqual([{ problem: 'the back brake squeals and barely stops me' }]);
    // The call moves on the answer (step 3), not on the greeting before it.
    expect(s.trace.filter((t) => t.kind === 'stage-change')).toMatchObject([{ step: 3, from: 'ask', to: 'done' }]);
    expect(stageName(doc, s)).toBe('done');
  });

  it('Pinecall: a code read out in groups, then a yes to the flag\'s own question', async () => {
    const doc = load('ts', LOCKERS);
    let s = await play(doc, ['Hello, I left my bag in a locker', "It's KB 204 771"]);
    expect(toolRuns(s, 'findLocker')[0]).toMatchObject({ args: { lockerCode: 'KB204771' }, error: undefined });
    expect(stageName(doc, s)).toBe('open');
    // A yes before the flag was asked for sets nothing; the agent asks, and the yes to that opens the door.
    expect(toolRuns(s, 'openDoor')).toEqual([]);
    const deps = await offlineDeps(doc);
    s = await step(doc, s, 'Yes, I am right in front of it', deps);
    expect(toolRuns(s, 'openDoor')[0]).toMatchObject({ args: { atLocker: true }, error: undefined });
    expect(stageName(doc, s)).toBe('done');
    expect(new Set(agentLines(s)).size).toBe(agentLines(s).length);
  });

  it('Pinecall: a code it cannot read is not asked for the same way again: explained in the reply and as a chat note', async () => {
    const doc = load('ts', LOCKERS);
    const s = await play(doc, ['Hello, I left my bag in a locker', 'I lost the receipt, sorry', 'I really do not have it']);
    const lines = agentLines(s);
    expect(lines).toContainEqual(expect.stringMatching(/^Sorry, I still don't have the locker code: I could not read it from what you said\./));
    for (let i = 2; i < lines.length; i++) expect(new Set(lines.slice(i - 2, i + 1)).size).toBeGreaterThan(1);
    expect(s.trace.filter((t) => t.kind === 'note' && t.chat)).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/^Offline model: lockerCode is still missing/) }));
  });
});
