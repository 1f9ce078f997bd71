// A Pinecall class in Python, simulated as its runtime runs it (issue 36): the model is offered the
// specs the SDK builds (pydantic's schemas from the hints, the docstring read as Python reads it),
// the identity is the class docstring's line up to its first section, and a stage the tool's body
// sets unconditionally moves the call (the body itself is Python, answered by the mock).
import { describe, expect, it } from 'vitest';
import { importPinecallPython } from '../format/python/import';
import { pinecallPythonToolSpecs } from '../format/python/spec';
import { lossesFor } from '../../../formats/losses';
import { exportPinecallTs } from '../format/export';
import { exportPinecallPython } from '../format/python/export';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { answer, say, scriptedModel, openToolNames } from '../../../simulator/testing';
import { pinecallStep } from './step';

const CLASS = `from typing import Literal, Optional

from pinecall import Agent, tool


class PetClinic(Agent):
    """You are Lola, at the front desk of the Pet Clinic.

    Notes:
        Internal: never read this to a caller.
    """

    stage: Literal["ask", "book"] = "ask"
    pet_name: str = ""

    @tool(stage="ask")
    def record_pet(self, name: str, age: Optional[int] = None, species: Literal["dog", "cat"] = "dog") -> dict:
        """Records the pet the caller names.

        Args:
            name: the pet's name, as said.
        """
        self.pet_name = name.title()
        self.stage = "book"
        return {"name": self.pet_name}

    @tool(stage="book")
    def book(self, when: str) -> dict:
        """Books the visit at the time the caller chose."""
        return {"booked": when}
`;

function petClinic() {
  const read = importPinecallPython(CLASS);
  if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
  return read.doc;
}

describe('a Pinecall class in Python in the simulator', () => {
  it('offers the SDK\'s specs, speaks as its docstring\'s first section says, and moves the stage its body sets', async () => {
    const doc = petClinic();
    const model = scriptedModel([answer('', ['record_pet', { name: 'rex' }]), say('Rex is noted. When would you like to come?')]);
    const out = await pinecallStep(doc, newSession(doc), 'I have a dog called Rex', {
      model, runner: mockToolRunner, toolSpecs: pinecallPythonToolSpecs, revision: 1, now: () => 5,
    });
    const first = model.requests[0];
    expect(first.system.startsWith('You are Lola, at the front desk of the Pet Clinic.')).toBe(true);
    expect(first.system).not.toContain('Internal');
    // Every declared tool is sent (the platform's set_tools); the stage opens record_pet alone.
    expect(first.tools.map((t) => t.name)).toEqual(['record_pet', 'book']);
    expect(openToolNames(first)).toEqual(['record_pet']);
    expect(first.tools[0]).toEqual({
      name: 'record_pet',
      description: 'Records the pet the caller names.',
      parameters: {
        additionalProperties: false,
        properties: {
          name: { description: 'the pet\'s name, as said.', type: 'string' },
          age: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null },
          species: { default: 'dog', enum: ['dog', 'cat'], type: 'string' },
        },
        required: ['name'],
        type: 'object',
      },
    });
    expect(doc.stages.find((s) => s.id === out.stageId)?.name).toBe('book');
    expect(out.trace.some((t) => t.kind === 'note' && t.message.startsWith('record_pet\'s body is Python, which Callboard cannot run'))).toBe(true);
    expect(openToolNames(model.requests[1])).toEqual(['book']);
  });

  it('checks arguments as pydantic does: a number said as text is converted, an unknown argument refused with the SDK\'s words', async () => {
    const doc = petClinic();
    const model = scriptedModel([answer('', ['record_pet', { name: 'Rex', age: '7', colour: 'brown' }]), answer('', ['record_pet', { name: 'Rex', age: '7' }]), say('Noted.')]);
    const out = await pinecallStep(doc, newSession(doc), 'Rex, he is seven', { model, runner: mockToolRunner, toolSpecs: pinecallPythonToolSpecs, revision: 1, now: () => 5 });
    const results = out.transcript.filter((l) => l.kind === 'tool-result');
    expect(results[0]).toMatchObject({ error: 'record_pet: it takes no colour' });
    const ran = out.trace.find((t) => t.kind === 'tool-run');
    expect(ran).toMatchObject({ args: { name: 'Rex', age: 7 } });
  });

  it('opens the call as its greeting says: words said as written with no model call, improvise left to the model', async () => {
    const withGreeting = (greeting: string) => {
      const read = importPinecallPython(CLASS.replace('    stage: Literal', `    greeting = ${greeting}\n\n    stage: Literal`));
      if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
      return read.doc;
    };
    const words = withGreeting('"Pet Clinic, Lola speaking."');
    expect(words.opening).toBe('agent');
    const silent = scriptedModel([say('(not asked)')]);
    const opened = await pinecallStep(words, newSession(words), null, { model: silent, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(silent.requests).toHaveLength(0);
    expect(opened.transcript).toEqual([{ kind: 'agent', text: 'Pet Clinic, Lola speaking.' }]);
    const improvised = withGreeting('improvise("Greet them and ask for the pet\'s name.")');
    expect(improvised.opening).toBe('agent');
    const model = scriptedModel([say('Hello! What is your pet called?')]);
    await pinecallStep(improvised, newSession(improvised), null, { model, runner: mockToolRunner, revision: 1, now: () => 5 });
    expect(model.requests).toHaveLength(1);
    // Unchanged, the class comes back with its greeting as written.
    expect(exportPinecallPython(improvised).text).toContain('    greeting = improvise("Greet them and ask for the pet\'s name.")\n');
  });

  it('keeps the Python bodies for the Python export only: converting to TypeScript or Block Agent names each as lost', () => {
    const doc = petClinic();
    expect(lossesFor(doc, 'pinecall').filter((l) => l.feature === 'Python tool body')).toEqual([]);
    for (const warnings of [exportPinecallTs(doc).warnings, lossesFor(doc, 'block-agent')]) {
      const bodies = warnings.filter((l) => l.feature === 'Python tool body');
      expect(bodies.map((l) => l.path)).toEqual(['/preserved/pinecallPython/bodies', '/preserved/pinecallPython/bodies']);
      expect(bodies[0].message).toMatch(/record_pet's body is Python/);
    }
  });
});
