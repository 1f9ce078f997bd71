// A wait turn's edges on the YAML → TS → YAML trip (issue 33): Pinecall has no outside answer, so
// an edge whose only condition is `source: external` is written as a move with no guard. The
// export says so, and the edge that comes back with no condition is a lint finding, not silence.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures/block-agent/fixtures';
import { exportBlockAgentYaml, importBlockAgentYaml } from '../runtimes/block-agent/format';
import { exportPinecallTs } from '../runtimes/pinecall/format';
import { importPinecallTs } from '../runtimes/pinecall/format/import';
import { problemsOf } from './problems';
import type { AgentDocument } from '../model';

const fromYaml = (text: string): AgentDocument => {
  const result = importBlockAgentYaml(text, { name: 'Address change' });
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.doc;
};

describe('a wait turn\'s external edges on the YAML → TS → YAML trip', () => {
  const original = fromYaml(readFixture('wait-turn-external.yaml'));

  it('the TS export says the edge loses its only condition and then always fires', () => {
    const ts = exportPinecallTs(original);
    const loss = ts.warnings.find((w) => w.path === '/edges/1/conditions/0');
    expect(loss?.feature).toBe('external condition');
    expect(loss?.message).toContain('with no condition left, the class moves from Check identity to Change address after any tool of Check identity runs, and the edge comes back with no condition (one that always fires)');
    // A condition that stays (the tool condition on the first edge) says nothing of the kind.
    expect(ts.warnings.filter((w) => w.message.includes('with no condition left')).map((w) => w.path)).toEqual(['/edges/1/conditions/0']);
  });

  it('the YAML that comes back holds an edge with no condition, and lint warns at it', () => {
    const back = importPinecallTs(exportPinecallTs(original).text);
    if (!back.ok) throw new Error('the class does not load');
    const yaml = exportBlockAgentYaml({ ...back.doc, target: 'block-agent' }).text;
    expect(yaml).toMatch(/name: Check identity\n[\s\S]*?conditions: \[\]\n\s+connect_to: \{turn_id: change_address\}/);
    const again = fromYaml(yaml);
    const found = problemsOf(again).filter((p) => p.rule === 'edge-no-condition');
    expect(found.map((p) => [p.severity, p.message.split(', so')[0]])).toEqual([
      ['warning', 'the edge Check identity → Change address has no condition'],
    ]);
  });

  it('the original file has no edge without a condition: nothing to report there', () => {
    expect(problemsOf(original).filter((p) => p.rule === 'edge-no-condition')).toEqual([]);
  });

  it('an agent with no blocks and no stages is a finding, on both runtimes', () => {
    const empty = fromYaml('personality: You answer the phone.\nblocks: []\n');
    expect(problemsOf(empty).filter((p) => p.rule === 'agent-empty').map((p) => [p.severity, p.path])).toEqual([['warning', '/stages']]);
    expect(problemsOf({ ...empty, target: 'pinecall' }).filter((p) => p.rule === 'agent-empty').map((p) => p.severity)).toEqual(['info']);
  });
});
