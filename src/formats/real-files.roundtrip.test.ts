// Issue 33's acceptance property, over files people write: every agent file of the repository
// (test/fixtures of both runtimes, the offline corpora, the examples, the New-agent templates, the
// sample) and files the exporters generate (from those documents and from random ones):
//   1. import → export is byte-identical;
//   2. import → one edit the document API offers → export differs from the file only inside the
//      edited member (a tool, a stage's turn or section), and every difference beyond it is a line
//      the export lists as normalised (the Export panel and the CLI show those as notes);
//   3. and the exported file says what the exporter's own text of the edited document says.
// FUZZ_RUNS=40 npx vitest run src/formats/real-files.roundtrip.test.ts tries more edits per file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { changedLines, freeParameters, inside, insertedInside } from './testing/line-changes';
import { describe, expect, it } from 'vitest';
import type { AgentDocument, JsonSchema, Target } from '../model';
import { updateEntity } from '../model/ops/update';
import { exportBlockAgentYaml } from '../runtimes/block-agent/format/export';
import { importBlockAgentYaml } from '../runtimes/block-agent/format/import';
import { normalizeForComparison as normalizeBlockAgent } from '../runtimes/block-agent/format/compare';
import { importJson } from './json';
import type { RewrittenLines } from './kept-source';
import { withoutKeptSources } from './kept-source';
import { exportPinecallTs } from '../runtimes/pinecall/format/export';
import { importPinecallTs } from '../runtimes/pinecall/format/import';
import { normalizeForComparison as normalizePinecall } from '../runtimes/pinecall/format/project';
import { documentArbitrary } from './testing/arbitraries';
import { blockAgentToolRanges, blockAgentTurnRanges, pinecallStageRanges, pinecallToolRanges, type LineRange } from './testing/member-ranges';

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Pipecat's flows have their own byte-for-byte and one-edit tests (pipecat/document.test.ts). */
type FileTarget = Exclude<Target, 'pipecat'>;

interface AgentFile {
  name: string;
  target: FileTarget;
  text: string;
}

const FORMAT = {
  pinecall: {
    import: (text: string) => importPinecallTs(text),
    export: (doc: AgentDocument) => exportPinecallTs(doc),
    normalize: normalizePinecall,
    toolRanges: pinecallToolRanges,
    stageRanges: (text: string, doc: AgentDocument, stageId: string) => pinecallStageRanges(text, doc.stages.find((s) => s.id === stageId)!.name),
  },
  'block-agent': {
    import: (text: string) => importBlockAgentYaml(text, { name: 'Agent' }),
    export: (doc: AgentDocument) => exportBlockAgentYaml(doc),
    normalize: normalizeBlockAgent,
    toolRanges: blockAgentToolRanges,
    stageRanges: (text: string, doc: AgentDocument, stageId: string) => blockAgentTurnRanges(text, doc.stages.find((s) => s.id === stageId)!.ref),
  },
} as const;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Files that are not whole agents on their own, each with why: helpers a class imports, files
 * that test import errors, a class whose base is another file of its folder.
 */
const NOT_AGENTS: Record<string, string> = {
  'test/fixtures/block-agent/fixtures.ts': 'test code',
  'test/fixtures/block-agent/problems-one-pass.yaml': 'holds import errors on purpose',
  'test/fixtures/pinecall/multi-file/agenda.ts': 'a helper file',
  'test/fixtures/pinecall/multi-file/agent.ts': 'its base class is another file of its folder (multi-file.test.ts)',
  'test/fixtures/pinecall/multi-file-package/agenda.ts': 'a helper file',
};

const relativePath = (path: string) => relative(ROOT, path).replace(/\\/g, '/');

/** Every agent file written by hand in the repository, as read from disk. */
function writtenFiles(): AgentFile[] {
  const dirs = ['test/fixtures/block-agent', 'test/fixtures/pinecall', 'test/fixtures/offline-corpus', 'test/fixtures/offline-corpus-blind'];
  return dirs.flatMap((dir) => walk(join(ROOT, dir)))
    .map(relativePath)
    .filter((path) => /\.(tsx?|ya?ml)$/.test(path) && !path.includes('/syntax-errors/') && !(path in NOT_AGENTS))
    .sort()
    .map((path) => ({ name: path, target: /\.ya?ml$/.test(path) ? 'block-agent' : 'pinecall', text: readFileSync(join(ROOT, path), 'utf8') }));
}

