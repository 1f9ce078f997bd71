// Issue 14, point 8: a corpus of agents the offline model was not written for (test/fixtures/
// offline-corpus: Block Agent YAML, Pinecall classes and Callboard JSON, in domains, words and
// parameter shapes unlike the sample's). Each comes with a natural happy path (<agent>.script.json).
// Per agent: it imports lint-clean through the app's importer; a model that calls the expected
// tools with the script's arguments walks it to its end stage (so the path exists and the script
// is right); and the offline model, given only the caller's lines, completes it.
// `npx tsx scripts/offline-corpus.ts -v` prints what each run did, step by step.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemsOf } from '../../formats/problems';
import { corpusDeps, corpusFiles, loadCorpusAgent, pathModel, playCorpusAgent, type CorpusAgent } from './corpus-harness';

const files = corpusFiles();
// The offline model needs no network: any call fails the run.
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (() => Promise.reject(new Error('the offline model must not use the network'))) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('the corpus', () => {
  it('holds at least ten agents, four or more in each runtime', async () => {
    const agents = await Promise.all(files.map((f) => loadCorpusAgent(f)));
    expect(agents.length).toBeGreaterThanOrEqual(10);
    expect(agents.filter((a) => a.file.endsWith('.yaml')).length).toBeGreaterThanOrEqual(4);
    expect(agents.filter((a) => a.file.endsWith('.tsx')).length).toBeGreaterThanOrEqual(4);
    for (const agent of agents) expect(Object.keys(agent.script.calls).sort(), `${agent.name}: arguments for each expected tool`).toEqual([...agent.script.expectTools].sort());
  });
});

describe('the harness', () => {
  it('says where a run leaves the path: the missing tool, the line, what ran instead; and a wrong end stage or state', async () => {
    const agent = await loadCorpusAgent('vet-appointment.yaml');
    const deps = async () => ({ ...(await corpusDeps(agent.doc)), model: pathModel(agent.script) });
    // A model that walks only the first two tools: the third is where the run leaves the path.
    const twoTools = pathModel({ ...agent.script, expectTools: ['request_consultation', 'record_animal'] });
    const stopped = await playCorpusAgent(agent, agent.script.lines, { ...(await deps()), model: twoTools });
    expect(stopped.completed).toBe(false);
    expect(stopped.divergence).toMatch(/^expected preferred_slot: "Could we come on Friday at half past four in the afternoon\?" → no tool, stage when, heard /);
    const wrongStage = await playCorpusAgent({ ...agent, script: { ...agent.script, endStage: 'transfer' } }, agent.script.lines, await deps());
    expect(wrongStage.divergence).toBe('ended on stage booked, expected transfer');
    const wrongState = await playCorpusAgent({ ...agent, script: { ...agent.script, expectState: { time: '04:30' } } }, agent.script.lines, await deps());
    expect(wrongState.divergence).toBe('state: time = "16:30", expected "04:30"');
    const right = await playCorpusAgent(agent, agent.script.lines, await deps());
    expect(right).toMatchObject({ completed: true, called: ['request_consultation', 'record_animal', 'preferred_slot'], endStage: 'booked', ended: true });
    expect(right.steps.map((s) => s.input)).toEqual([...agent.script.lines, '[diary = booked]']);
  });
});

describe.each(files)('%s', (file) => {
  let agent: CorpusAgent;
  beforeAll(async () => {
    agent = await loadCorpusAgent(file);
  });

  it('imports with no error or warning', () => {
    const problems = problemsOf(agent.doc).filter((p) => p.severity !== 'info');
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([]);
  });

  it('has a path: a model calling the expected tools with the script\'s arguments ends on the end stage', async () => {
    const deps = { ...(await corpusDeps(agent.doc)), model: pathModel(agent.script) };
    const result = await playCorpusAgent(agent, agent.script.lines, deps);
    expect(result.divergence).toBeUndefined();
    expect(result.called).toEqual(expect.arrayContaining(agent.script.expectTools));
    expect(result.endStage).toBe(agent.script.endStage);
  });

  // Issue 14: the offline model completes every corpus agent (the ratchet of agents held to it
  // reached the whole corpus, so an agent added to the corpus must complete too).
  it('the offline model completes the happy path', async () => {
    const result = await playCorpusAgent(agent);
    // The divergence says where the run left the path; the whole transcript follows for the reader.
    expect(result.divergence, `${agent.name} left its happy path; the call was:\n${result.transcript.join('\n')}\nwhere it left the path`).toBeUndefined();
    expect(result.called.filter((t) => agent.script.expectTools.includes(t))).toEqual(agent.script.expectTools);
    expect(result.endStage).toBe(agent.script.endStage);
  });
});

