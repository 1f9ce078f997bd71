// For conformance/checks/c10_pinecall_sdk.py: every Pinecall agent of the corpus, as Callboard
// exports it to Python and as Callboard simulates it. Prints one JSON array on standard output:
//   name, source          the agent and the file it came from
//   files                 the Python export ([{path, text}]: agent.py, views/<slug>.jinja)
//   refusal               the message Callboard predicts the SDK refuses the class with, or null
//   predicted             the tool specs Callboard predicts the SDK builds from the export
//   simulated             the tool specs the simulator sends (name, description, parameters) with
//                         the gateway's fields as Callboard reads them from the same tools
//   declared              per simulated tool: the loss features the Python export names for it,
//                         and the parameters its losses name (built otherwise by pydantic, or not taken)
//   prompts               Callboard's system prompt at the opening state, then in each other stage
//                         (the opening's field values), each with its blocks (identity, tools, view) and the tools
//                         the simulator offers there
//   declaredAgent         the loss features the Python export names for the agent, its state and stages
//   badCalls              scripted bad calls and the message Callboard's argument check gives
// Usage: npx tsx conformance/node/pinecall-python.ts [--random N]
import fc from 'fast-check';
import { documentArbitrary } from '../../src/formats/testing/arbitraries';
import type { AgentDocument, Tool } from '../../src/model';
import { exportedTools } from '../../src/model/tool-chains';
import { toolSpec } from '../../src/simulator/messages';
import { checkArguments, classWords, declaredTools, identityOf, systemPrompt, toolsBlock, visibleTools } from '../../src/runtimes/pinecall/engine';
import { prepareSandboxEvaluate } from '../../src/simulator/sandbox-evaluate';
import { stateWithStage } from '../../src/simulator/derived';
import { startSession } from '../../src/simulator/simulation';
import {
  exportPinecallPython, pinecallPythonToolSpecs, pyDroppedParameters, pyMembers, pyParameterChanges, pyRefusal, pyToolSpecs, pyTools,
} from '../../src/runtimes/pinecall/format';
import { corpusFiles, load } from './pinecall-corpus';

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

async function main() {
  const out = [];
  const evaluate = await prepareSandboxEvaluate();
  const listed: { doc: AgentDocument | undefined; source: string }[] = [];
  for (const file of corpusFiles()) listed.push({ doc: await load(file), source: file });
  for (const { doc, source: file } of [...listed, ...randomDocs()]) {
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
        features: losses.filter((l) => l.path === `/tools/${entry.index}` || l.path.startsWith(`/tools/${entry.index}/`)).map((l) => l.feature),
        parameters: [...pyParameterChanges(entry), ...pyDroppedParameters(entry)],
      }])),
      // The system prompt at the opening state, in each stage in turn: its identity and tools blocks, then what the stage's view adds.
      prompts: [undefined, ...doc.stages.filter((st) => st.id !== session.stageId).map((st) => st.id)].map((stageId) => {
        const at = stageId === undefined ? session : { ...session, stageId };
        const scope = stateWithStage(doc, at.state, doc.stages.find((st) => st.id === at.stageId)?.name ?? null);
        return {
          // The tools the simulator offers there, `when` run in its sandbox, under the names the class gives them.
          visible: visibleTools(doc, at, evaluate, scope).tools.map((t) => names.get(t)!),
          system: systemPrompt(doc, at, undefined, undefined, declaredSpecs),
          identity: identityOf(doc),
          tools: toolsBlock(declaredSpecs),
          view: classWords(systemPrompt({ ...doc, persona: '' }, at)),
          stage: doc.stages.find((st) => st.id === at.stageId)?.name ?? null,
        };
      }),
      declaredAgent: losses.filter((l) => !l.path.startsWith('/tools/') && !l.path.startsWith('/edges/')).map((l) => l.feature),
      badCalls: badCalls(doc, names),
    });
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
