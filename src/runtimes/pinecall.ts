// Pinecall's facts (runtime-facts.ts): a class in TypeScript or Python.
import type { RuntimeFacts } from './runtime-facts';

export const PINECALL_FACTS: RuntimeFacts = {
  target: 'pinecall',
  fileFormat: 'ts',
  exportNoun: 'the Pinecall class',
  hints: {
    // Pinecall sends the class's docstring as written (SDK 0.11.24, checked in conformance/).
    persona: () => 'The first paragraph of every prompt: the class\u2019s docstring, sent as written ({{ name }} is not filled in).',
    name: () => 'The Pinecall class name and slug derive from it.',
  },
  templates: [
    { id: 'sample', label: 'The sample: Clinic Booking', description: 'A dental clinic booking: identify, verify, choose a slot, book; with three tests.', file: 'clinic-booking', target: 'pinecall' },
    { id: 'pinecall-booking', label: 'Pinecall booking', description: 'Choose a day, book a slot: freeSlots (preview 2, announce) and book (confirm), as in Pinecall’s Tools page.', file: 'template-pinecall-booking', target: 'pinecall' },
  ],
};