/** The saved documents (JSON) of the repository: the sample, the examples, the templates, the fixtures. */
function savedDocuments(): { name: string; doc: AgentDocument }[] {
  const dirs = ['public/examples', 'test/fixtures/block-agent', 'test/fixtures/pinecall', 'test/fixtures/offline-corpus'];
  return dirs.flatMap((dir) => readdirSync(join(ROOT, dir)).map((f) => `${dir}/${f}`))
    .filter((path) => path.endsWith('.json') && !path.endsWith('.script.json'))
    .sort()
    .map((path) => {
      const read = importJson(readFileSync(join(ROOT, path), 'utf8'));
      if (!read.ok) throw new Error(`${path}: ${JSON.stringify(read.errors)}`);
      return { name: path, doc: read.doc };
    });
}

/** What the exporters write for the saved documents, in both runtimes' formats. */
function generatedFiles(): AgentFile[] {
  return savedDocuments().flatMap(({ name, doc }) => (['pinecall', 'block-agent'] as const).map((target) => ({
    name: `${name} as ${target}`, target, text: FORMAT[target].export(withoutKeptSources({ ...doc, target })).text,
  })));
}

function imported(file: AgentFile): AgentDocument {
  const read = FORMAT[file.target].import(file.text);
  if (!read.ok) throw new Error(`${file.name} does not import: ${JSON.stringify(read.errors).slice(0, 500)}`);
  return read.doc;
}

// --- Edits the document API offers ---------------------------------------------------------------

interface Edit {
  describe: string;
  doc: AgentDocument;
  /** The edited member's lines in the original file. */
  member: (text: string) => LineRange[];
}

type EditMaker = (doc: AgentDocument, target: FileTarget, pick: number, words: string) => Edit | undefined;

const functionTools = (doc: AgentDocument) => doc.tools.filter((t) => t.kind === 'function');
const edited = (outcome: { ok: boolean; doc: AgentDocument }) => {
  expect(outcome.ok).toBe(true);
  return outcome.doc;
};

const EDITS: Record<string, EditMaker> = {
  'a tool description': (doc, target, pick, words) => {
    const tools = functionTools(doc);
    if (tools.length === 0) return undefined;
    const tool = tools[pick % tools.length];
    return {
      describe: `the description of ${tool.name}`,
      doc: edited(updateEntity(doc, 'tool', tool.id, { description: `${tool.description} ${words}` })),
      member: (text) => FORMAT[target].toolRanges(text, tool.name),
    };
  },
  "a stage's instructions": (doc, target, pick, words) => {
    const stages = doc.stages.filter((s) => s.instructions.trim() !== '');
    if (stages.length === 0) return undefined;
    const stage = stages[pick % stages.length];
    return {
      describe: `the instructions of ${stage.name}`,
      doc: edited(updateEntity(doc, 'stage', stage.id, { instructions: `${stage.instructions.trimEnd()} ${words}` })),
      member: (text) => FORMAT[target].stageRanges(text, doc, stage.id),
    };
  },
  'a parameter added': (doc, target, pick, words) => {
    const tools = functionTools(doc);
    if (tools.length === 0) return undefined;
    const tool = tools[pick % tools.length];
    const properties = { ...tool.parameters.properties, extra_note: { type: 'string', description: words } } as Record<string, JsonSchema>;
    return {
      describe: `a parameter added to ${tool.name}`,
      doc: edited(updateEntity(doc, 'tool', tool.id, { parameters: { ...tool.parameters, properties } })),
      member: (text) => FORMAT[target].toolRanges(text, tool.name),
    };
  },
  'a parameter removed': (doc, target, pick) => {
    const tools = functionTools(doc).filter((t) => freeParameters(doc, t.id, t.parameters).length > 0);
    if (tools.length === 0) return undefined;
    const tool = tools[pick % tools.length];
    const free = freeParameters(doc, tool.id, tool.parameters);
    const gone = free[pick % free.length];
    const { [gone]: _gone, ...properties } = tool.parameters.properties ?? {};
    const required = tool.parameters.required?.filter((r) => r !== gone);
    return {
      describe: `parameter ${gone} removed from ${tool.name}`,
      doc: edited(updateEntity(doc, 'tool', tool.id, {
        parameters: { ...tool.parameters, properties, ...(required ? { required } : {}) },
        pii: tool.pii.filter((p) => p !== gone),
      })),
      member: (text) => FORMAT[target].toolRanges(text, tool.name),
    };
  },
};


const sourceRanges = (normalised: RewrittenLines[]): LineRange[] => normalised.map((n) => ({ line: n.sourceLine, endLine: Math.max(n.sourceLine, n.sourceEndLine) }));

/** What a document says, without ids and what formats keep for their own layout. */
const meaning = (doc: AgentDocument, target: FileTarget) => {
  const { preserved: _preserved, ...rest } = FORMAT[target].normalize(doc);
  return rest;
};

/** A file written whole in the exporter's layout lists every line as normalised: true, but no merge at all. */
const writtenWhole = (notes: string[]) => notes.filter((n) => /written whole/.test(n));

