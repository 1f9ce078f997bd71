// Pinecall's facts (runtime-facts.ts): a class in TypeScript, Python or Ruby.
import type { RuntimeFacts } from '../runtime-facts';

export const facts: RuntimeFacts = {
  target: 'pinecall',
  fileFormat: 'ts',
  exportNoun: 'the Pinecall class',
  hints: {
    // Pinecall sends the class's docstring as written (SDK 0.11.24, checked in conformance/).
    persona: () => 'The first paragraph of every prompt: the class\u2019s docstring, sent as written ({{ name }} is not filled in).',
    name: () => 'The Pinecall class name and slug derive from it.',
  },
  stagesInBlocks: false,
  answersWaits: false,
  keepsCaptured: false,
  classCode: true,
  deadEnd: 'stays',
  descriptionSent: { oneLine: true, hint: 'Pinecall joins the lines into one and stops at the first @tag line.' },
  // A Pinecall class in Python runs as the Python SDK does (pydantic's specs and checks, bodies answered by mocks).
  runsAs: (language) => language === 'python'
    ? { label: 'Pinecall (Python) semantics', title: "The run follows the Pinecall SDK for Python: pydantic's tool specs and argument check; Python bodies are answered by their mocks" }
    : language === 'ruby'
      ? { label: 'Pinecall (Ruby) semantics', title: 'The run follows Pinecall as the gem declares it; Ruby bodies are answered by their mocks (the gem is not checked here: RubyGems is not reachable)' }
      : { label: 'Pinecall semantics', title: "The run follows the target runtime's semantics; switching target resets it" },
  noStateNote: () => 'No state fields. Add one in the Outline under State.',
  templates: [
    { id: 'sample', label: 'The sample: Clinic Booking', description: 'A dental clinic booking: identify, verify, choose a slot, book; with three tests.', file: 'clinic-booking', target: 'pinecall' },
    { id: 'pinecall-booking', label: 'Pinecall booking', description: 'Choose a day, book a slot: freeSlots (preview 2, announce) and book (confirm), as in Pinecall’s Tools page.', file: 'template-pinecall-booking', target: 'pinecall' },
  ],
};
