// An agent with its conversation tests as files (issue 6): the agent file in its format, and one
// `tests/<name>.golden.json` per test beside it, as Pinecall keeps its goldens. A JSON save carries
// its tests inside the document, so its bundle is the one file. Pure: files in, files out; the CLI
// reads and writes them, the app zips or downloads them.
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { assertWithinDepth, emptyDocument, validateDocument, type AgentDocument, type ConversationTest, type Target } from '../model';
import { importAny } from './import-any';
import { exportJson, syntaxErrorOffset } from './json';
import { jsonDepthError } from './json-depth';
import { RUNTIME_FORMATS } from './runtime-formats';
import { sourceFilesOf } from '../runtimes/pinecall/format';
import { positionAt } from '../model/text-position';
import { slugOf } from '../model/names';

export type BundleFormat = Target | 'json';

export interface BundleFile {
  /** Relative, with `/` separators. */
  path: string;
  text: string;
}

/** A problem with one file of a bundle: where (1-based line and column when known) and what to do. */
export interface BundleProblem {
  /** An error leaves the file (or the whole bundle) out; a warning only says what was assumed. */
  severity: 'error' | 'warning';
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export type BundleImport = { ok: true; doc: AgentDocument; problems: BundleProblem[] } | { ok: false; problems: BundleProblem[] };

export const GOLDEN_SUFFIX = '.golden.json';
export const isGoldenPath = (path: string): boolean => path.endsWith(GOLDEN_SUFFIX);

/** A golden's text: the test as JSON, 2-space indented, with a trailing newline. */
export const goldenText = (test: ConversationTest): string => JSON.stringify(test, null, 2) + '\n';

/** The goldens of `doc`, under `<dir>/tests/` (dir '' for beside a file at the root). */
export function goldenFiles(doc: AgentDocument, dir: string): BundleFile[] {
  const prefix = dir ? `${dir.replace(/\/+$/, '')}/tests/` : 'tests/';
  return (doc.tests ?? []).map((test) => ({ path: `${prefix}${test.name}${GOLDEN_SUFFIX}`, text: goldenText(test) }));
}

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** The agent file and one golden per test. Losses of the format are the exporters' own (lossesFor). */
export function exportBundle(doc: AgentDocument, format: BundleFormat): BundleFile[] {
  // The tests are written as goldens below, outside the agent's exporter: checked here with the rest.
  assertWithinDepth(doc);
  const slug = slugOf(doc.name);
  if (format === 'json') return [{ path: `${slug}.callboard.json`, text: exportJson(doc) }];
  // The tests go beside the agent file, not inside it: neither format has a place for them.
  const agent = { ...doc };
  delete agent.tests;
  const file = RUNTIME_FORMATS[format].exportFile(agent);
  const dir = dirOf(file.path);
  // What goes beside the agent file (a flow's handlers.py, where its tools' schemas live) goes in too.
  const beside = (file.beside ?? []).map((f) => ({ path: dir ? `${dir}/${f.path}` : f.path, text: f.text }));
  return [{ path: file.path, text: file.text }, ...beside, ...goldenFiles(doc, dir)];
}

/** Where a JSON pointer's value starts in a JSON text (JSON is YAML, and the yaml parser keeps offsets). */
function pointerPosition(text: string, pointer: string): { line: number; column: number } | undefined {
  // uniqueKeys: false: only positions are read here, and the library's duplicate check is quadratic in the keys.
  const parsed = parseDocument(text, { keepSourceTokens: false, lineCounter: new LineCounter(), uniqueKeys: false });
  let node: unknown = parsed.contents;
  let found: Node | undefined = parsed.contents ?? undefined;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (isMap(node)) node = node.get(key, true);
    else if (isSeq(node)) node = node.get(Number(key), true);
    else break;
    if (node === undefined) break;
    found = node as Node;
  }
  return found?.range ? positionAt(text, found.range[0]) : undefined;
}

export type GoldenRead = { ok: true; test: ConversationTest } | { ok: false; problems: BundleProblem[] };

/** One golden file: parsed and checked against the test schema, every problem with its line and column. */
export function readGolden(file: string, text: string): GoldenRead {
  const json = text.replace(/^\uFEFF/, '');
  const deep = jsonDepthError(json);
  if (deep) return { ok: false, problems: [{ severity: 'error', file, ...deep }] };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const at = positionAt(json, syntaxErrorOffset(json) ?? 0);
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^JSON\.parse: /, '');
    return { ok: false, problems: [{ severity: 'error', file, ...at, message: `not JSON: ${reason}` }] };
  }
  // The document schema holds the test schema: a document with only this test checks exactly it.
  const checked = validateDocument({ ...emptyDocument(), tests: [value] });
  if (checked.ok) return { ok: true, test: value as ConversationTest };
  const problems = checked.errors
    .filter((e) => e.path === '/tests/0' || e.path.startsWith('/tests/0/'))
    .map((e) => {
      const pointer = e.path.slice('/tests/0'.length);
      return { severity: 'error' as const, file, ...pointerPosition(json, pointer), message: `${pointer || '/'}: ${e.message}` };
    });
  return { ok: false, problems: problems.length ? problems : [{ severity: 'error', file, line: 1, column: 1, message: 'not a conversation test: write {"name", "input": [...], "expect": {...}}' }] };
}

