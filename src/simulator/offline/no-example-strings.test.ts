// Acceptance (c): the offline model holds no string taken from an example agent. Every name
// (tool, parameter, stage, block, state field, enum value, wait token) and every sentence
// (description, instructions, persona, condition, confirm, announce, looping message) of the example
// agents and fixtures is collected; no string literal, template part or regex of the offline
// sources may equal such a name, hold it as a word, or hold 16 characters of such a sentence.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importBlockAgentYaml } from '../../runtimes/block-agent/format';
import { importPinecallTs } from '../../runtimes/pinecall/format/import';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const filesIn = (dir: string, ext: string) => readdirSync(root(dir)).filter((f) => f.endsWith(ext)).map((f) => `${dir}/${f}`);
const read = (path: string) => readFileSync(root(path), 'utf8');

/** Every example agent and fixture, as documents (or raw JSON for a fixture that is not one). */
function exampleDocuments(): unknown[] {
  const docs: unknown[] = [];
  for (const path of [...filesIn('public/examples', '.json'), ...filesIn('test/fixtures/block-agent', '.json'), ...filesIn('test/fixtures/pinecall', '.json')]) docs.push(JSON.parse(read(path)));
  for (const path of filesIn('test/fixtures/block-agent', '.yaml')) {
    const imported = importBlockAgentYaml(read(path));
    if (imported.ok) docs.push(imported.doc);
  }
  for (const path of [...filesIn('test/fixtures/pinecall', '.tsx'), ...filesIn('test/fixtures/pinecall/goldens', '.tsx')]) {
    const imported = importPinecallTs(read(path));
    if (imported.ok) docs.push(imported.doc);
  }
  return docs;
}

/** The corpus the model is measured on (corpus.test.ts): agents it was not written for, the strictest case. */
function corpusDocuments(): unknown[] {
  const dir = 'test/fixtures/offline-corpus';
  const docs: unknown[] = filesIn(dir, '.json').filter((f) => !f.endsWith('.script.json')).map((path) => JSON.parse(read(path)));
  for (const path of filesIn(dir, '.yaml')) {
    const imported = importBlockAgentYaml(read(path));
    if (imported.ok) docs.push(imported.doc);
  }
  for (const path of filesIn(dir, '.tsx')) {
    const imported = importPinecallTs(read(path));
    if (imported.ok) docs.push(imported.doc);
  }
  return docs;
}

const NAME_KEYS = new Set(['name', 'ref', 'waitToken', 'field', 'expected', 'serverLabel']);
const SENTENCE_KEYS = new Set(['description', 'instructions', 'persona', 'sentence', 'confirm', 'announce', 'messages']);

/** Names and sentences, found by the keys that hold them anywhere in a document. */
function collect(value: unknown, names: Set<string>, sentences: Set<string>, key = ''): void {
  if (typeof value === 'string') {
    if (NAME_KEYS.has(key) || key === 'enum' || key === 'allowedTools') names.add(value.toLowerCase());
    if (SENTENCE_KEYS.has(key)) sentences.add(value.toLowerCase());
    return;
  }
  if (Array.isArray(value)) return value.forEach((v) => collect(v, names, sentences, key));
  if (typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) {
    // The keys of `properties` are parameter names.
    if (key === 'properties') names.add(k.toLowerCase());
    collect(v, names, sentences, key === 'properties' ? '' : k);
  }
}

/**
 * Everyday English words that are also names in the examples and that the general rules must
 * hold as literals: "name", "phone", "text" and "note" are hints of what a parameter asks for (a
 * person's name, a number to call, free text), and "greeting" is a concept of the synonym table
 * (hello, hi). Each is a dictionary word any agent may use; a compound name made up by an example
 * (snake_case, kebab-case) is never allowed, and this list holds only words the sources need.
 */
const ALLOWED = new Set([
  'name', 'phone', 'text', 'note', 'greeting',
  // Kinds of value and parts of the day the extraction rules read by (a `time`, a `date`, a
  // `postcode`, a `surname` is what any agent may call its parameter), and words of the agent's own
  // question forms; the corpus agents use them as names because they are the plain words.
  'time', 'date', 'postcode', 'title', 'surname', 'mobile', 'morning', 'afternoon', 'half', 'reason', 'summary', 'description', 'purpose', 'request', 'value', 'open',
  // A word of restriction an enum value's name may hold ("nails_only"), read by enums.ts; a stage
  // of the minimal fixture is called "only".
  'only',
]);

