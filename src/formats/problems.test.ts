import { TARGET_LABEL } from '../model';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { LOSS_RULE, lint, type AgentDocument, type Target } from '../model';
import { TARGETS } from '../runtimes';
import { lossesFor } from './losses';
import { problemsOf } from './problems';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
const withTarget = (doc: AgentDocument, target: Target) => ({ ...structuredClone(doc), target });

describe('problemsOf', () => {
  it.each(TARGETS)('appends one info note per loss of the target (%s)', (target) => {
    const doc = withTarget(sample, target);
    const notes = problemsOf(doc).filter((p) => p.rule === LOSS_RULE);
    const losses = lossesFor(doc, target);
    expect(notes.map((p) => [p.path, p.severity, p.message])).toEqual(losses.map((l) => [l.path, 'info', l.message]));
    const label = TARGET_LABEL[target];
    for (const note of notes) expect(note.message).toMatch(new RegExp(`^.+ is not expressed in ${label}: .+`));
  });

  it.each(TARGETS)('lists the rules\' problems first, exactly as lint gives them (%s)', (target) => {
    const doc = withTarget(sample, target);
    doc.tools[0].name = 'bad name';
    const rules = lint(doc);
    expect(rules.length).toBeGreaterThan(0);
    expect(problemsOf(doc).slice(0, rules.length)).toEqual(rules);
  });
});