/**
 * `mayWriteWhole`: the export may give up merging and write the whole file in its layout, saying
 * so (every line listed). Only for random documents, whose files Callboard wrote itself; a file
 * of the repository must take the edit merged.
 */
function checkEdit(file: AgentFile, edit: Edit, mayWriteWhole = false): void {
  const format = FORMAT[file.target];
  const out = format.export(edit.doc);
  const where = `${file.name}, ${edit.describe}`;
  if (!mayWriteWhole) expect(writtenWhole(out.notes), `${where}: the edit is merged into the file`).toEqual([]);
  const members = edit.member(file.text);
  expect(members.length, `${where}: the member is found in the file`).toBeGreaterThan(0);
  const listed = sourceRanges(out.normalised);
  const { removed, insertedBefore } = changedLines(file.text, out.text);
  const outside = [
    ...removed.filter((l) => !inside(l, members) && !inside(l, listed)).map((l) => `line ${l} changed: ${JSON.stringify(file.text.split('\n')[l - 1])}`),
    ...insertedBefore.filter((l) => !insertedInside(l, members) && !insertedInside(l, listed)).map((l) => `lines inserted before line ${l}`),
  ];
  expect(outside, `${where}: differences outside the edited member (lines ${members.map((m) => `${m.line}-${m.endLine}`).join(', ')}) that no normalisation lists`).toEqual([]);
  expect(removed.length + insertedBefore.length, `${where}: the edit shows in the file`).toBeGreaterThan(0);
  // The merged file says what the exporter's own text of the edited document says.
  const back = format.import(out.text);
  const own = format.import(format.export(withoutKeptSources(edit.doc)).text);
  if (!back.ok || !own.ok) throw new Error(`${where}: the export does not import: ${JSON.stringify(back.ok ? (own as { errors: unknown }).errors : back.errors).slice(0, 500)}`);
  expect(meaning(back.doc, file.target), `${where}: the merged file reads as the exporter's own text of the edit`).toEqual(meaning(own.doc, file.target));
}

const WORDS = fc.constantFrom('Say it twice.', 'Ask again — politely.', 'Check the «date».', "Don't guess.");

/** The file as imported and exported: the same bytes, but for the lines the export lists as normalised. */
function checkUnchanged(file: AgentFile, doc: AgentDocument): void {
  const out = FORMAT[file.target].export(doc);
  expect(writtenWhole(out.notes), `${file.name}: the file is kept`).toEqual([]);
  if (out.normalised.length === 0) {
    expect(out.text, `${file.name}: import → export is byte-identical`).toBe(file.text);
    return;
  }
  const listed = sourceRanges(out.normalised);
  const { removed, insertedBefore } = changedLines(file.text, out.text);
  expect([...removed.filter((l) => !inside(l, listed)), ...insertedBefore.filter((l) => !insertedInside(l, listed))], `${file.name}: import → export changes only the lines it lists`).toEqual([]);
}

function propertyFor(file: AgentFile) {
  const doc = imported(file);
  checkUnchanged(file, doc);
  // A file with nothing these edits change (no tool, no instructions) is held to the first property only.
  if (Object.values(EDITS).every((make) => [0, 1, 2].every((pick) => make(doc, file.target, pick, 'x') === undefined))) return;
  fc.assert(fc.property(fc.constantFrom(...Object.keys(EDITS)), fc.nat({ max: 50 }), WORDS, (kind, pick, words) => {
    const edit = EDITS[kind](doc, file.target, pick, words);
    fc.pre(edit !== undefined);
    checkEdit(file, edit!);
  }), { numRuns: RUNS, seed: 33, endOnFailure: true });
}

describe('files written by hand: import → export is byte-identical, and one edit changes only its member', () => {
  it.each(writtenFiles().map((f) => [f.name, f] as const))('%s', (_name, file) => {
    propertyFor(file);
  }, 60_000);
});

describe('files the exporters write: the same', () => {
  it.each(generatedFiles().map((f) => [f.name, f] as const))('%s', (_name, file) => {
    propertyFor(file);
  }, 60_000);

  it.each(['pinecall', 'block-agent'] as const)('random documents, written as %s', (target) => {
    fc.assert(fc.property(documentArbitrary(target), fc.constantFrom(...Object.keys(EDITS)), fc.nat({ max: 50 }), WORDS, (doc, kind, pick, words) => {
      const file: AgentFile = { name: `a random ${target} document`, target, text: FORMAT[target].export(doc).text };
      const read = imported(file);
      expect(FORMAT[target].export(read).text, 'import → export is byte-identical').toBe(file.text);
      const edit = EDITS[kind](read, target, pick, words);
      fc.pre(edit !== undefined);
      checkEdit(file, edit!, true);
    }), { numRuns: RUNS * 4, seed: 33 });
  }, 120_000);
});
