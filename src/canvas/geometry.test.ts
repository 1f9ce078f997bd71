import { describe, expect, it } from 'vitest';
import { fitChips } from './chips';
import { edgeGeometry, LABEL_REACH, loopGeometry } from './edge-geometry';
import { HANDLE_Y } from './adapters';
import { STAGE_SIZE } from '../model/ops/layout';

describe('edgeGeometry', () => {
  it('puts a short forward edge\'s label at its middle', () => {
    const g = edgeGeometry(0, 0, 200, 0);
    expect(g.labelX).toBeCloseTo(100, 0);
    expect(g.labelY).toBeCloseTo(0, 5);
    expect(g.path.startsWith('M 0 0 C')).toBe(true);
  });

  it('keeps a long edge\'s label close to its stage', () => {
    const g = edgeGeometry(0, 0, 900, 300);
    expect(g.labelX).toBeCloseTo(LABEL_REACH, 0);
    expect(g.labelY).toBeGreaterThan(0);
    expect(g.labelY).toBeLessThan(150);
  });

  it('routes to a stage stacked below through the gap between the two cards', () => {
    // Source card top at 0, target card top at 180 (30px gap), same column.
    const g = edgeGeometry(260, HANDLE_Y, 0, 180 + HANDLE_Y);
    expect(g.labelY).toBeCloseTo((STAGE_SIZE.height + 180) / 2, 5);
    expect(g.labelX).toBeCloseTo(130, 5);
  });

  it('spreads parallel edges apart', () => {
    const a = edgeGeometry(0, 0, 200, 0, -0.5);
    const b = edgeGeometry(0, 0, 200, 0, 0.5);
    expect(b.labelY - a.labelY).toBeGreaterThan(30);
  });
});

describe('loopGeometry', () => {
  it('arcs over the card with its label above the top edge', () => {
    const g = loopGeometry(265, 100 + HANDLE_Y, -5, 100 + HANDLE_Y);
    expect(g.labelY).toBeLessThan(100);
    expect(g.labelX).toBe(130);
  });
});

describe('fitChips', () => {
  const chips = (...names: string[]) => names.map((name) => ({ id: name, name }));
  it('shows what fits and counts the rest', () => {
    expect(fitChips(chips('a', 'b'), 200, 1)).toEqual({ shown: chips('a', 'b'), hidden: 0 });
    const many = fitChips(chips('collect_identity', 'is_schedule_appointment', 'free_slots', 'book', 'end_call'), 236, 1);
    expect(many.hidden).toBeGreaterThan(0);
    expect(many.shown.length + many.hidden).toBe(5);
    expect(fitChips(chips('x'), 200, 1).hidden).toBe(0);
  });
});
