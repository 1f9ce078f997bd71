import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lossesFor } from './losses';
import { resolvePointer } from './lint/pointer';
import type { AgentDocument, Target } from './types';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
const lossesAfter = (target: Target, mutate: (doc: AgentDocument) => void) => {
  const doc = structuredClone(sample);
  mutate(doc);
  return lossesFor(doc, target);
};
const pathsOf = (target: Target, mutate: (doc: AgentDocument) => void = () => {}) => lossesAfter(target, mutate).map((l) => l.path);

describe('lossesFor pinecall', () => {
  it('names what the sample loses, and each path resolves', () => {
    const losses = lossesFor(sample, 'pinecall');
    expect(losses.map((l) => [l.path, l.feature])).toEqual([
      ['/llm', 'llm settings'],
      ['/blocks/0/looping', 'block looping'],
      ['/stages/2/kind', 'wait stage'],
      ['/stages/2/waitToken', 'wait token'],
      ['/edges/1', 'loop edge'],
      ['/edges/3/conditions/0', 'external condition'],
      ['/edges/4/conditions/0', 'external condition'],
      ['/tools/2/parameters/properties/phone/pattern', 'parameter pattern'],
      ['/tools/3', 'mcp tool'],
    ]);
    for (const loss of losses) {
      expect(resolvePointer(sample, loss.path).found).toBe(true);
      expect(loss.message).toMatch(new RegExp(`^${loss.feature} is not expressed in Pinecall: .+`));
    }
  });

  it('lists a natural-language condition on an ordinary edge, not the conditions of a dropped loop edge', () => {
    const paths = pathsOf('pinecall', (d) => { d.edges[6].conditions.push({ kind: 'nlu', sentence: 'The caller gives up.' }); });
    expect(paths).toContain('/edges/6/conditions/1');
    expect(paths).not.toContain('/edges/1/conditions/0');
    expect(lossesAfter('pinecall', (d) => { d.edges[6].conditions.push({ kind: 'nlu', sentence: 'x' }); })
      .find((l) => l.path === '/edges/6/conditions/1')?.entity).toEqual({ kind: 'edge', id: 'e_choose_giveup' });
  });

  it('keeps empty llm settings, turn stages, tool and expression conditions, intent and fallback flags', () => {
    const paths = pathsOf('pinecall', (d) => {
      d.llm = {};
      d.stages[2].kind = 'turn';
      delete d.stages[2].waitToken;
      d.blocks[1].intent = true;
    });
    expect(paths.some((p) => p === '/llm' || p.startsWith('/stages/') || p.startsWith('/edges/0') || p.startsWith('/edges/6'))).toBe(false);
    expect(paths.some((p) => /intent|fallback/.test(p))).toBe(false);
  });

  it('finds a pattern anywhere in the parameters, but not in an mcp tool, which is lost whole', () => {
    const paths = pathsOf('pinecall', (d) => {
      d.tools[5].parameters.properties!.tags = { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } };
      d.tools[3].parameters.properties = { id: { type: 'string', pattern: '^P-' } };
    });
    expect(paths).toContain('/tools/5/parameters/properties/tags/items/pattern');
    expect(paths.filter((p) => p.startsWith('/tools/3'))).toEqual(['/tools/3']);
  });
});

describe('lossesFor block-agent', () => {
  it('names what the sample loses, and each path resolves', () => {
    const losses = lossesFor(sample, 'block-agent');
    expect(losses.map((l) => [l.path, l.feature])).toEqual([
      ['/tools/2/implementation', 'implementation'],
      ['/tools/2/pii', 'pii'],
      ['/tools/4/announce', 'announce'],
      ['/tools/4/preview', 'preview'],
      ['/tools/4/timeout', 'timeout'],
      ['/tools/4/implementation', 'implementation'],
      ['/tools/5/when', 'when'],
      ['/tools/5/confirm', 'confirm'],
      ['/tools/5/implementation', 'implementation'],
      ['/edges/6/conditions/0', 'state-expression condition'],
      ['/state/0/default', 'state default'],
      ['/state/0/pii', 'state pii'],
      ['/state/1/default', 'state default'],
      ['/state/1/pii', 'state pii'],
      ['/state/2', 'state field'],
      ['/state/3', 'state field'],
      ['/state/4', 'state field'],
      ['/state/5', 'state field'],
    ]);
    for (const loss of losses) {
      expect(resolvePointer(sample, loss.path).found).toBe(true);
      expect(loss.message).toMatch(new RegExp(`^${loss.feature} is not expressed in Block Agent: .+`));
    }
  });

  it('loses stage-level tool scope and says which blocks it becomes', () => {
    const losses = lossesAfter('block-agent', (d) => { d.tools[6].scope = { kind: 'stages', stageIds: ['s_goodbye'] }; });
    expect(losses.find((l) => l.path === '/tools/6/scope')?.message).toContain('offers end_call in every stage of End');
    expect(pathsOf('block-agent')).not.toContain('/tools/6/scope');
  });

  it('keeps what Block Agent writes: nlu, external and loop edges, wait stages, looping, llm, mcp, patterns, empty pii', () => {
    const paths = pathsOf('block-agent');
    expect(paths.some((p) => /^\/(edges\/[0-5]|stages|blocks|llm)/.test(p) || p.includes('pattern') || p.startsWith('/tools/3'))).toBe(false);
    expect(paths).not.toContain('/tools/0/pii');
  });

  it('loses a captured field\'s declarations only where they say something', () => {
    const paths = pathsOf('block-agent', (d) => {
      d.state[1] = { ...d.state[1], pii: false, visibility: 'public' };
      delete d.state[1].default;
    });
    expect(paths.filter((p) => p.startsWith('/state/1'))).toEqual(['/state/1/visibility']);
  });
});