const nameOfGolden = (path: string): string => path.slice(path.lastIndexOf('/') + 1, -GOLDEN_SUFFIX.length);

/**
 * The goldens added to `doc`'s tests, in path order (those whose file bears their name first). A
 * golden that does not parse or validate, or whose name another test already has, is left out
 * whole with a problem naming it; the rest go in.
 */
export function withGoldens(doc: AgentDocument, goldens: BundleFile[]): { doc: AgentDocument; problems: BundleProblem[] } {
  const tests = [...(doc.tests ?? [])];
  const from = new Map<string, string>(tests.map((t) => [t.name, 'the agent file']));
  const problems: BundleProblem[] = [];
  // By path; but when two goldens hold one name, the one whose file bears it wins.
  const reads = goldens.map((golden) => ({ golden, read: readGolden(golden.path, golden.text) }));
  const bearsItsName = ({ golden, read }: (typeof reads)[number]): number => (read.ok && read.test.name === nameOfGolden(golden.path) ? 0 : 1);
  reads.sort((a, b) => bearsItsName(a) - bearsItsName(b) || (a.golden.path < b.golden.path ? -1 : a.golden.path > b.golden.path ? 1 : 0));
  for (const { golden, read } of reads) {
    if (!read.ok) {
      problems.push(...read.problems);
      continue;
    }
    const { test } = read;
    const taken = from.get(test.name);
    if (taken !== undefined) {
      problems.push({ severity: 'error', file: golden.path, ...pointerPosition(golden.text, '/name'), message: `a test named "${test.name}" is already in ${taken}: rename one (the name is also the file name), the test is not imported` });
      continue;
    }
    if (nameOfGolden(golden.path) !== test.name) {
      problems.push({ severity: 'warning', file: golden.path, ...pointerPosition(golden.text, '/name'), message: `the test inside is named "${test.name}": it is imported under that name and exported as ${test.name}${GOLDEN_SUFFIX}` });
    }
    from.set(test.name, golden.path);
    tests.push(test);
  }
  return { doc: tests.length ? { ...doc, tests } : doc, problems };
}

const AGENT_FILE = /\.(tsx?|ya?ml|json)$/i;

/**
 * An agent file and its goldens back as one document with its tests. The agent file must import;
 * a bad golden only leaves itself out (see withGoldens). Async because a Pinecall class needs the
 * TypeScript parser, which is loaded only then.
 */
export async function importBundle(files: BundleFile[]): Promise<BundleImport> {
  const agents = files.filter((f) => !isGoldenPath(f.path) && AGENT_FILE.test(f.path));
  if (agents.length !== 1) {
    const named = agents.map((f) => f.path).join(', ');
    return { ok: false, problems: [{ severity: 'error', file: named || '(bundle)', message: agents.length ? `more than one agent file (${named}): give one agent with its tests/*.golden.json` : 'no agent file (.tsx, .ts, .yaml, .yml or .json) among the files' }] };
  }
  const [agent] = agents;
  const loaded = await importAgentFile(agent, files);
  if (!loaded.ok) return loaded;
  const merged = withGoldens(loaded.doc, files.filter((f) => isGoldenPath(f.path)));
  return { ok: true, doc: merged.doc, problems: merged.problems };
}

/** The agent file through the one way in (import-any.ts): the same document the import dialog and the CLI read from it. */
async function importAgentFile(file: BundleFile, files: BundleFile[]): Promise<BundleImport> {
  // The bundle is the agent's folder: what its file reads beside it (a flow's handlers.py) is there.
  const folder = { agent: file.path, files: sourceFilesOf(Object.fromEntries(files.map((f) => [f.path, f.text]))) };
  const outcome = await importAny(file.text, { fileName: file.path, folder });
  if (outcome.kind === 'agent') return { ok: true, doc: outcome.doc, problems: [] };
  const problems = outcome.kind === 'error' ? outcome.errors : [{ message: 'a list of tools, not a whole agent: give the agent file with its tests/*.golden.json' }];
  return {
    ok: false,
    problems: problems.map((p) => ({ severity: 'error' as const, file: file.path, line: p.line, column: p.column, message: p.path ? `${p.path}: ${p.message}` : p.message })),
  };
}
