// For conformance/checks/c13_pinecall_change_log.py: a scripted conversation per Pinecall agent of
// the corpus, run by Callboard's simulator, and the change log it wrote. The "model" is a script:
// in each step it calls the first tool offered there that it has not called yet (else the first
// offered), with its required arguments filled from the schema, reads the result and answers.
// Prints one JSON array: per agent its name, its Python export's files, the calls made (the names
// the class gives its methods, the arguments) and the change log (field, value after, author) of
// the writes the Python export makes too: the stage, and the fields a tool's kept Python body or
// mock-free chain writes (an implementation in TypeScript is not ported: its writes are left out,
// and the Python export's loss list says so).
// Usage: npx tsx conformance/node/pinecall-change-log.ts
import type { AgentDocument, JsonSchema } from '../../src/model';
import { exportPinecallPython, pinecallPythonToolSpecs, pyMembers, pyRefusal, writableParameter } from '../../src/runtimes/pinecall/format';
import { lossesFor } from '../../src/formats/losses';
import { sandboxToolRunner } from '../../src/simulator/sandbox-runner';
import { prepareSandboxEvaluate } from '../../src/simulator/sandbox-evaluate';
import { runScript } from '../../src/simulator/simulation';
import { isPlatformEndCall } from '../../src/simulator/class-code/hangup';
import { toolsOpenIn } from '../../src/simulator/open-tools';
import type { Model, ModelRequest, ModelResponse } from '../../src/simulator/types';
import fc from 'fast-check';
import { documentArbitrary } from '../../src/formats/testing/arbitraries';
import { corpusAgents, pythonClasses } from './pinecall-corpus';

const STEPS = 6;
/** Beside the files, documents of the property tests' generator (a fixed seed): tools with no code of their own, edges on their arguments. */
const RANDOM = 80;
const RANDOM_SEED = 13;

/** One scripted tool call, and where its writes start in the change log. */
interface Call {
  name: string;
  arguments: Record<string, unknown>;
  from: number;
}

/** A value the schema takes: the first of an enum, else one of its type; an object's required fields filled. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer': case 'number': return 1;
    case 'boolean': return true;
    case 'array': return [];
    case 'object': return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties?.[name], depth + 1)]));
    default: return 'Ana';
  }
}

/** The scripted model: one new tool a step, then an answer once its result is read. */
/**
 * Arguments that take an edge out of `stageId` when one hangs on this tool's arguments (its first
 * such edge's expected values, `*` as a word), so that the script moves the call as a caller would.
 */
function edgeArguments(doc: AgentDocument, stageId: string | null, toolName: string): Record<string, unknown> {
  const tool = doc.tools.find((t) => t.name === toolName || t.id === toolName);
  const edge = tool && doc.edges.find((e) => e.from === stageId && e.conditions.length > 0 && e.conditions.every((c) => c.kind === 'tool' && c.toolId === tool.id));
  const first = tool ? Object.keys(tool.parameters.properties ?? {})[0] : undefined;
  const out: Record<string, unknown> = {};
  for (const c of edge?.conditions ?? []) {
    if (c.kind !== 'tool') continue;
    const field = c.field ?? first;
    const schema = field === undefined ? undefined : tool!.parameters.properties?.[field];
    if (field === undefined || (schema?.type !== undefined && schema.type !== 'string')) continue;
    out[field] = c.expected === '*' ? 'Ana' : c.expected;
  }
  return out;
}

function scriptedModel(calls: Call[], writesSoFar: () => number, argumentsFor: (tool: string) => Record<string, unknown> = () => ({})): Model {
  const called = new Set<string>();
  return {
    async complete(request: ModelRequest): Promise<ModelResponse> {
      // A result read since the caller's last line (runtime lines, announce or confirm, may follow it): answer.
      const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
      // The platform's end_call (a class that declares hangup) is no tool of the class's: the SDK's test gateway offers none.
      // It calls a tool the stage has open (the request sends every declared one, as the platform does).
      const tools = toolsOpenIn(request).filter((t) => !isPlatformEndCall(t));
      if (request.messages.slice(lastUser + 1).some((m) => m.role === 'tool') || tools.length === 0) return { text: 'Done.', toolCalls: [] };
      const tool = tools.find((t) => !called.has(t.name)) ?? tools[0];
      called.add(tool.name);
      const args = { ...Object.fromEntries((tool.parameters.required ?? []).map((name) => [name, sample(tool.parameters.properties?.[name])])), ...argumentsFor(tool.name) };
      calls.push({ name: tool.name, arguments: args, from: writesSoFar() });
      return { text: '', toolCalls: [{ id: `call_${calls.length}`, name: tool.name, arguments: JSON.stringify(args) }] };
    },
  };
}