describe('the corpus completion', () => {
  it('every corpus agent completes, in both runtimes', async () => {
    const done: string[] = [];
    for (const file of files) if (!(await playCorpusAgent(await loadCorpusAgent(file))).divergence) done.push(file);
    console.log(`offline corpus: ${done.length} of ${files.length} complete (${done.join(', ')})`);
    expect(done).toEqual(files);
    const runtimes = new Set(await Promise.all(done.map(async (f) => (await loadCorpusAgent(f)).doc.target)));
    expect([...runtimes].sort()).toEqual(['block-agent', 'pinecall']);
  });
});

// The no-example-strings rule for the corpus: the model's sources may hold no name these agents
// made up (a compound name: snake_case, kebab-case or camelCase) and no 24 characters of their
// sentences, so a corpus run shows general rules, not a model taught this corpus. (Plain words
// like "postcode" or "date" are everyday hints any agent may use, so they are allowed here.)
describe('the offline model takes nothing from the corpus', () => {
  const sources = readdirSync(fileURLToPath(new URL('.', import.meta.url)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'corpus-harness.ts')
    .map((f) => fileURLToPath(new URL(f, import.meta.url)));

  function literals(file: string): string[] {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const out: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isRegularExpressionLiteral(node)) out.push(node.text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return out;
  }

  it('no literal of the offline sources holds a corpus name or a piece of a corpus sentence', async () => {
    const agents = await Promise.all(files.map((f) => loadCorpusAgent(f)));
    const names = new Set<string>();
    const windows = new Set<string>();
    for (const { doc } of agents) {
      const sentences = [doc.persona, ...doc.stages.map((s) => s.instructions), ...doc.tools.map((t) => t.description)];
      for (const tool of doc.tools) {
        names.add(tool.name);
        for (const [param, schema] of Object.entries(tool.parameters.properties ?? {})) {
          names.add(param);
          sentences.push(schema?.description ?? '');
          (schema?.enum ?? []).forEach((v) => names.add(String(v)));
        }
      }
      doc.stages.forEach((s) => names.add(s.name));
      doc.state.forEach((f) => names.add(f.name));
      for (const sentence of sentences.map((s) => s.toLowerCase())) for (let i = 0; i + 24 <= sentence.length; i++) windows.add(sentence.slice(i, i + 24));
    }
    const compound = [...names].filter((n) => /[_-]|[a-z][A-Z]/.test(n)).map((n) => n.toLowerCase());
    const borrowed = (text: string): string[] => {
      const lower = text.toLowerCase();
      const tokens: string[] = lower.match(/[a-z0-9_-]+/g) ?? [];
      const found: string[] = compound.filter((n) => tokens.includes(n));
      for (let i = 0; i + 24 <= lower.length; i++) if (windows.has(lower.slice(i, i + 24))) found.push(`"${lower.slice(i, i + 24)}"`);
      return found;
    };
    // The check finds what it is for.
    expect(borrowed('then call findParcel')).toEqual(['findparcel']);
    expect(borrowed('x the redelivery line of northway x')).not.toEqual([]);
    expect(borrowed('Could you tell me the postcode?')).toEqual([]);
    const hits = sources.flatMap((file) => literals(file).flatMap((text) => borrowed(text).map((b) => `${file.split('/').pop()}: ${JSON.stringify(text.slice(0, 60))}: ${b}`)));
    expect([...new Set(hits)]).toEqual([]);
  });
});
