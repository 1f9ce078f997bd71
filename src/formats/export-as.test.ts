import { describe, expect, it } from 'vitest';
import { exportAs } from './export-as';
import { sampleAgent } from '../simulator/testing';

// Every download is named after the agent (issue 13: TS came down as agent.tsx, YAML as
// dental-intake.yaml). The project path stays Pinecall's agents/<slug>/agent.tsx.
describe('exportAs file names', () => {
  const doc = { ...sampleAgent(), name: 'Dental Intake' };

  it('names each format after the agent', () => {
    expect(exportAs(doc, 'yaml').fileName).toBe('dental-intake.yaml');
    expect(exportAs(doc, 'json').fileName).toBe('dental-intake.callboard.json');
    expect(exportAs(doc, 'openai').fileName).toBe('dental-intake.openai-tools.json');
  });

  it('saves a Pinecall class as .tsx when it uses JSX, and keeps its project path', () => {
    const ts = exportAs(doc, 'ts');
    expect(ts.text).toContain('<p>');
    expect(ts.fileName).toBe('dental-intake.tsx');
    expect(ts.path).toBe('agents/dental-intake/agent.tsx');
  });

  it('saves a class with no JSX in it as .ts', () => {
    const bare = { ...doc, stages: [], edges: [], blocks: [], entryStageId: null, tools: doc.tools.map((t) => ({ ...t, scope: { kind: 'all' as const } })) };
    const ts = exportAs(bare, 'ts');
    expect(ts.text).not.toMatch(/<p>|<>/);
    expect(ts.fileName).toBe('dental-intake.ts');
  });
});
