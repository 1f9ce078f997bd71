// A flow as a Callboard document and back: the seven example flows import, export byte for byte
// (and as JSON with the same data), and an edit in the document changes only its keys.
import { describe, expect, it } from 'vitest';
import { lossesFor } from '../../../formats/losses';
import { problemsOf } from '../../../formats/problems';
import { validateDocument } from '../../../model/validate';
import { pipecatKeptOf } from '../kept';
import { importPipecatFlow, exportPipecatFlow, readFlow, sameData, projectPipecat } from '.';
import { EXAMPLE_FLOWS, exampleFlow } from './testing';
import type { AgentDocument } from '../../../model';
import { changedPaths } from '../../../formats/project';

const imported = (text: string, fileName = 'flow.yaml', handlers?: string): AgentDocument => {
  const read = importPipecatFlow(text, { fileName, ...(handlers !== undefined ? { handlers } : {}) });
  if (!read.ok) throw new Error(read.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return read.doc;
};

describe('the example flows as documents', () => {
  it.each(EXAMPLE_FLOWS.map((f) => [f.name, f.text]))('%s imports as a valid document and exports byte for byte', (name, text) => {
    const doc = imported(text, name);
    expect(validateDocument(doc).ok).toBe(true);
    expect(doc.target).toBe('pipecat');
    expect(exportPipecatFlow(doc).text).toBe(text);
  });

  it.each(EXAMPLE_FLOWS.map((f) => [f.name, f.text]))('%s exports as JSON with the same data, which imports to the same flow', (name, text) => {
    const doc = imported(text, name);
    const json = exportPipecatFlow(doc, 'json').text;
    expect(sameData(readFlow(json, { syntax: 'json' }).data, readFlow(text, { fileName: name }).data)).toBe(true);
    const again = imported(json, 'flow.json');
    expect(exportPipecatFlow(again, 'yaml').text).not.toBe('');
    expect(sameData(readFlow(exportPipecatFlow(again, 'yaml').text).data, readFlow(text).data)).toBe(true);
  });

  it('reads nodes as stages, functions as tools, transitions and branch cases as edges', () => {
    const doc = imported(exampleFlow('pipecat__restaurant'), 'restaurant_reservation.flow.yaml');
    expect(doc.name).toBe('Restaurant Reservation');
    expect(doc.stages.map((s) => s.name)).toEqual(['initial', 'get_time', 'confirm', 'no_availability', 'end']);
    expect(doc.stages.find((s) => s.id === doc.entryStageId)?.name).toBe('initial');
    expect(doc.persona).toMatch(/^You are a restaurant reservation assistant for \{\{ restaurant_name \}\}/);
    expect(doc.opening).toBe('agent');
    expect(doc.state.map((f) => f.name).sort()).toEqual(['party_size', 'restaurant_name']);
    const name = (id: string) => doc.stages.find((s) => s.id === id)?.name;
    const tool = (id: string) => doc.tools.find((t) => t.id === id)?.name;
    const fromTime = doc.edges.filter((e) => name(e.from) === 'get_time').map((e) => [name(e.to), e.conditions]);
    expect(fromTime).toEqual([
      ['confirm', [expect.objectContaining({ kind: 'result', field: 'status', expected: 'available' })]],
      ['no_availability', [expect.objectContaining({ kind: 'result', field: 'status', expected: 'unavailable' })]],
    ]);
    const party = doc.edges.find((e) => name(e.from) === 'initial')!;
    expect([tool((party.conditions[0] as { toolId: string }).toolId), name(party.to), party.conditions[0].kind]).toEqual(['collect_party_size', 'get_time', 'tool']);
    // check_availability is listed by two nodes: one tool offered in both.
    const check = doc.tools.filter((t) => t.name === 'check_availability');
    expect(check).toHaveLength(1);
    expect(check[0].scope).toEqual({ kind: 'stages', stageIds: [doc.stages[1].id, doc.stages[3].id] });
    // The end node's post action is kept for the engine and the export.
    const end = doc.stages.find((s) => s.name === 'end')!;
    expect(pipecatKeptOf(doc).nodes?.[end.id]?.post_actions).toEqual([{ type: 'end_conversation' }]);
  });

  it('reads the parameters and descriptions from a handlers.py beside the flow, and says what is lost without one', () => {
    const handlers = [
      'from pipecat.flows import FlowManager, TRANSITION_IN_YAML',
      '',
      'async def collect_party_size(flow_manager: FlowManager, size: int):',
      '    """Record the number of people in the party.',
      '',
      '    Args:',
      '        size: How many people are coming.',
      '    """',
      '    flow_manager.state["party_size"] = size',
      '    return {"size": size}, TRANSITION_IN_YAML',
      '',
      'async def check_availability(flow_manager: FlowManager, time: str):',
      '    """Check whether a time is free."""',
      '    return {"status": "available"}, TRANSITION_IN_YAML',
      '',
    ].join('\n');
    const doc = imported(exampleFlow('pipecat__restaurant'), 'flow.yaml', handlers);
    const party = doc.tools.find((t) => t.name === 'collect_party_size')!;
    expect(party.description).toBe('Record the number of people in the party.');
    expect(party.parameters).toEqual({ type: 'object', properties: { size: { type: 'integer', description: 'How many people are coming.' } }, required: ['size'] });
    // The body is kept and written back; its plain state write is read for the simulator.
    expect(pipecatKeptOf(doc).stateWrites).toEqual({ collect_party_size: [{ key: 'party_size', param: 'size' }] });
    const written = exportPipecatFlow(doc).handlers;
    expect(written).toContain('    flow_manager.state["party_size"] = size\n    return {"size": size}, TRANSITION_IN_YAML');
    const without = importPipecatFlow(exampleFlow('pipecat__restaurant'), { fileName: 'flow.yaml' });
    expect(without.ok && without.notes.map((n) => n.message).join('\n')).toMatch(/collect_party_size's parameters live in its Python signature/);
  });

  it('an edit in the document changes only its lines in the file', () => {
    const text = exampleFlow('pipecat__restaurant');
    const doc = imported(text);
    const confirm = doc.stages.find((s) => s.name === 'confirm')!;
    confirm.instructions = 'Confirm the booking and ask if they need anything else.';
    const out = exportPipecatFlow(doc).text;
    const before = text.split('\n');
    const after = out.split('\n');
    const changed = after.filter((line) => !before.includes(line));
    // The folded block becomes a literal one (the new text has no closing newline for `>` to keep).
    expect(changed).toEqual(['        content: |-', '          Confirm the booking and ask if they need anything else.']);
    // Everything before the confirm node is as written, comments included.
    expect(out.slice(0, out.indexOf('  confirm:'))).toBe(text.slice(0, text.indexOf('  confirm:')));
  });

  it('a refused flow is an error at its line, in Pipecat\'s words', () => {
    const read = importPipecatFlow('initial_node: start\nnodes:\n  begin:\n    task_messages:\n      - role: developer\n        content: Hi\n', { fileName: 'x.yaml' });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.errors[0]).toMatchObject({ line: 1 });
  });

  it.each(EXAMPLE_FLOWS.map((f) => [f.name, f.text]))('%s: the round-trip oracle is the document itself, and lossesFor names nothing', (name, text) => {
    const doc = imported(text, name);
    expect(lossesFor(doc, 'pipecat')).toEqual([]);
    expect(changedPaths(doc, projectPipecat(doc), 'pipecat')).toEqual([]);
  });

  it.each(EXAMPLE_FLOWS.map((f) => [f.name, f.text]))('%s lints with no error, as Pipecat loads it; a warning is only a function whose description lives in a handlers.py not given', (name, text) => {
    const problems = problemsOf(imported(text, name));
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect([...new Set(problems.filter((p) => p.severity === 'warning').map((p) => p.rule))].filter((r) => r !== 'tool-docstring')).toEqual([]);
  });
});
