// Issue 33's round-trip property on Pinecall classes in Python (real-files.roundtrip.test.ts holds
// TypeScript and YAML): every Python class of the repository written by hand or by the exporter
// (the goldens, the app's folder fixture, the tuned part of the blind corpus; its held-out part is
// kept for measuring the importer and is not used here) — import → export is byte-identical, and
// one tool edit (its description, a parameter added or removed) changes the class file only inside
// that tool's method (with the TypedDicts its signature names and the `typing` import line, which
// the exporter writes from the tools' types), or lines the export lists as normalised; the merged
// file reads as the exporter's own text of the edited document does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { changedLines, freeParameters, inside, insertedInside } from '../../../../formats/testing/line-changes';
import { pythonToolRanges } from '../../../../formats/testing/member-ranges';
import { describe, expect, it } from 'vitest';
import type { AgentDocument, JsonSchema } from '../../../../model';
import { updateEntity } from '../../../../model/ops/update';
import { withoutKeptSources } from '../../../../formats/kept-source';
import { normalizeForComparison } from '../project';
import { exportPinecallPython } from './export';
import { importPinecallPython } from './import';

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const DIRS = ['test/fixtures/pinecall/goldens-python', 'test/fixtures/pinecall/python-folder', 'test/fixtures/pinecall/python-corpus/tuned'];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Every class the SDK loads (a refused one has nothing to round-trip) and imports. */
function classFiles(): { name: string; text: string; doc: AgentDocument }[] {
  return DIRS.flatMap((dir) => walk(join(ROOT, dir)))
    .filter((path) => path.endsWith('agent.py'))
    .sort()
    .flatMap((path) => {
      const read = importPinecallPython(readFileSync(path, 'utf8'));
      return read.ok ? [{ name: relative(ROOT, path), text: readFileSync(path, 'utf8'), doc: read.doc }] : [];
    });
}

const functionTools = (doc: AgentDocument) => doc.tools.filter((t) => t.kind === 'function');
const edited = (outcome: { ok: boolean; doc: AgentDocument }) => {
  expect(outcome.ok).toBe(true);
  return outcome.doc;
};

type Edit = { describe: string; tool: string; doc: AgentDocument };
const EDITS: Record<string, (doc: AgentDocument, pick: number, words: string) => Edit | undefined> = {
  'a tool description': (doc, pick, words) => {
    const tools = functionTools(doc);
    if (!tools.length) return undefined;
    const tool = tools[pick % tools.length];
    return { describe: `the description of ${tool.name}`, tool: tool.name, doc: edited(updateEntity(doc, 'tool', tool.id, { description: `${tool.description} ${words}` })) };
  },
  'a parameter added': (doc, pick, words) => {
    const tools = functionTools(doc);
    if (!tools.length) return undefined;
    const tool = tools[pick % tools.length];
    const properties = { ...tool.parameters.properties, extra_note: { type: 'string', description: words } } as Record<string, JsonSchema>;
    return { describe: `a parameter added to ${tool.name}`, tool: tool.name, doc: edited(updateEntity(doc, 'tool', tool.id, { parameters: { ...tool.parameters, properties } })) };
  },
  'a parameter removed': (doc, pick) => {
    const tools = functionTools(doc).filter((t) => freeParameters(doc, t.id, t.parameters).length > 0);
    if (!tools.length) return undefined;
    const tool = tools[pick % tools.length];
    const free = freeParameters(doc, tool.id, tool.parameters);
    const gone = free[pick % free.length];
    const { [gone]: _gone, ...properties } = tool.parameters.properties ?? {};
    const required = tool.parameters.required?.filter((r) => r !== gone);
    return {
      describe: `parameter ${gone} removed from ${tool.name}`, tool: tool.name,
      doc: edited(updateEntity(doc, 'tool', tool.id, { parameters: { ...tool.parameters, properties, ...(required ? { required } : {}) }, pii: tool.pii.filter((p) => p !== gone) })),
    };
  },
};

const meaning = (doc: AgentDocument) => {
  const { preserved: _preserved, ...rest } = normalizeForComparison(doc);
  return rest;
};

describe('Pinecall classes in Python: import → export is byte-identical, and one tool edit changes only its method', () => {
  it.each(classFiles().map((f) => [f.name, f] as const))('%s', (_name, file) => {
    const unchanged = exportPinecallPython(file.doc);
    expect(unchanged.text, 'import → export is byte-identical').toBe(file.text);
    expect(unchanged.notes).toEqual([]);
    fc.assert(fc.property(fc.constantFrom(...Object.keys(EDITS)), fc.nat({ max: 50 }), fc.constantFrom('Say it twice.', "Don't guess."), (kind, pick, words) => {
      const edit = EDITS[kind](file.doc, pick, words);
      fc.pre(edit !== undefined);
      const where = `${file.name}, ${edit!.describe}`;
      const out = exportPinecallPython(edit!.doc);
      expect(out.notes.filter((n) => /written whole/.test(n)), `${where}: the edit is merged into the file`).toEqual([]);
      const members = pythonToolRanges(file.text, edit!.tool);
      expect(members.length, `${where}: the method is found`).toBeGreaterThan(0);
      const listed = out.normalised.map((n) => ({ line: n.sourceLine, endLine: Math.max(n.sourceLine, n.sourceEndLine) }));
      const { removed, insertedBefore } = changedLines(file.text, out.text);
      const outside = [
        ...removed.filter((l) => !inside(l, members) && !inside(l, listed)).map((l) => `line ${l} changed: ${JSON.stringify(file.text.split('\n')[l - 1])}`),
        ...insertedBefore.filter((l) => !insertedInside(l, members) && !insertedInside(l, listed)).map((l) => `lines inserted before line ${l}`),
      ];
      expect(outside, `${where}: differences outside the edited method that no normalisation lists`).toEqual([]);
      expect(removed.length + insertedBefore.length, `${where}: the edit shows in the file`).toBeGreaterThan(0);
      const back = importPinecallPython(out.text);
      const own = importPinecallPython(exportPinecallPython(withoutKeptSources(edit!.doc)).text);
      if (!back.ok || !own.ok) throw new Error(`${where}: the export does not import`);
      expect(meaning(back.doc), `${where}: the merged file reads as the exporter's own text of the edit`).toEqual(meaning(own.doc));
    }), { numRuns: RUNS, seed: 33, endOnFailure: true });
  }, 60_000);
});
