// A flow declares no state, but its handlers say what they store (issue 35): a key a prompt reads
// whole takes the type of the parameter or literal stored in it, and the export names the type a
// document gives it otherwise. Each with its near miss.
import { describe, expect, it } from 'vitest';
import { importPipecatFlow, lossesOfPipecat } from './index';

const FLOW = `initial_node: ask
nodes:
  ask:
    task_messages:
      - role: developer
        content: "Ask for the party size. Seats left for {{ party_size }}; open: {{ open }}; note: {{ note }}."
    functions:
      - name: record_size
`;
const handlers = (body: string) => `from pipecat_flows import FlowManager


async def record_size(flow_manager: FlowManager, size: int, note: str = ""):
    """Record the party size.

    Args:
        size: How many people.
        note: Anything else.
    """
${body}
    return {"status": "ok"}, None
`;

const stateOf = (body: string) => {
  const read = importPipecatFlow(FLOW, { handlers: handlers(body) });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
};
const typeOf = (doc: ReturnType<typeof stateOf>, name: string) => doc.state.find((f) => f.name === name)?.type;

describe('state types from what the handlers store', () => {
  it('a stored parameter gives its type, a stored literal its own', () => {
    const doc = stateOf('    flow_manager.state["party_size"] = size\n    flow_manager.state["open"] = True');
    expect([typeOf(doc, 'party_size'), typeOf(doc, 'open'), typeOf(doc, 'note')]).toEqual(['integer', 'boolean', 'string']);
  });
  it('near miss: a key stored with two types keeps the prompt\'s string', () => {
    const doc = stateOf('    flow_manager.state["party_size"] = size\n    flow_manager.state["party_size"] = "many"');
    expect(typeOf(doc, 'party_size')).toBe('string');
  });
  it('the export names a type the document gives otherwise, in the words of what comes back', () => {
    const doc = stateOf('    flow_manager.state["party_size"] = size');
    expect(lossesOfPipecat(doc).filter((l) => l.feature === 'state field type')).toEqual([]);
    doc.state.find((f) => f.name === 'party_size')!.type = 'string';
    expect(lossesOfPipecat(doc).find((l) => l.feature === 'state field type')?.message).toMatch(/party_size comes back as an integer, the type its handlers store in it/);
  });
});
