import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { sampleAgent } from '../simulator/testing';
import { endMarkOf } from './ends-call';
import type { AgentDocument } from '../model';

const stageOf = (doc: AgentDocument, id: string) => doc.stages.find((s) => s.id === id)!;

describe('"ends the call"', () => {
  it('marks a stage no edge leaves, and no stage that has one', () => {
    const doc = sampleAgent();
    expect(endMarkOf(doc, stageOf(doc, 's_goodbye'))?.label).toBe('ends the call');
    expect(endMarkOf(doc, stageOf(doc, 's_choose'))).toBeNull();
  });

  it('says what it means for the runtime: Block Agent ends the call, Pinecall stays there', () => {
    const pinecall = produce(sampleAgent(), (d) => void (d.target = 'pinecall'));
    const blockAgent = produce(sampleAgent(), (d) => void (d.target = 'block-agent'));
    expect(endMarkOf(blockAgent, stageOf(blockAgent, 's_goodbye'))?.explanation).toMatch(/one reply, then the call ends/);
    expect(endMarkOf(pinecall, stageOf(pinecall, 's_goodbye'))?.explanation).toMatch(/stays on it until it is hung up/);
  });

  it('on Pinecall, a tool offered there that sets another stage in code is a way out', () => {
    const base = sampleAgent();
    const doc = produce(base, (d) => {
      d.target = 'pinecall';
      d.tools.push({ ...structuredClone(base.tools[0]), id: 't_back', name: 'back', scope: { kind: 'stages', stageIds: ['s_goodbye'] }, implementation: 'this.stage = "choose";' });
    });
    expect(endMarkOf(doc, stageOf(doc, 's_goodbye'))).toBeNull();
    // Setting itself is no way out.
    const self = produce(doc, (d) => void (d.tools.at(-1)!.implementation = 'this.stage = "goodbye";'));
    expect(endMarkOf(self, stageOf(self, 's_goodbye'))).not.toBeNull();
  });
});
