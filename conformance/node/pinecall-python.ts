// For conformance/checks/c10_pinecall_sdk.py: every Pinecall agent of the corpus, as Callboard
// exports it to Python and as Callboard simulates it. Prints one JSON array on standard output:
//   name, source          the agent and the file it came from
//   files                 the Python export ([{path, text}]: agent.py, views/<slug>.jinja)
//   refusal               the message Callboard predicts the SDK refuses the class with, or null
//   predicted             the tool specs Callboard predicts the SDK builds from the export
//   simulated             the tool specs the simulator sends (name, description, parameters) with
//                         the gateway's fields as Callboard reads them from the same tools
//   declared              per simulated tool: the loss features the Python export names for it (and
//                         'Python when' for a hand-written `when=` kept as written), and the parameters
//                         its losses name (built otherwise by pydantic, or not taken)
//   prompts               Callboard's system prompt at the opening state, then in each other stage
//                         (the opening's field values), each with its blocks (identity, tools, view) and the tools
//                         the simulator offers there; a class that keeps its Jinja view whole has that
//                         view rendered (`viewAnswer` says why not, where it was not: a property it needs…)
//   views                 a class that keeps its Jinja view whole: Callboard's rendering of it in the
//                         states of test/fixtures/pinecall/jinja-views/states.json (with their mock answers)
//   declaredAgent         the loss features the Python export names for the agent, its state and stages
//   badCalls              scripted bad calls and the message Callboard's argument check gives
// Usage: npx tsx conformance/node/pinecall-python.ts [--random N]
import fc from 'fast-check';
import { documentArbitrary } from '../../src/formats/testing/arbitraries';
import type { AgentDocument, Tool } from '../../src/model';
import { exportedTools } from '../../src/model/tool-chains';
import { toolSpec } from '../../src/simulator/messages';
import { checkArguments, declaredTools, identityOf, knowledgeText, promptBlocks, toolsBlock, visibleTools } from '../../src/runtimes/pinecall/engine';
import { prepareSandboxEvaluate } from '../../src/simulator/sandbox-evaluate';
import { stateWithStage } from '../../src/simulator/derived';
import { startSession } from '../../src/simulator/simulation';
import {
  exportPinecallPython, pinecallPythonToolSpecs, pyDroppedParameters, pyMembers, pyParameterChanges, pyRefusal, pyToolSpecs, pyTools,
} from '../../src/runtimes/pinecall/format';
import { corpusFiles, load, pythonClasses } from './pinecall-corpus';
import { readFileSync } from 'node:fs';
import { keptViewOf } from '../../src/simulator/class-code/kept-view';
import { jinjaViewAnswer, type JinjaViewAnswer, type PythonViewSandbox } from '../../src/simulator/jinja-view';
import { prepareTemplateSandbox } from '../../src/simulator/sandbox/templates';
import type { Session } from '../../src/simulator/types';

/**
 * The gateway's fields of a tool as Callboard reads them: a confirm the simulator says (step.ts,
 * a non-empty one) makes it irreversible (formats/pinecall.md, "On the wire").
 */
function simulatedSpec(tool: Tool, name: string) {
  return {
    ...toolSpec(tool),
    name,
    side_effect: tool.confirm ? 'irreversible' : 'read',
    ...(tool.confirm !== undefined ? { confirm: tool.confirm } : {}),
    ...(tool.announce !== undefined ? { announce: tool.announce } : {}),
    ...(tool.pii.length ? { pii: tool.pii } : {}),
    ...(tool.timeout !== undefined ? { timeout_s: tool.timeout } : {}),
  };
}

/** A value of the wrong JSON type for a schema: what a model gets wrong. */
function wrongValue(schema: { type?: unknown } | undefined): unknown {
  switch (schema?.type) {
    case 'string': return 7;
    case 'integer': case 'number': return 'many';
    case 'boolean': return 'perhaps';
    case 'array': return 'one';
    default: return 7;
  }
}

function badCalls(doc: AgentDocument, names: Map<Tool, string>) {
  const tool = exportedTools(doc).find((t) => (t.parameters.required ?? []).length > 0);
  if (!tool) return [];
  const [first] = tool.parameters.required!;
  const others = Object.fromEntries(tool.parameters.required!.slice(1).map((p) => [p, 'x']));
  const calls = [{}, { ...others, [first]: wrongValue(tool.parameters.properties?.[first]) }];
  return calls.map((args) => ({ tool: names.get(tool)!, arguments: args, message: checkArguments({ ...tool, name: names.get(tool)! }, args) ?? null }));
}

/** `--random N`: N documents of the property tests' generator (src/formats/testing/arbitraries.ts), from a fixed seed. */
function randomDocs(): { doc: AgentDocument; source: string }[] {
  const at = process.argv.indexOf('--random');
  const count = at < 0 ? 0 : Number(process.argv[at + 1]);
  if (!Number.isInteger(count) || count < 0 || count > 500) throw new Error('--random takes a whole number of documents up to 500');
  return fc.sample(documentArbitrary('pinecall'), { numRuns: count, seed: RANDOM_SEED }).map((doc, i) => ({ doc, source: `random #${i} (seed ${RANDOM_SEED})` }));
}

const RANDOM_SEED = 36;

const STATES = JSON.parse(readFileSync(new URL('../../test/fixtures/pinecall/jinja-views/states.json', import.meta.url), 'utf8')) as {
  agents: Record<string, { name: string; state: Record<string, unknown>; mocks?: Record<string, unknown> }[]>;
};

