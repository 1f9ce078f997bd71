// What Callboard makes of Pipecat flows, printed as JSON for conformance/checks/c20_pipecat_loader.py:
// for each example flow, its verdict (loads ⇔ no error), its YAML and JSON exports, and a handlers.py
// Callboard writes for its functions with the schema Callboard reads from it; for each deliberately
// broken flow, the findings in Pipecat's order. Run: npx tsx conformance/node/pipecat-export.ts
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  derivedSchema, exportPipecatFlow, handlerNames, pipecatRefuses, readFlow, readHandlers, writeFlowJson, writeFlowYaml, writeHandlers,
  type FlowConfigModel, type FlowFile, type HandlerSpec,
} from '../../src/runtimes/pipecat/format/index.ts';
import { importAny } from '../../src/formats/import-any.ts';
import { lint } from '../../src/model/lint/index.ts';
import { withoutKeptSources } from '../../src/formats/kept-source.ts';

const root = join(import.meta.dirname, '..', '..');
const examples = join(root, 'src', 'runtimes', 'pipecat', 'format', 'fixtures', 'examples');
const handlersFixtures = join(root, 'src', 'runtimes', 'pipecat', 'format', 'fixtures', 'handlers');

const verdict = (flow: FlowFile) => ({
  loads: !pipecatRefuses(flow.findings),
  // Every branch table as Callboard holds it (keys as Pipecat's case_key makes them).
  branches: flow.model.nodes.flatMap((node) => node.functions.flatMap((fn, index) => (fn.transitionTo?.kind === 'branch' ? [{ node: node.name, index, cases: Object.fromEntries(fn.transitionTo.cases.map((c) => [c.key, c.node])), default: fn.transitionTo.default?.value ?? null }] : []))),
  errors: flow.findings.filter((f) => f.severity === 'error').map((f) => ({ stage: f.stage, loc: f.loc, code: f.code, message: f.message })),
});

// The annotations each written tool takes in turn, so the seven handlers.py cover Pipecat's whole mapping.
const ANNOTATIONS = ['str', 'int', 'float', 'bool', 'Optional[str]', 'list[int]', 'dict[str, float]', 'Literal["a", "b"]', 'Union[int, str, None]', 'tuple[str, ...]', 'Any', 'list'];

function specsFor(model: FlowConfigModel): HandlerSpec[] {
  const names = new Set<string>();
  for (const fn of [...model.nodes.flatMap((n) => n.functions), ...model.globalFunctions]) if (!fn.transitionOnly) names.add(fn.name);
  return [...names].map((name, i) => ({
    name,
    description: `${name.replace(/_/g, ' ')}, as the flow calls it.\n\nWritten by Callboard's conformance check.`,
    params: [
      { name: 'first', annotation: ANNOTATIONS[i % ANNOTATIONS.length], description: `The first value of ${name}.` },
      { name: 'second', annotation: ANNOTATIONS[(i + 5) % ANNOTATIONS.length], default: 'None', description: 'An optional value,\nover two lines.' },
      { name: 'third', default: '0' },
    ],
  }));
}

const BROKEN: Record<string, string> = {
  'many problems': `initial_node: a
extra_top: 1
nodes:
  a:
    task_messages: [{role: developer, content: hi, x: 1}, {role: yes, content: 3}]
    role_message: 5
    role_messages: [x]
    functions:
      - name: f
        description: d
      - name: g
        transition_only: true
      - {transition_to: {cases: {yes: a}, bogus: 1}}
    pre_actions: [{type: tts_say, handler: x}, {type: function}, {handler: x}]
    context_strategy: RESET
    respond_immediately: maybe
  b: 5
  c: {}
global_functions: {name: x}
`,
  'unknown initial node': 'initial_node: zz\nnodes:\n  a:\n    task_messages: []\n',
  'unknown target in a branch default': 'initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: f, transition_to: {field: s, cases: {x: a}, default: gone}}]\n',
  'node function also global': 'initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: g}]\nglobal_functions: [{name: g}]\n',
  'repeated function in a node': 'initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: f}, {name: f}]\n',
  'yes as a node name': 'initial_node: a\nnodes:\n  a: {task_messages: []}\n  yes: {task_messages: []}\n',
  'top level is a list': '- a\n',
  'empty nodes': 'initial_node: a\nnodes: {}\n',
  'collapsed branch keys load': 'initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions: [{name: f, transition_to: {field: s, cases: {yes: a, on: b, 1: a, "1": b}}}]\n  b: {task_messages: []}\n',
};

const out = {
  examples: readdirSync(examples).filter((n) => n.endsWith('.yaml')).sort().map((name) => {
    const text = readFileSync(join(examples, name), 'utf8');
    const flow = readFlow(text, { fileName: name });
    const handlersText = writeHandlers(specsFor(flow.model));
    const handlers = readHandlers(handlersText);
    return {
      name,
      text,
      verdict: verdict(flow),
      yaml: writeFlowYaml(flow),
      json: writeFlowJson(flow),
      handlers: { text: handlersText, schemas: handlers.functions.map(derivedSchema), problems: handlers.problems },
      // The flow checked against the handlers Callboard wrote: Pipecat's Flow(config, handlers=…) must agree.
      bindErrors: readFlow(text, { fileName: name, handlers: handlerNames(handlers) }).findings.filter((f) => f.stage === 'handlers' && f.severity === 'error').map((f) => f.message),
    };
  }),
  broken: Object.entries(BROKEN).map(([name, text]) => ({ name, text, verdict: verdict(readFlow(text, { syntax: 'yaml' })) })),
  handlerFixtures: readdirSync(handlersFixtures).filter((n) => n.endsWith('.py')).map((name) => {
    const text = readFileSync(join(handlersFixtures, name), 'utf8');
    return { name, text, schemas: readHandlers(text).functions.map(derivedSchema) };
  }),
};
// Every agent of the repository's examples and offline corpus, written as a Pipecat flow (the
// conversion a Pinecall or Block Agent team makes): Pipecat must load the flow and bind it to the
// handlers.py Callboard writes beside it, and derive the tool schemas Callboard reads from it.
const AGENT = /\.(json|ya?ml|tsx?)$/;
const sources = [
  ...readdirSync(join(root, 'public', 'examples')).filter((n) => n.endsWith('.json')).map((n) => join('public', 'examples', n)),
  ...readdirSync(join(root, 'test', 'fixtures', 'offline-corpus')).filter((n) => AGENT.test(n) && !n.endsWith('.script.json')).map((n) => join('test', 'fixtures', 'offline-corpus', n)),
].sort();
const converted = [];
for (const path of sources) {
  const outcome = await importAny(readFileSync(join(root, path), 'utf8'), { fileName: path });
  if (outcome.kind !== 'agent') continue;
  const doc = { ...withoutKeptSources(outcome.doc), target: 'pipecat' as const };
  const flow = exportPipecatFlow(doc);
  converted.push({
    name: path,
    lintErrors: lint(doc).filter((p) => p.severity === 'error').map((p) => `${p.rule} ${p.path}: ${p.message}`),
    flow: flow.text,
    handlers: { text: flow.handlers, schemas: readHandlers(flow.handlers).functions.map(derivedSchema) },
  });
}
process.stdout.write(JSON.stringify({ ...out, converted }));
