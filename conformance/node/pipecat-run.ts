// Callboard's side of conformance/checks/c21_pipecat_run.py: each of Pipecat's example flows walked
// down its happy path (src/runtimes/pipecat/format/fixtures/happy-paths) on Callboard's Pipecat engine with
// the offline model, printed as JSON: every model call's node and the functions offered there, the
// model's answers (so Pipecat's own FlowManager can be given the very same answers), the caller lines
// sent, the nodes entered and whether the call ended. Run: npx tsx conformance/node/pipecat-run.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAPPY_PATHS, runHappyPath, nodePath } from '../../src/runtimes/pipecat/engine/testing.ts';

const examples = join(import.meta.dirname, '..', '..', 'src', 'runtimes', 'pipecat', 'format', 'fixtures', 'examples');

const out = [];
for (const path of HAPPY_PATHS) {
  const { session } = await runHappyPath(path);
  const calls = [];
  for (const t of session.trace) {
    if (t.kind !== 'model-call' || !t.response) continue;
    // The node the call was made in: the last node entered before it (its place in the transcript).
    const before = session.transcript.slice(0, t.mark?.lines ?? session.transcript.length);
    const node = before.findLast((l) => l.kind === 'node');
    calls.push({
      node: node?.kind === 'node' ? node.node : null,
      tools: t.request.tools.map((tool) => tool.name),
      answer: { text: t.response.text, tool_calls: t.response.toolCalls.map((c) => ({ name: c.name, arguments: JSON.parse(c.arguments || '{}') })) },
    });
  }
  const callerSent = session.transcript.filter((l) => l.kind === 'caller').map((l) => (l.kind === 'caller' ? l.text : ''));
  out.push({
    flow: path.flow,
    text: readFileSync(join(examples, path.flow), 'utf8'),
    mocks: path.mocks,
    state: path.state,
    caller: callerSent,
    calls,
    nodes: nodePath(session),
    ended: session.ended,
  });
}
process.stdout.write(JSON.stringify(out));
