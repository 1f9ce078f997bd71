// diffAgents across formats (issue 15): the Block Agent YAML and the Pinecall TypeScript exports
// of one agent, each imported on its own (other ids), differ only where an export declared a loss
// (exportAs(...).losses) or where the two runtimes model one thing two ways, each named below.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { edgeName, type AgentDocument } from '../model';
import { diffAgents, type AgentDifference } from '../model/diff';
import { frozenSample } from '../model/ops/testing';
import { exportAs } from './export-as';
import { importAny } from './import-any';
import { exportPipecatFlow, HANDLERS_FILE } from '../runtimes/pipecat/format';
import { sourceFilesOf } from '../runtimes/pinecall/format/source-files';

/** Pipecat's own restaurant flow as the New agent dialog opens it: a flow the other two runtimes are asked to hold. */
const pipecatTemplate = (): AgentDocument => JSON.parse(readFileSync(new URL('../../public/examples/template-pipecat-restaurant.json', import.meta.url), 'utf8')) as AgentDocument;

async function reimported(doc: AgentDocument, format: 'yaml' | 'ts' | 'flow') {
  const view = exportAs(doc, format);
  // A flow's tool schemas live in the handlers.py written beside it: the folder holds both.
  const folder = format === 'flow' ? { agent: view.fileName, files: sourceFilesOf({ [view.fileName]: view.text, [HANDLERS_FILE]: exportPipecatFlow(doc).handlers }) } : undefined;
  const outcome = await importAny(view.text, { format, fileName: view.fileName, ...(folder ? { folder } : {}) });
  if (outcome.kind !== 'agent') throw new Error(`${format} did not import as an agent`);
  return { doc: outcome.doc, losses: view.losses.map((l) => l.path) };
}

/** Where in the original document an entity of a difference sits, found by its name (ids differ). */
function originalPaths(doc: AgentDocument, d: AgentDifference): string[] {
  const names = [d.entity.name, ...(d.change === 'renamed' ? [String(d.old)] : [])];
  const at = (list: { name: string }[], collection: string) => list.flatMap((e, i) => (names.includes(e.name) ? [`/${collection}/${i}`] : []));
  switch (d.entity.kind) {
    case 'agent': return [''];
    case 'block': return at(doc.blocks, 'blocks');
    case 'stage': return at(doc.stages, 'stages');
    case 'tool': return at(doc.tools, 'tools');
    case 'state': return at(doc.state, 'state');
    case 'edge': return doc.edges.flatMap((e, i) => (edgeName(doc, e.id) === d.entity.name ? [`/edges/${i}`] : []));
    case 'test': return [];
  }
}

/** The document field a difference's field stands for (views name some apart). */
const fieldPath = (d: AgentDifference): string => {
  const field = d.field[0] === 'scopeAs' ? ['scope'] : d.field[0] === 'llm' ? ['llm'] : d.field;
  return field.length ? `/${field.join('/')}` : '';
};

/** A loss at `loss` explains a difference at `path` when one contains the other. */
const covers = (loss: string, path: string) => path === loss || path.startsWith(`${loss}/`) || loss.startsWith(`${path}/`);

function explained(doc: AgentDocument, d: AgentDifference, losses: string[]): string | undefined {
  if (d.entity.kind === 'agent' && d.field[0] === 'target') return 'the target is the format';
  // Block Agent keeps a variable per captured tool parameter (block-agent.md, "variables"); Pinecall has none.
  // Either side may be the Block Agent one, and the variable carries the parameter's description.
  if (d.entity.kind === 'state' && (d.change === 'removed' || d.change === 'added' || d.field[0] === 'description') && doc.tools.some((t) => d.entity.name in (t.parameters.properties ?? {}))) return 'a Block Agent variable of a tool parameter';
  const paths = originalPaths(doc, d).map((p) => p + fieldPath(d));
  // Pinecall has one block, named after the class: its loss `/blocks` covers every block and every stage's block.
  const blocksLost = (l: string) => l === '/blocks' && (d.entity.kind === 'block' || d.field[0] === 'blockId');
  const loss = losses.find((l) => blocksLost(l) || paths.some((p) => covers(l, p)));
  return loss ? `declared loss ${loss}` : undefined;
}

describe('diffAgents across formats', () => {
  it('the YAML and TypeScript exports of the sample differ only by their declared losses', async () => {
    const sample = frozenSample();
    const yaml = await reimported(sample, 'yaml');
    const ts = await reimported(sample, 'ts');
    const differences = diffAgents(yaml.doc, ts.doc);
    expect(differences.length).toBeGreaterThan(0);
    const unexplained = differences.filter((d) => !explained(sample, d, [...yaml.losses, ...ts.losses])).map((d) => d.label);
    expect(unexplained).toEqual([]);
  }, 60_000);

  it('an agent exported and imported again through one format differs from its own re-import in nothing', async () => {
    const sample = frozenSample();
    const once = await reimported(sample, 'yaml');
    const twice = await reimported(once.doc, 'yaml');
    expect(diffAgents(once.doc, twice.doc)).toEqual([]);
  }, 60_000);

  it('a real edit shows through the format change: one docstring edited before the TS export', async () => {
    const sample = frozenSample();
    const edited = structuredClone(sample) as AgentDocument;
    edited.tools.find((t) => t.name === 'book')!.description = 'Book the slot the caller agreed to.';
    const yaml = await reimported(sample, 'yaml');
    const ts = await reimported(edited, 'ts');
    const differences = diffAgents(yaml.doc, ts.doc);
    const unexplained = differences.filter((d) => !explained(sample, d, [...yaml.losses, ...exportAs(edited, 'ts').losses.map((l) => l.path)]));
    expect(unexplained.map((d) => [d.label, d.new])).toEqual([['tool book: description', 'Book the slot the caller agreed to.']]);
  }, 60_000);
});

describe('diffAgents across formats, with the Pipecat flow', () => {
  it.each(['yaml', 'ts'] as const)('the flow (with its handlers.py) and the %s export of the sample differ only by their declared losses', async (other) => {
    const sample = frozenSample();
    const flow = await reimported(sample, 'flow');
    const theirs = await reimported(sample, other);
    const differences = diffAgents(theirs.doc, flow.doc);
    expect(differences.length).toBeGreaterThan(0);
    const unexplained = differences.filter((d) => !explained(sample, d, [...theirs.losses, ...flow.losses])).map((d) => d.label);
    expect(unexplained).toEqual([]);
  }, 60_000);

  it.each(['yaml', 'ts'] as const)('a Pipecat flow and its %s export differ only by the losses each declares', async (other) => {
    const template = pipecatTemplate();
    const flow = await reimported(template, 'flow');
    const theirs = await reimported(template, other);
    const differences = diffAgents(flow.doc, theirs.doc);
    expect(differences.length).toBeGreaterThan(0);
    const unexplained = differences.filter((d) => !explained(template, d, [...theirs.losses, ...flow.losses])).map((d) => d.label);
    expect(unexplained).toEqual([]);
  }, 60_000);

  it('a flow exported and imported again differs from its own re-import in nothing', async () => {
    const once = await reimported(frozenSample(), 'flow');
    const twice = await reimported(once.doc, 'flow');
    expect(diffAgents(once.doc, twice.doc).map((d) => d.label)).toEqual([]);
  }, 60_000);
});
