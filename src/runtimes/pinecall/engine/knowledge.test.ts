// A class's @knowledge, as the platform sends it (pinecall/runtime domain/agent.py DEFAULT_LAYOUT:
// identity, knowledge, tools are the static blocks, in that order; session/_environment.py takes
// the declaration's text whole): the text between the identity and the tools in the system text.
import { describe, expect, it } from 'vitest';
import { importPinecallTs } from '../format/import';
import { importPinecallPython } from '../format/python/import';
import { pinecallPythonToolSpecs } from '../format/python/spec';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { say, scriptedModel } from '../../../simulator/testing';
import type { AgentDocument } from '../../../model';
import { pinecallStep } from './step';

const FAQ = '# Opening hours\nMonday to Friday, 9 to 5. We are closed on bank holidays.';

const python = (decorator: string) => `from pinecall import Agent, knowledge, tool

FAQ_TEXT = "Read at import"


${decorator}
class Parcels(Agent):
    """You rebook parcel deliveries."""

    @tool
    def rebook(self, day: str) -> dict:
        """Rebooks the delivery for the day the caller names."""
        return {"day": day}
`;

const typescript = (decorator: string) => [
  'import { Agent, knowledge, tool } from "@pinecall/agents";', '',
  decorator,
  '/** You rebook parcel deliveries. */',
  'export default class Parcels extends Agent {',
  '  /** Rebooks the delivery for the day the caller names. */', '  @tool()', '  async rebook(day: string) {', '    return { day };', '  }', '}', '',
].join('\n');

function read(out: ReturnType<typeof importPinecallPython> | ReturnType<typeof importPinecallTs>): AgentDocument {
  if (!out.ok) throw new Error(out.errors.map((e) => e.message).join('\n'));
  return out.doc;
}

async function firstRequest(doc: AgentDocument) {
  const model = scriptedModel([say('Which day suits you?')]);
  const out = await pinecallStep(doc, newSession(doc), 'I need to move a delivery', { model, runner: mockToolRunner, toolSpecs: pinecallPythonToolSpecs, revision: 1, now: () => 5 });
  return { system: model.requests[0].system, out };
}

/** The block between the identity's last block (<channel>) and the tools block, '' when they touch. */
const between = (system: string) => /<\/channel>\n\n([\s\S]*?)\n*<tools>/.exec(system)?.[1].trim() ?? 'not found';

describe('a class that declares its knowledge', () => {
  it('in Python: the text goes whole between the identity and the tools', async () => {
    const doc = read(importPinecallPython(python(`@knowledge(path="faq.md", text="""${FAQ}""")`)));
    const { system } = await firstRequest(doc);
    expect(between(system)).toBe(FAQ);
    expect(system.startsWith('You rebook parcel deliveries.')).toBe(true);
  });

  it('in TypeScript: the same', async () => {
    const doc = read(importPinecallTs(typescript(`@knowledge({ path: "faq.md", text: ${JSON.stringify(FAQ)} })`)));
    const { system } = await firstRequest(doc);
    expect(between(system)).toBe(FAQ);
  });

  it('near misses: no knowledge sends no block; a text given by code is said in the trace, never guessed', async () => {
    expect(between((await firstRequest(read(importPinecallPython(python(''))))).system)).toBe('');
    const fromCode = await firstRequest(read(importPinecallPython(python('@knowledge(path="faq.md", text=FAQ_TEXT)'))));
    expect(between(fromCode.system)).toBe('');
    expect(fromCode.system).not.toContain('Read at import');
    expect(fromCode.out.trace.some((t) => t.kind === 'note' && t.message.startsWith("the class's knowledge is given by code (text=FAQ_TEXT)"))).toBe(true);
  });
});
