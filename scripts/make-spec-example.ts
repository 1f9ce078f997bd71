// Author script for public/examples/block-agent-spec.json: the example of formats/block-agent.md
// (test/fixtures/block-agent/spec-example.yaml) imported as a callboard.agent document, so the app
// opens it with `?example=block-agent-spec`. The importer's random ids are renamed to readable,
// stable ones (b_<block>, s_<turn>, t_<tool>, f_<field>, e_<from>_<n>), so every run writes the
// same file. Run: npx tsx scripts/make-spec-example.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { importBlockAgentYaml } from '../src/runtimes/block-agent/format';
import { exportJson } from '../src/formats/json';
import { loadDocument, type AgentDocument } from '../src/model';

const root = new URL('../', import.meta.url);
const yaml = readFileSync(new URL('test/fixtures/block-agent/spec-example.yaml', root), 'utf8');
const imported = importBlockAgentYaml(yaml, { name: 'Block Agent spec example' });
if (!imported.ok) throw new Error(`spec-example.yaml does not import: ${JSON.stringify(imported.errors)}`);
const doc: AgentDocument = imported.doc;

const rename = new Map<string, string>();
for (const b of doc.blocks) rename.set(b.id, `b_${b.ref}`);
for (const s of doc.stages) rename.set(s.id, `s_${s.ref.replace(/^t_/, '')}`);
for (const t of doc.tools) rename.set(t.id, `t_${t.name}`);
for (const f of doc.state) rename.set(f.id, `f_${f.name}`);
const perStage = new Map<string, number>();
for (const e of doc.edges) {
  const from = rename.get(e.from)!.replace(/^s_/, '');
  const n = (perStage.get(from) ?? 0) + 1;
  perStage.set(from, n);
  rename.set(e.id, `e_${from}_${n}`);
}
let text = exportJson({ ...doc, id: 'example-block-agent-spec' });
for (const [from, to] of rename) text = text.split(JSON.stringify(from)).join(JSON.stringify(to));

const reloaded = loadDocument(JSON.parse(text));
if (!reloaded.ok) throw new Error(`the written document does not load: ${JSON.stringify(reloaded.errors)}`);
writeFileSync(new URL('public/examples/block-agent-spec.json', root), text);
console.log(`wrote public/examples/block-agent-spec.json (${doc.stages.length} stages, ${doc.tools.length} tools)`);
