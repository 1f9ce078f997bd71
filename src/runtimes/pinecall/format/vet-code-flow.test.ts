import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeEdgeLabel, codeEdgesOf } from '../../../model/code-flow';
import { lint } from '../../../model/lint';
import { importAny } from '../../../formats/import-any';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { readStageFlow } from './stage-flow';
import { fixtureUrl } from './testing';

// A hand-written vet class whose tools set the stage in `if` branches, a ternary, a `Stages`-like
// constant object and a helper: the importer read it as five unconnected stages ("0 edges").
const text = readFileSync(fixtureUrl('vet-code-flow.tsx'), 'utf8');

function imported() {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
}

describe('the vet class: its stage flow is read from its code', () => {
  const doc = imported();
  const flow = readStageFlow(doc);
  const name = new Map(doc.stages.map((s) => [s.id, s.name]));

  it('imports with no document edges: the flow stays in the code', () => {
    expect(doc.edges).toEqual([]);
    expect(doc.stages.map((s) => s.name)).toEqual(['intake', 'triage', 'emergency', 'booking', 'done']);
  });

  it('derives an edge for every way each tool sets the stage, labelled with the tool and the condition as written', () => {
    const edges = codeEdgesOf(doc, flow).map((e) => `${name.get(e.from)} -> ${name.get(e.to)}: ${codeEdgeLabel(e.write)}`);
    expect(edges).toEqual([
      'intake -> emergency: registerPet · species === "exotic"',
      'intake -> triage: registerPet · not (species === "exotic")',
      'triage -> emergency: describeSymptom · urgent',
      'triage -> booking: describeSymptom · not (urgent)',
      'emergency -> done: bookSlot → finish() · slot',
      'booking -> done: bookSlot → finish() · slot',
      'booking -> triage: startOver · this.petName',
      'booking -> intake: startOver · not (this.petName)',
    ]);
    expect(flow.unresolved).toEqual([]);
    expect(flow.unknownStages).toEqual([]);
  });

  it('points each write at its assignment: the helper\'s line, and the line of the tool that calls it', () => {
    const finish = flow.writes.find((w) => w.via?.[0] === 'finish')!;
    expect(finish.at).toMatchObject({ member: 'finish', line: 3, column: 3 });
    expect(finish.call).toMatchObject({ member: 'bookSlot', line: 5, column: 1 });
    const registered = flow.writes.find((w) => w.tool === 'registerPet' && w.to === 'triage')!;
    expect(doc.tools.find((t) => t.name === 'registerPet')!.implementation!.split('\n')[registered.at.line - 1]).toBe('this.stage = STAGES.triage;');
  });

  it('leaves no stage unreachable once lint follows the code', () => {
    expect(lint(doc, { stageFlow: flow }).filter((p) => p.rule === 'stage-unreachable')).toEqual([]);
  });

  it('counts the code\'s edges in the import: the class never reads as "0 edges"', async () => {
    const outcome = await importAny(text, { format: 'ts' });
    expect(outcome.kind === 'agent' && outcome.codeEdges).toBe(8);
  });

  it('exports the import byte-identical to the file: the edges are never written into the document', () => {
    expect(exportPinecallTs(doc).text).toBe(text);
  });
});