async function main() {
  const evaluate = await prepareSandboxEvaluate();
  const out = [];
  const random = fc.sample(documentArbitrary('pinecall'), { numRuns: RANDOM, seed: RANDOM_SEED }).map((doc, i) => ({ doc, source: `random #${i} (seed ${RANDOM_SEED})` }));
  for (const { doc, source } of [...await corpusAgents(), ...pythonClasses(), ...random]) {
    if (!doc.tools.some((t) => t.kind === 'function')) continue;
    const exported = exportPinecallPython(doc);
    const members = pyMembers(doc);
    // The simulator offers a Python class's tools under its specs' names, a TypeScript one's under its own.
    const pyName = new Map(doc.tools.map((t, i) => [doc.language === 'python' ? members.toolNames[i] ?? t.name : t.name, members.toolNames[i] ?? t.name]));
    const calls: Call[] = [];
    // The change log's length as the step last reported it: a call's writes start there.
    let written = 0;
    let stageId = doc.entryStageId;
    // The simulator names a Python class's tools by its specs' names: back to the document's tool by position.
    const docTool = (name: string) => (doc.language === 'python' ? doc.tools[members.toolNames.indexOf(name)]?.name ?? name : name);
    const deps = {
      model: scriptedModel(calls, () => written, (name) => edgeArguments(doc, stageId, docTool(name))), runner: sandboxToolRunner(doc), evaluate, losses: lossesFor,
      toolSpecs: pinecallPythonToolSpecs, revision: 0, call: { channel: 'phone' }, now: () => 0,
      onProgress: (s: { changeLog: unknown[]; stageId: string | null }) => { written = s.changeLog.length; stageId = s.stageId; },
    };
    const session = await runScript(doc, { says: Array.from({ length: STEPS }, (_, i) => `line ${i + 1}`) }, deps);
    out.push({
      name: source.startsWith('random') ? `${doc.name} [${source}]` : doc.name,
      source,
      files: exported.files,
      refused: pyRefusal(doc) !== undefined,
      language: doc.language ?? 'typescript',
      // The SDK is called with the arguments the method can take: a parameter that is no Python identifier is not in the signature (a declared loss).
      calls: calls.map((c) => ({ name: pyName.get(c.name) ?? c.name, arguments: Object.fromEntries(Object.entries(c.arguments).filter(([k]) => writableParameter(k))), from: c.from })),
      // Each tool's own writes as the simulator ran them, by the names the class gives its methods.
      changes: session.changeLog.filter((c) => c.kind !== 'log').map((c) => ({ field: c.field, after: c.next, author: pyName.get(c.author) ?? c.author })),
      // A tool whose body both run alike: no code of its own (the export writes its chain, the simulator its edges). A body in
      // TypeScript is not ported to the Python export, and one in Python Callboard answers with its mock.
      ported: Object.fromEntries(doc.tools.map((t, i) => [members.toolNames[i] ?? t.name, doc.language !== 'python' && t.implementation === undefined])),
      // The losses the Python export names for each tool, or for an edge one of its conditions hangs on: a difference they explain is declared.
      declared: Object.fromEntries(doc.tools.map((t, i) => [members.toolNames[i] ?? t.name, exported.warnings.filter((w) => {
        const edge = /^\/edges\/(\d+)/.exec(w.path);
        return w.path === `/tools/${i}` || w.path.startsWith(`/tools/${i}/`) || (edge !== null && doc.edges[Number(edge[1])]?.conditions.some((c) => c.kind === 'tool' && c.toolId === t.id));
      }).map((w) => w.feature)])),
      failure: session.failure?.message ?? null,
    });
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