/** The `when=` of each tool a Python class keeps as written (the document could not read it), by the tool's name. */
const keptWhens = (doc: AgentDocument): Record<string, string> => ((doc.preserved?.pinecallPython as { whens?: Record<string, string> } | undefined)?.whens ?? {});

/** A Jinja answer as the check reads it: `view` the text where it rendered, else what stood in its way. */
const answerJson = (answer: JinjaViewAnswer) => ('needs' in answer ? { needs: answer.needs.map((n) => n.helper) } : answer);

/** The kept Jinja view of `doc` rendered where the session `at` stands (the class's snapshot: the fields and the stage). */
function keptView(sandbox: PythonViewSandbox, doc: AgentDocument, at: Session, stage: string | null): JinjaViewAnswer | undefined {
  const kept = keptViewOf(doc);
  return kept?.kind === 'jinja' ? jinjaViewAnswer(sandbox, kept.source, doc, stateWithStage(doc, at.state, stage)) : undefined;
}

/** The kept Jinja view in the fixture's states for this class (by its folder's name), each over the opening values. */
function viewStates(sandbox: PythonViewSandbox, doc: AgentDocument, folder: string) {
  const kept = keptViewOf(doc);
  if (kept?.kind !== 'jinja') return undefined;
  const session = startSession(doc);
  const opening = doc.stages.find((st) => st.id === session.stageId)?.name ?? null;
  return (STATES.agents[folder] ?? []).map(({ name, state, mocks }) => {
    const withMocks = mocks ? { ...doc, mocks: { helpers: { ...doc.mocks?.helpers, ...mocks } } } : doc;
    const snapshot = stateWithStage(doc, { ...session.state, ...state }, typeof state.stage === 'string' ? state.stage : opening);
    return { name, ours: answerJson(jinjaViewAnswer(sandbox, kept.source, withMocks, snapshot)) };
  });
}

async function main() {
  const out = [];
  const evaluate = await prepareSandboxEvaluate();
  const sandbox = await prepareTemplateSandbox();
  const listed: { doc: AgentDocument | undefined; source: string }[] = [];
  for (const file of corpusFiles()) listed.push({ doc: await load(file), source: file });
  // The classes written in Python by hand (the blind corpus's tuned part, the app's folder fixture): their kept views.
  for (const { doc, source: file } of [...listed, ...pythonClasses(), ...randomDocs()]) {
    if (!doc) continue;
    const exported = exportPinecallPython(doc);
    const members = pyMembers(doc);
    const names = new Map(doc.tools.map((t, i) => [t, members.toolNames[i]]));
    const session = startSession(doc);
    const losses = exported.warnings;
    // Every tool the class declares, as the simulator lists them in the prompt's tools block (a class in Python: by the specs pydantic builds).
    const declaredSpecs = pinecallPythonToolSpecs(doc, exportedTools(doc)) ?? declaredTools(doc);
    out.push({
      name: file.startsWith('random') ? `${doc.name} [${file}]` : doc.name,
      source: file,
      files: exported.files,
      refusal: pyRefusal(doc) ?? null,
      predicted: pyToolSpecs(doc),
      simulated: pyTools(doc, members).entries.map(({ tool, name }) => simulatedSpec(tool, name)),
      declared: Object.fromEntries(pyTools(doc, members).entries.map((entry) => [entry.name, {
        features: [
          ...losses.filter((l) => l.path === `/tools/${entry.index}` || l.path.startsWith(`/tools/${entry.index}/`)).map((l) => l.feature),
          // A hand-written class's `when=` the document could not read is kept as Python: the simulator offers the tool as if it held (formats/kept-python.ts).
          ...(keptWhens(doc)[entry.name] !== undefined ? ['Python when'] : []),
        ],
        parameters: [...pyParameterChanges(entry), ...pyDroppedParameters(entry)],
      }])),
      // The prompt at the opening state, in each stage in turn: its identity and tools blocks (the system text), then the stage's view (sent after the history).
      prompts: [undefined, ...doc.stages.filter((st) => st.id !== session.stageId).map((st) => st.id)].map((stageId) => {
        const at = stageId === undefined ? session : { ...session, stageId };
        const stage = doc.stages.find((st) => st.id === at.stageId)?.name ?? null;
        const scope = stateWithStage(doc, at.state, stage);
        const view = keptView(sandbox, doc, at, stage);
        const viewText = view && 'text' in view ? view.text : undefined;
        const blocks = promptBlocks(doc, at, undefined, viewText, declaredSpecs);
        return {
          // The tools the simulator offers there, `when` run in its sandbox, under the names the class gives them.
          visible: visibleTools(doc, at, evaluate, scope).tools.map((t) => names.get(t)!),
          system: blocks.system,
          identity: identityOf(doc),
          // The class's @knowledge text: the platform's block between them (the SDK renders no such block).
          knowledge: knowledgeText(doc),
          tools: toolsBlock(declaredSpecs),
          view: blocks.view,
          stage,
          ...(view ? { keptView: true } : {}),
          ...(view && !('text' in view) ? { viewAnswer: answerJson(view) } : {}),
        };
      }),
      declaredAgent: losses.filter((l) => !l.path.startsWith('/tools/') && !l.path.startsWith('/edges/')).map((l) => l.feature),
      badCalls: badCalls(doc, names),
      ...(file.includes('python-corpus/') || file.includes('python-folder/') ? { views: viewStates(sandbox, doc, file.split('/').slice(-2)[0]) ?? [] } : {}),
    });
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
