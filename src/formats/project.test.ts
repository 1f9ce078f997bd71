import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model/types';
import { changedPaths, project } from './project';
import { projectBlockAgent } from '../runtimes/block-agent/format/project';
import { projectPinecall } from '../runtimes/pinecall/format/project';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
const edited = (edit: (doc: AgentDocument) => void) => {
  const doc = structuredClone(sample);
  edit(doc);
  return doc;
};

describe('project', () => {
  it('is the format\'s own projection', () => {
    expect(project(sample, 'pinecall')).toEqual(projectPinecall(sample));
    expect(project(sample, 'block-agent')).toEqual(projectBlockAgent(sample));
  });
});

describe('changedPaths', () => {
  it('finds nothing between a document and itself, whatever the order of its entities, layout or target', () => {
    expect(changedPaths(sample, edited((d) => {
      d.tools.reverse();
      d.stages.reverse();
      d.layout = { positions: {}, sizes: {} };
      d.target = 'block-agent';
    }), 'pinecall')).toEqual([]);
  });

  it('names a changed leaf, a removed entity, a removed key and an added entity', () => {
    const paths = changedPaths(sample, edited((d) => {
      d.tools[4].parameters.properties!.day.description = 'Another.';
      d.edges.splice(1, 1);
      delete d.tools[5].when;
      d.state.push({ id: 'f_new', name: 'new', type: 'string', pii: false, visibility: 'private' });
    }), 'block-agent');
    expect(paths).toEqual(['/edges/1', '/tools/4/parameters/properties/day/description', '/tools/5/when', '/state/-']);
  });

  it('compares conditions as a set, with the runtimes\' own equivalences', () => {
    const doc = edited((d) => {
      d.edges[5].conditions = [{ kind: 'expression', expression: 'searches > 1' }, { kind: 'tool', toolId: 't_book', field: 'slot', expected: 'Tue' }];
    });
    expect(changedPaths(doc, edited((d) => {
      d.edges[5].conditions = [
        { kind: 'tool', toolId: 't_book', expected: 'tue' }, { kind: 'tool', toolId: 't_book', expected: '*' }, { kind: 'expression', expression: ' this.searches > 1 ' },
      ];
    }), 'pinecall')).toEqual([]);
    expect(changedPaths(doc, edited((d) => { d.edges[5].conditions = [{ kind: 'nlu', sentence: 'searches > 1' }]; }), 'pinecall'))
      .toEqual(['/edges/5/conditions/0', '/edges/5/conditions/1']);
  });

  it('compares a tool scope by the stages it offers the tool in', () => {
    const stages = edited((d) => { d.tools[4].scope = { kind: 'stages', stageIds: ['s_choose'] }; });
    expect(changedPaths(sample, stages, 'block-agent')).toEqual([]);
    const all = changedPaths(sample, edited((d) => { d.tools[4].scope = { kind: 'all' }; }), 'block-agent');
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((p) => !p.startsWith('/tools/4/scope/'))).toEqual([]);
  });
});
