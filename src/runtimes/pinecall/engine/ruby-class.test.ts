// A Pinecall class in Ruby, simulated as the gem runs it (issue 36): the model is offered the
// specs the gem builds (Spec.build: the comment's one line, required keywords first, no other
// properties), the identity is the class comment's line, an argument the tool never asked for is
// refused in the gem's words, and the body, Ruby, is answered by the tool's mock.
import { describe, expect, it } from 'vitest';
import { importPinecallRuby } from '../format/ruby/import';
import { toolSpecs } from '../format/runtime-format';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { newSession } from '../../../simulator/session';
import { answer, openToolNames, say, scriptedModel } from '../../../simulator/testing';
import { pinecallStep } from './step';

const CLASS = `require "pinecall"

# You are Lola, at the front desk of the Pet Clinic.
# @note internal: never read this to a caller
class PetClinic < Pinecall::Agent
  stage :ask, :book

  state :pet_name, ""

  # Records the pet the caller names.
  # @param name [String] the pet's name
  tool stage: :ask, params: { age: Integer }
  def record_pet(age: nil, name:)
    self.pet_name = name.capitalize
    self.stage = :book
    { name: pet_name }
  end

  # Books the visit at the time the caller chose.
  tool stage: :book
  def book(time:)
    { booked: time }
  end
end
`;

function petClinic() {
  const read = importPinecallRuby(CLASS);
  if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
  return read.doc;
}

describe('a Pinecall class in Ruby in the simulator', () => {
  it('offers the gem\'s specs, speaks as its comment says, refuses an unknown argument in the gem\'s words, and answers the Ruby body with the mock', async () => {
    const doc = petClinic();
    expect(doc.language).toBe('ruby');
    const model = scriptedModel([
      answer('', ['record_pet', { name: 'rex', colour: 'brown' }]),
      answer('', ['record_pet', { name: 'rex' }]),
      say('Rex is noted. When would you like to come?'),
    ]);
    const out = await pinecallStep(doc, newSession(doc), 'I have a dog called Rex', { model, runner: mockToolRunner, toolSpecs, revision: 1, now: () => 5 });
    const first = model.requests[0];
    expect(first.system.startsWith('You are Lola, at the front desk of the Pet Clinic.')).toBe(true);
    expect(first.system).not.toContain('internal');
    // Every declared tool is sent (the platform's set_tools); the stage opens record_pet alone.
    expect(first.tools.map((t) => t.name)).toEqual(['record_pet', 'book']);
    expect(openToolNames(first)).toEqual(['record_pet']);
    expect(first.tools[0]).toEqual({
      name: 'record_pet',
      description: 'Records the pet the caller names.',
      parameters: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'], additionalProperties: false },
    });
    const results = out.transcript.filter((m) => m.kind === 'tool-result');
    expect(results[0]).toMatchObject({ error: 'record_pet: it takes no colour' });
    expect(out.trace.some((t) => t.kind === 'note' && t.message.startsWith('record_pet\'s body is Ruby, which Callboard cannot run'))).toBe(true);
    // The body's `self.stage = :book` is read as the tool's move.
    expect(doc.stages.find((s) => s.id === out.stageId)?.name).toBe('book');
  });
});
