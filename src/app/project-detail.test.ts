import { describe, expect, it } from 'vitest';
import { editedAgo, projectDetail } from './project-detail';
import { uniqueProjectName } from '../store/project-names';

const NOW = Date.UTC(2026, 11, 1, 12, 0);

describe('telling two projects of one name apart', () => {
  it('says the runtime, the stages and when it was edited', () => {
    expect(projectDetail({ id: 'a', name: 'Intake', updatedAt: NOW - 5 * 60_000, target: 'block-agent', stages: 4 }, NOW)).toBe('Block Agent · 4 stages · edited 5 min ago');
    expect(projectDetail({ id: 'b', name: 'Intake', updatedAt: NOW - 3 * 3_600_000, target: 'pinecall', stages: 1 }, NOW)).toBe('Pinecall · 1 stage · edited 3 h ago');
    // A summary saved before target and stages were kept: the time alone.
    expect(projectDetail({ id: 'c', name: 'Intake', updatedAt: NOW - 30_000 }, NOW)).toBe('edited just now');
  });

  it('reads old edits as yesterday, then as a date', () => {
    expect(editedAgo(NOW - 30 * 3_600_000, NOW)).toBe('edited yesterday');
    expect(editedAgo(Date.UTC(2026, 10, 20, 9), NOW)).toBe('edited 2026-11-20');
  });

  it('gives a new project with a taken name the first free (2), (3)…, without case', () => {
    expect(uniqueProjectName('Intake', [])).toBe('Intake');
    expect(uniqueProjectName('Intake', [{ name: 'intake' }])).toBe('Intake (2)');
    expect(uniqueProjectName('Intake', [{ name: 'Intake' }, { name: 'Intake (2)' }])).toBe('Intake (3)');
    expect(uniqueProjectName('Intake (2)', [{ name: 'Intake' }, { name: 'Intake (2)' }])).toBe('Intake (3)');
    expect(uniqueProjectName('Other', [{ name: 'Intake' }])).toBe('Other');
  });
});
