// Block Agent's facts (runtime-facts.ts): IntelePeer AI Studio's YAML of blocks and turns.
import type { RuntimeFacts } from '../runtime-facts';

export const facts: RuntimeFacts = {
  target: 'block-agent',
  fileFormat: 'yaml',
  exportNoun: 'Block Agent YAML',
  hints: {
    persona: () => 'The first paragraph of every prompt. {{ name }} fills in a state field.',
    name: (_doc, slug) => `A Block Agent file holds no name: it names the downloaded file (${slug}.yaml), and an import takes it back from the file's name.`,
  },
  stagesInBlocks: true,
  answersWaits: true,
  keepsCaptured: true,
  classCode: false,
  deadEnd: 'ends-after-reply',
  descriptionSent: { oneLine: false, hint: 'Block Agent sends the description as written.' },
  runsAs: () => ({ label: 'Block Agent semantics', title: "The run follows the target runtime's semantics; switching target resets it" }),
  noStateNote: (editable) => (editable ? 'No state fields. A Block Agent keeps what its tools capture: the values show here during a run.' : 'Nothing captured yet.'),
  templates: [
    { id: 'block-agent-intake', label: 'Block Agent intake', description: 'Intent, authentication, end call, with the Tools page’s is_schedule_appointment, collect_date_of_birth and collect_patient_profile.', file: 'template-block-agent-intake', target: 'block-agent' },
  ],
};
