import { describe, expect, it } from 'vitest';
import { labelFits, widthUnits } from './label-fit';

describe('labelFits', () => {
  it('lets short labels go unclipped in a normal sidebar, and clips long ones', () => {
    expect(labelFits('stage_001_002', undefined, 2, 194)).toBe(true);
    expect(labelFits('lookup_000', 'mcp', 1, 194)).toBe(true);
    expect(labelFits('caller_intent_not_yet_detected', undefined, 1, 194)).toBe(false);
    // The same long label fits a widened sidebar.
    expect(labelFits('caller_intent_not_yet_detected', undefined, 1, 400)).toBe(true);
  });

  it('counts the hint, the depth\'s indent, and wide characters against the room', () => {
    expect(labelFits('verify_identity_x', undefined, 2, 194)).toBe(true);
    expect(labelFits('verify_identity_x', 'wait · entry', 2, 194)).toBe(false);
    expect(labelFits('a'.repeat(18), undefined, 0, 194)).toBe(true);
    expect(labelFits('a'.repeat(18), undefined, 2, 170)).toBe(false);
    expect(widthUnits('予約の確認')).toBe(10);
    expect(widthUnits('ÉÉ')).toBe(4);
    expect(widthUnits('AB')).toBeCloseTo(2.6);
    expect(labelFits('予約の確認と変更の受付窓口です', undefined, 1, 194)).toBe(false);
  });

  it('clips everything when the row has no room yet (width unknown or tiny)', () => {
    expect(labelFits('a', undefined, 0, 0)).toBe(false);
  });
});
