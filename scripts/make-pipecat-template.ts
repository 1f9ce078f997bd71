// Author script for the "New agent" Pipecat template (run: npx tsx scripts/make-pipecat-template.ts):
// Pipecat's own restaurant reservation flow (BSD-2, src/runtimes/pipecat/format/fixtures/examples) read with
// a handlers.py written here in Pipecat's documented shape (direct functions with docstrings and type
// hints, storing what the prompts read in flow_manager.state), so the tools have their words and
// parameters. The restaurant's name is state the bot sets before the flow starts (a default here,
// which the export notes as such), check_availability answers with a mock, and one conversation test
// walks the happy path on the offline model.
import { writeFileSync, readFileSync } from 'node:fs';
import { importPipecatFlow } from '../src/runtimes/pipecat/format/index.ts';

const FLOW = readFileSync(new URL('../src/runtimes/pipecat/format/fixtures/examples/pipecat__restaurant_reservation.flow.yaml', import.meta.url), 'utf8');

const HANDLERS = `"""Direct functions of the restaurant reservation flow."""

from pipecat.flows import FlowManager, TRANSITION_IN_YAML


async def collect_party_size(flow_manager: FlowManager, size: int):
    """Record how many people are in the party.

    Args:
        size: The number of people, from 1 to 12.
    """
    flow_manager.state["party_size"] = size
    return {"party_size": size}, TRANSITION_IN_YAML


async def check_availability(flow_manager: FlowManager, time: str):
    """Check whether a table is free at the requested time.

    Args:
        time: The time the caller asked for, such as "7:30 PM".
    """
    flow_manager.state["time"] = time
    return {"status": "available", "time": time}, TRANSITION_IN_YAML
`;

const read = importPipecatFlow(FLOW, { fileName: 'restaurant_reservation.flow.yaml', handlers: HANDLERS });
if (!read.ok) throw new Error(JSON.stringify(read.errors));
const doc = read.doc;
doc.id = 'template-pipecat-restaurant';
doc.state = doc.state.map((f) => (f.name === 'restaurant_name' ? { ...f, default: 'Le Petit Jardin', description: 'Set by the bot before the flow starts (flow_manager.state).' } : f));
for (const tool of doc.tools) if (tool.name === 'check_availability') tool.mock = { status: 'available', time: '7:30 PM' };
// The file as read stays with the document, so an export writes Pipecat's example back as it is.
doc.tests = [{
  name: 'books-a-table',
  input: ["Hi, it'll be four of us.", 'Could we come in at seven thirty tonight?', "No, that's everything, thanks."],
  expect: { tools: ['collect_party_size', 'check_availability', 'end_conversation'], stage: 'end' },
}];
writeFileSync(new URL('../public/examples/template-pipecat-restaurant.json', import.meta.url), `${JSON.stringify(doc, null, 2)}\n`);
console.log(`wrote public/examples/template-pipecat-restaurant.json (${doc.stages.length} nodes, ${doc.tools.length} functions)`);
