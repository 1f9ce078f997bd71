// Pipecat Flows' facts (runtime-facts.ts): a FlowConfig file of nodes, its tools in Python.
import type { RuntimeFacts } from './runtime-facts';

export const PIPECAT_FACTS: RuntimeFacts = {
  target: 'pipecat',
  fileFormat: 'flow',
  exportNoun: 'the Pipecat flow',
  hints: {
    persona: () => 'The entry node\u2019s role_message: the model\u2019s system instruction until a node sets another. {{ name }} fills in from flow_manager.state.',
    name: (_doc, slug) => `A flow file holds no name: it names the downloaded file (${slug}.flow.yaml), and an import takes it back from the file's name.`,
  },
  templates: [
    { id: 'pipecat-restaurant', label: 'Pipecat restaurant reservation', description: 'Pipecat’s own example flow: party size, a time checked by a branch on its result, confirm; with its handlers’ signatures and a test.', file: 'template-pipecat-restaurant', target: 'pipecat' },
  ],
};
