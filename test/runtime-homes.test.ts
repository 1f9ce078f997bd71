// One home per runtime (issue 35): outside a runtime's own folders, no code asks "is this agent
// Pipecat?" — it reads the runtime's record (runtimes/<runtime>.ts, formats/runtime-formats.ts,
// each engine's skips.ts) instead. Read from the syntax tree (TypeScript's parser), so comments and
// prose that name a runtime do not count, and a comparison written any way does: `===`, `!==`,
// `case`, or a ternary that picks a target by some other test.
//
// Pipecat, the runtime added last, is held to none. Pinecall and Block Agent were written before the
// records existed; what they still compare outside their homes is listed below as debt, file by
// file, and may only shrink (a file not listed, or a count above its line, fails).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TARGETS, type Target } from '../src/model';
import { RUNTIME_FORMATS } from '../src/formats/runtime-formats';
import { RUNTIME_FACTS } from '../src/runtimes/facts';
import { ENGINES } from '../src/simulator/runtime-homes';
import { generateRuntimeHomes, HOME_PARTS } from '../scripts/gen-runtime-homes.mjs';
import { RUNTIME_FILE_KINDS } from '../src/formats/runtime-homes';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Everything that is a runtime's own: its home (format, engine, facts, kept data). */
const HOMES: Record<Target, string[]> = {
  // (A class's code, read and run in the sandbox, is the engine kit of a runtime whose agent is a class.)
  pinecall: ['src/runtimes/pinecall/', 'src/simulator/class-code/'],
  'block-agent': ['src/runtimes/block-agent/'],
  pipecat: ['src/runtimes/pipecat/'],
};

/**
 * Where every runtime has its line: a table keyed by target, which the compiler makes complete.
 * A runtime's name may stand here (as a key or a value), never in a comparison.
 */
const REGISTRIES = [
  'src/model/generated/agent.ts', // the schema's Target: the one line a runtime adds
  'src/model/generated/agent-validator.ts',
  // Written from the schema's Target by scripts/gen-runtime-homes.mjs, one per floor:
  'src/model/runtime-homes.ts', // RUNTIME_TRAITS: each runtime's name, traits and lint profile
  'src/formats/runtime-homes.ts', // LOSSES and RUNTIME_FORMATS: each runtime's losses, file format, exporter, oracle
  'src/simulator/runtime-homes.ts', // ENGINES: each runtime's step engine
  'src/runtimes/runtime-homes.ts', // RUNTIME_FACTS
];

/**
 * Comparisons with Pinecall's and Block Agent's names outside their homes, by file: what is left of
 * the time before the records. Each line may only go down; remove a line when its file reaches 0.
 */
const DEBT: Record<string, number> = {
  // Paid: the lint rules, the round-trip oracle and the model view ask the runtime's traits
  // (model/runtime-traits.ts), not its name.
};

/** Test support reaches any floor on purpose (the floors' own TEST_SUPPORT, .dependency-cruiser.cjs). */
const isTestSupport = (path: string) =>
  /\.test\.tsx?$/.test(path) || /\/testing\.ts$/.test(path) || path.startsWith('src/formats/testing/') ||
  /^src\/simulator\/offline\/(conversation-testing|corpus-harness)\.ts$/.test(path) || path === 'src/model/lint/rule-cases.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !isTestSupport(path) ? [path] : [];
  });
}

export interface Mention {
  target: Target;
  line: number;
  /** A comparison (`===`, `!==`, `case`, a ternary's branch); otherwise a key or a value. */
  compares: boolean;
}

const COMPARE = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