interface Literal {
  file: string;
  text: string;
}

function literalsOf(file: string): Literal[] {
  const sf = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) out.push({ file, text: node.text });
    else if (ts.isRegularExpressionLiteral(node)) out.push({ file, text: node.text });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

// The model's own sources: the corpus harness is test support that plays the corpus, not the model.
const offlineSources = readdirSync(root('src/simulator/offline'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'corpus-harness.ts')
  .map((f) => `src/simulator/offline/${f}`);

const names = new Set<string>();
const sentences = new Set<string>();
for (const doc of exampleDocuments()) collect(doc, names, sentences);
const corpusSentences = new Set<string>();
for (const doc of corpusDocuments()) collect(doc, names, corpusSentences);
const identifiers = [...names].filter((n) => n.length >= 4 && /^[a-z][\w-]*$/.test(n) && !ALLOWED.has(n));
const WINDOW = 16;
const windows = new Set<string>();
for (const sentence of sentences) for (let i = 0; i + WINDOW <= sentence.length; i++) windows.add(sentence.slice(i, i + WINDOW));
// The corpus's descriptions are written the way users write them, in the phrases every tool
// description uses ("in the caller's words"); a copied piece of one is longer than such a phrase.
const CORPUS_WINDOW = 24;
const corpusWindows = new Set<string>();
for (const sentence of corpusSentences) for (let i = 0; i + CORPUS_WINDOW <= sentence.length; i++) corpusWindows.add(sentence.slice(i, i + CORPUS_WINDOW));

/** What a literal takes from the examples: names it equals or holds as a word, and sentence pieces it holds. */
function borrowed(text: string): string[] {
  const lower = text.toLowerCase();
  // A compound name (snake, kebab) is made up by its agent: it may not appear even as a word. A
  // plain word may be part of any English sentence, so only a literal equal to it counts.
  const tokens: string[] = lower.match(/[a-z0-9_-]+/g) ?? [];
  const found = identifiers.filter((id) => lower === id || (/[_-]/.test(id) && tokens.includes(id)));
  for (let i = 0; i + WINDOW <= lower.length; i++) if (windows.has(lower.slice(i, i + WINDOW))) found.push(`"${lower.slice(i, i + WINDOW)}"`);
  for (let i = 0; i + CORPUS_WINDOW <= lower.length; i++) if (corpusWindows.has(lower.slice(i, i + CORPUS_WINDOW))) found.push(`"${lower.slice(i, i + CORPUS_WINDOW)}"`);
  return [...new Set(found)];
}

describe('the offline model takes nothing from the examples', () => {
  it('collects enough from the examples for the check to mean something', () => {
    expect(identifiers).toEqual(expect.arrayContaining(['is_schedule_appointment', 'collect_identity', 'free_slots', 'cleaning', 'caller_name', 'date_of_birth']));
    // …and every corpus agent (one name of each runtime and format).
    expect(identifiers).toEqual(expect.arrayContaining(['forgotten_password', 'report_absence', 'extendstay', 'submitreading']));
    expect(sentences.size).toBeGreaterThan(20);
    expect(offlineSources.length).toBeGreaterThan(5);
  });

  it('flags a literal that borrows, and passes one that does not', () => {
    expect(borrowed('free_slots')).toEqual(['free_slots']);
    expect(borrowed('call collect_identity now')).toEqual(['collect_identity']);
    expect(borrowed('xx the front desk of clínica norte xx').length).toBeGreaterThan(0);
    expect(borrowed('Could you tell me the postal code?')).toEqual([]);
    // A corpus agent's enum value and a piece of its sentence are borrowed too.
    expect(borrowed('forgotten_password')).toEqual(['forgotten_password']);
    expect(corpusSentences.size).toBeGreaterThan(20);
  });

  it.each(offlineSources)('%s', (file) => {
    const hits = literalsOf(file).flatMap((l) => borrowed(l.text).map((b) => `${JSON.stringify(l.text.slice(0, 60))}: ${b}`));
    expect(hits).toEqual([]);
  });
});
