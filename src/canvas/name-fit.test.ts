import { describe, expect, it } from 'vitest';
import { emWidth, fitName, linesAt, nameSegments, stageCardFit } from './name-fit';
import { FAR_STEPS } from './zoom-levels';

describe('name-fit', () => {
  it('cuts a name only after _ - . / and spaces, and between camelCase humps', () => {
    expect(nameSegments('restoration_estimate')).toEqual(['restoration_', 'estimate']);
    expect(nameSegments('askForDate')).toEqual(['ask', 'For', 'Date']);
    expect(nameSegments('stage_000_001')).toEqual(['stage_', '000_', '001']);
    expect(nameSegments('a--b')).toEqual(['a--', 'b']);
    expect(nameSegments('HTTPServer')).toEqual(['HTTPServer']);
    expect(nameSegments('greet')).toEqual(['greet']);
    for (const name of ['outage_questions', 'collect-date of birth', 'camelCaseName2X']) expect(nameSegments(name).join('')).toBe(name);
  });

  it('counts lines wrapped only between pieces; a piece wider than a line does not fit', () => {
    expect(linesAt([3, 3, 3], 6)).toBe(2);
    expect(linesAt([3, 3, 3], 9)).toBe(1);
    expect(linesAt([3, 7], 6)).toBe(Infinity);
  });

  it('finds the largest font at which the whole name fits the box', () => {
    const box = { width: 230, height: 134, maxLines: 3, lineHeight: 1.15 };
    const fit = fitName('restoration_estimate', box);
    // Its widest piece fills the width, or its lines the height.
    expect(emWidth('restoration_') * fit.fontPx).toBeLessThanOrEqual(230);
    expect(fit.linesAt(fit.fontPx) * fit.fontPx * 1.15).toBeLessThanOrEqual(134);
    expect(fitName('restoration_estimate', box).fontPx).toBeGreaterThan(fitName('restoration_estimate_for_the_area', box).fontPx);
  });

  it('says how many lines of kind and instructions fit under the name at each far step', () => {
    const short = stageCardFit('greet', { entry: false, problems: false }, FAR_STEPS);
    const long = stageCardFit('confirm_caller_identity_details', { entry: true, problems: true }, FAR_STEPS);
    expect(short.rows).toHaveLength(FAR_STEPS.length);
    expect(short.rows[0]).toBeGreaterThanOrEqual(2);
    short.rows.forEach((rows, i) => expect(rows).toBeGreaterThanOrEqual(long.rows[i]));
    expect(long.far).toBeLessThan(short.far);
    expect(short.near).toBe(15);
  });
});