/** Every place `text` names a runtime in code: a string literal that is a target, or a property key that is one. */
export function mentions(text: string, fileName = 'file.tsx'): Mention[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Mention[] = [];
  const isTarget = (s: string): s is Target => (TARGETS as readonly string[]).includes(s);
  const visit = (node: ts.Node): void => {
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    const key = (ts.isIdentifier(node) || literal) && node.parent && (ts.isPropertyAssignment(node.parent) || ts.isPropertySignature(node.parent) || ts.isParameter(node.parent)) && node.parent.name === node;
    const name = literal ? node.text : ts.isIdentifier(node) ? node.text : undefined;
    if (name !== undefined && (literal || key) && isTarget(name)) {
      const p = node.parent;
      const compares = !key && (
        (ts.isBinaryExpression(p) && COMPARE.has(p.operatorToken.kind)) || ts.isCaseClause(p) ||
        (ts.isConditionalExpression(p) && p.condition !== node)
      );
      out.push({ target: name, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, compares });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const outsideHome = (path: string, target: Target) => !HOMES[target].some((home) => (home.endsWith('/') ? path.startsWith(home) : path === home));
// The schema's generated validator compares the document's own keys; it is the schema, not code of ours.
const files = sourceFiles('src').filter((path) => !path.startsWith('src/model/generated/'));
const found = files.map((path) => ({ path, mentions: mentions(readFileSync(join(root, path), 'utf8'), path).filter((m) => outsideHome(path, m.target)) }));

describe('one home per runtime', () => {
  it('the reader finds a comparison written any way, and a key or a value as no comparison', () => {
    const compared = (text: string) => mentions(text).filter((m) => m.compares).map((m) => m.target);
    expect(compared("if (doc.target === 'pipecat') go();")).toEqual(['pipecat']);
    expect(compared("const x = 'block-agent' !== doc.target;")).toEqual(['block-agent']);
    expect(compared("switch (t) { case 'pinecall': break; }")).toEqual(['pinecall']);
    expect(compared("const t = format === 'flow' ? 'pipecat' : undefined;")).toEqual(['pipecat']);
    expect(compared("// if (doc.target === 'pipecat')\nconst label = 'Pipecat flows';")).toEqual([]);
    expect(mentions("const LABEL = { pipecat: 'Pipecat Flows', 'block-agent': 'Block Agent' }; const r = { target: 'pipecat' };").map((m) => [m.target, m.compares]))
      .toEqual([['pipecat', false], ['block-agent', false], ['pipecat', false]]);
  });

  it('outside its home, nothing compares a target with Pipecat', () => {
    const compares = found.flatMap(({ path, mentions: ms }) => ms.filter((m) => m.target === 'pipecat' && m.compares).map((m) => `${path}:${m.line}`));
    expect(compares).toEqual([]);
    expect(files.length).toBeGreaterThan(300);
  });

  it('outside its home, Pipecat is named only in the registries, where every runtime has its line', () => {
    const named = found.flatMap(({ path, mentions: ms }) => (ms.some((m) => m.target === 'pipecat') && !REGISTRIES.includes(path) ? [path] : []));
    expect(named).toEqual([]);
  });

  it('Pinecall and Block Agent compare outside their homes no more than their listed debt', () => {
    const now = Object.fromEntries(found.flatMap(({ path, mentions: ms }) => {
      const n = ms.filter((m) => m.target !== 'pipecat' && m.compares).length;
      return n ? [[path, n]] : [];
    }));
    const grown = Object.entries(now).filter(([path, n]) => n > (DEBT[path] ?? 0)).map(([path, n]) => `${path}: ${n} (listed ${DEBT[path] ?? 0})`);
    expect(grown, 'a comparison with a runtime\'s name outside its home: read the runtime\'s record instead').toEqual([]);
    const paid = Object.entries(DEBT).filter(([path, n]) => (now[path] ?? 0) < n).map(([path, n]) => `${path}: ${now[path] ?? 0} (listed ${n})`);
    expect(paid, 'lower the debt line to what is left').toEqual([]);
  });

  it("outside its home, nothing compares a format with a runtime's kind of file: it asks the kind (formats/file-kind.ts)", () => {
    const kinds = new Set<string>(RUNTIME_FILE_KINDS.map((k) => k.format));
    const compared = (text: string, fileName: string) => {
      const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const out: number[] = [];
      const visit = (node: ts.Node): void => {
        if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && kinds.has(node.text)) {
          const p = node.parent;
          if ((ts.isBinaryExpression(p) && COMPARE.has(p.operatorToken.kind)) || ts.isCaseClause(p)) out.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return out;
    };
    expect(compared("if (format === 'flow' || x) go(); switch (f) { case 'py': }", 'a.ts')).toEqual([1, 1]);
    const outside = files.filter((path) => !path.startsWith('src/runtimes/'));
    expect(outside.flatMap((path) => compared(readFileSync(join(root, path), 'utf8'), path).map((line) => `${path}:${line}`))).toEqual([]);
  });

  it('every runtime has one record of facts and one format, and each file format belongs to one runtime', () => {
    expect(RUNTIME_FACTS.map((r) => r.target)).toEqual([...TARGETS]);
    expect(Object.keys(RUNTIME_FORMATS).sort()).toEqual([...TARGETS].sort());
    const read = Object.values(RUNTIME_FORMATS).flatMap((r) => r.readFrom);
    expect(new Set(read).size).toBe(read.length);
    for (const r of Object.values(RUNTIME_FORMATS)) expect(r.readFrom).toContain(r.fileFormat);
    // The light facts and the format agree on the file a runtime is written as.
    for (const facts of RUNTIME_FACTS) expect(facts.fileFormat).toBe(RUNTIME_FORMATS[facts.target].fileFormat);
    // …and the facts and the engine on whether a wait stage is answered.
    for (const facts of RUNTIME_FACTS) expect(facts.answersWaits).toBe(ENGINES[facts.target].answersWaits);
  });
});

/**
 * A copy of what the script reads (the schema, and each home's parts) in a folder of its own, with
 * `targets` as the schema's Target and `homes` as the runtimes' folders, each given the parts of
 * Pipecat's home when it has none of its own.
 */
function scratchRoot(targets: string[], homes: string[], without: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-homes-'));
  const schema = JSON.parse(readFileSync(join(root, 'src/model/agent.schema.json'), 'utf8'));
  schema.$defs.Target.enum = targets;
  mkdirSync(join(dir, 'src/model'), { recursive: true });
  writeFileSync(join(dir, 'src/model/agent.schema.json'), JSON.stringify(schema));
  for (const home of homes) {
    const from = (TARGETS as readonly string[]).includes(home) ? home : 'pipecat';
    for (const part of HOME_PARTS) {
      if (without.includes(`${home}/${part.file}`)) continue;
      const to = join(dir, 'src/runtimes', home, part.file);
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(root, 'src/runtimes', from, part.file), to);
      // A new runtime's kind of file is its own (two kinds of one name are refused).
      if (from !== home && part.file === 'format/files.ts') writeFileSync(to, readFileSync(to, 'utf8').replace(/format: 'flow'/g, `format: '${home.replace(/-/g, '')}'`));
    }
  }
  return dir;
}

describe('adding a runtime is its home and one line: its name in the schema\'s Target', () => {
  it("each floor's table of the runtimes is what the script writes from the schema (run `npm run gen:types` when it is not)", () => {
    const { files, problems } = generateRuntimeHomes(root);
    expect(problems).toEqual([]);
    expect(Object.keys(files).sort()).toEqual(['src/formats/file-format-names.ts', 'src/formats/runtime-homes.ts', 'src/model/runtime-homes.ts', 'src/runtimes/runtime-homes.ts', 'src/simulator/runtime-homes.ts']);
    for (const [path, text] of Object.entries(files)) expect(readFileSync(join(root, path), 'utf8'), `${path} is not what npm run gen:types writes`).toBe(text);
    // Every home is one the schema names, and every name has its home.
    const homes = readdirSync(join(root, 'src/runtimes')).filter((name) => statSync(join(root, 'src/runtimes', name)).isDirectory());
    expect(homes.sort()).toEqual([...TARGETS].sort());
  });

  it('a fourth runtime, its home and its name in the schema, gets its line in every table', () => {
    const dir = scratchRoot([...TARGETS, 'voice-xml'], [...TARGETS, 'voice-xml']);
    try {
      const { files, problems } = generateRuntimeHomes(dir);
      expect(problems).toEqual([]);
      expect(files['src/model/runtime-homes.ts']).toContain("import { traits as voiceXml } from '../runtimes/voice-xml/traits';");
      expect(files['src/model/runtime-homes.ts']).toContain("  'voice-xml': voiceXml,\n};");
      expect(files['src/formats/runtime-homes.ts']).toContain("import { losses as voiceXmlLosses, toolSpecs as voiceXmlToolSpecs, format as voiceXmlFormat, files as voiceXmlFiles } from '../runtimes/voice-xml/format';");
      expect(files['src/formats/runtime-homes.ts']).toContain("  'voice-xml': voiceXmlLosses,");
      expect(files['src/formats/runtime-homes.ts']).toContain("  'voice-xml': voiceXmlFormat,");
      expect(files['src/simulator/runtime-homes.ts']).toContain("import { engine as voiceXml } from '../runtimes/voice-xml/engine';");
      expect(files['src/runtimes/runtime-homes.ts']).toMatch(/ {2}pipecat,\n {2}voiceXml,\n\];/);
      expect(files['src/formats/runtime-homes.ts']).toContain('  ...voiceXmlFiles,\n];');
      // Its kind of file joins the file formats every reader and writer asks about.
      expect(files['src/formats/file-format-names.ts']).toMatch(/export type FileFormat = 'json' \| .*'flow' \| 'voicexml';/);
      // The same script on the real three writes exactly the tables checked in: the fourth only adds.
      const three = generateRuntimeHomes(root).files;
      for (const [path, text] of Object.entries(files)) {
        const added = text.split('\n').filter((line) => !three[path].split('\n').includes(line));
        expect(added.every((line) => /voice-?xml/i.test(line)), `${path} changed more than the new runtime's lines: ${added.join(' | ')}`).toBe(true);
        expect(added.length, `${path} has no line for the new runtime`).toBeGreaterThan(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names, in one pass, every part a home lacks and a home the schema does not name', () => {
    const dir = scratchRoot([...TARGETS, 'voice-xml'], [...TARGETS, 'voice-xml', 'stray'], ['voice-xml/traits.ts', 'voice-xml/engine/index.ts']);
    try {
      writeFileSync(join(dir, 'src/runtimes/voice-xml/facts.ts'), 'export const FACTS = {};\n');
      const { problems } = generateRuntimeHomes(dir);
      expect(problems).toHaveLength(4);
      expect(problems[0]).toMatch(/^src\/runtimes\/voice-xml\/traits\.ts: missing\. .*export const traits: RuntimeTraits/);
      expect(problems[1]).toMatch(/^src\/runtimes\/voice-xml\/engine\/index\.ts: missing\. .*as engine/);
      expect(problems[2]).toMatch(/^src\/runtimes\/voice-xml\/facts\.ts: exports no `facts`\. Write export const facts: RuntimeFacts/);
      expect(problems[3]).toMatch(/^src\/runtimes\/stray\/: a runtime's home the schema does not name\. Add "stray" to Target's enum in src\/model\/agent\.schema\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** For the README's measures: the comparisons left, by runtime. */
export const debtTotal = () => Object.values(DEBT).reduce((a, b) => a + b, 0);
export { relative };
