// One home per runtime (issue 35): outside a runtime's own folders, no code asks "is this agent
// Pipecat?" — it reads the runtime's record (runtimes/<runtime>.ts, formats/runtime-formats.ts,
// each engine's skips.ts) instead. Read from the syntax tree (TypeScript's parser), so comments and
// prose that name a runtime do not count, and a comparison written any way does: `===`, `!==`,
// `case`, or a ternary that picks a target by some other test.
//
// Pipecat, the runtime added last, is held to none. Pinecall and Block Agent were written before the
// records existed; what they still compare outside their homes is listed below as debt, file by
// file, and may only shrink (a file not listed, or a count above its line, fails).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TARGETS, type Target } from '../src/model';
import { RUNTIME_FORMATS } from '../src/formats/runtime-formats';
import { RUNTIME_FACTS } from '../src/runtimes/facts';
import { ENGINES } from '../src/simulator/engines';

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
  'src/model/generated/agent.ts', // the schema's Target
  'src/model/generated/agent-validator.ts',
  'src/model/runtime-traits.ts', // RUNTIME_TRAITS: each runtime's name and the traits the ground floor reads
  'src/model/loss.ts', // TARGET_LABEL and TARGETS, made from RUNTIME_TRAITS
  'src/model/lint/rules.ts', // each rule's severity per runtime
  'src/formats/runtime-formats.ts', // each runtime's file format, exporter, oracle
  'src/formats/losses.ts', // each runtime's losses (light: lint runs on first paint)
  'src/simulator/engines.ts', // each runtime's step engine
  'src/runtimes/facts.ts',
  'src/runtimes/index.ts',
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

/** For the README's measures: the comparisons left, by runtime. */
export const debtTotal = () => Object.values(DEBT).reduce((a, b) => a + b, 0);
export { relative };
