// Pipecat Flows' facts (runtime-facts.ts): a FlowConfig file of nodes, its tools in Python.
import type { RuntimeFacts } from '../runtime-facts';

export const facts: RuntimeFacts = {
  target: 'pipecat',
  fileFormat: 'flow',
  exportNoun: 'the Pipecat flow',
  hints: {
    persona: () => 'The entry node\u2019s role_message: the model\u2019s system instruction until a node sets another. {{ name }} fills in from flow_manager.state.',
    name: (_doc, slug) => `A flow file holds no name: it names the downloaded file (${slug}.flow.yaml), and an import takes it back from the file's name.`,
  },
  stagesInBlocks: false,
  answersWaits: false,
  keepsCaptured: false,
  classCode: false,
  deadEnd: 'stays',
  // A function's description is its handler's docstring, sent as Pipecat reads it.
  descriptionSent: { oneLine: false, hint: 'Pipecat sends the handler\u2019s docstring, without its Args: section, as written.' },
  runsAs: () => ({ label: 'Pipecat Flows semantics', title: "The run follows the target runtime's semantics; switching target resets it" }),
  noStateNote: () => 'No state fields. Add one in the Outline under State.',
  templates: [
    { id: 'pipecat-restaurant', label: 'Pipecat restaurant reservation', description: 'Pipecat’s own example flow: party size, a time checked by a branch on its result, confirm; with its handlers’ signatures and a test.', file: 'template-pipecat-restaurant', target: 'pipecat' },
  ],
};
