import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { lossesFor } from '../formats/losses';
import { importPinecallPython } from './pinecall/format';
import { createOfflineModel } from '../simulator/offline';
import { stepDeps } from './step-inputs';

const sample = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8')) as AgentDocument;
const python = readFileSync(new URL('../../test/fixtures/pinecall/goldens-python/minimal/agent.py', import.meta.url), 'utf8');

describe("a step's inputs, assembled once from the document's runtime", () => {
  const given = { model: createOfflineModel(), revision: 0 };

  it("offers a Python class's tools as the SDK builds them, and every other document's tools as written", () => {
    const read = importPinecallPython(python);
    if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('; '));
    const doc = read.doc;
    expect(doc.tools.length).toBeGreaterThan(0);
    const specs = stepDeps(doc, given).toolSpecs!(doc, doc.tools);
    expect(specs?.map((s) => s.name)).toEqual(doc.tools.map((t) => t.name));
    // The same agent in TypeScript, and a Block Agent one, offer their tools' own specs.
    const typescript = { ...doc, language: 'typescript' as const };
    expect(stepDeps(typescript, given).toolSpecs!(typescript, typescript.tools)).toBeUndefined();
    const blockAgent = { ...sample, target: 'block-agent' as const };
    expect(stepDeps(blockAgent, given).toolSpecs!(blockAgent, blockAgent.tools)).toBeUndefined();
  });

  it("gives the runtime's losses and a tool runner, and keeps what the caller gives", () => {
    const deps = stepDeps(sample, { ...given, revision: 7, budgetMs: 900 });
    expect(deps.losses).toBe(lossesFor);
    expect(typeof deps.runner.run).toBe('function');
    expect(deps).toMatchObject({ revision: 7, budgetMs: 900, model: given.model });
  });
});
