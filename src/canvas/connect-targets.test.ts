import { describe, expect, it } from 'vitest';
import { frozenSample } from '../model/ops/testing';
import { connectTargets } from './connect-targets';

describe('connectTargets', () => {
  it('offers every stage with its block, the source itself last as a loop, and marks existing edges', () => {
    const targets = connectTargets(frozenSample(), 's_verify');
    expect(targets.map((t) => t.name)).toEqual(['greet', 'identify', 'choose', 'goodbye', 'verify']);
    expect(targets.find((t) => t.name === 'choose')).toEqual({ id: 's_choose', name: 'choose', blockName: 'Booking', loop: false, connected: true });
    expect(targets.find((t) => t.name === 'greet')).toMatchObject({ connected: false, loop: false });
    expect(targets.at(-1)).toMatchObject({ id: 's_verify', loop: true, connected: false });
  });

  it('filters by stage or block name, ignoring case, names that start with the query first', () => {
    const doc = frozenSample();
    expect(connectTargets(doc, 's_greet', 'GOOD').map((t) => t.name)).toEqual(['goodbye']);
    // "Identify" is verify's block: verify matches by its block, identify by its own name (first).
    expect(connectTargets(doc, 's_greet', 'ident').map((t) => t.name)).toEqual(['identify', 'verify']);
    expect(connectTargets(doc, 's_greet', '  e  ').map((t) => t.name)).toEqual(['identify', 'verify', 'choose', 'goodbye', 'greet']);
    expect(connectTargets(doc, 's_greet', 'nothing like it')).toEqual([]);
  });
});
