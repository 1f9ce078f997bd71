import { describe, expect, it } from 'vitest';
import type { AgentDocument, Stage, Tool } from '../../../model';
import { codeEdgesOf } from '../../../model/code-flow';
import { lint } from '../../../model/lint';
import { readStageFlow } from './stage-flow';
import { minimalDoc } from './testing';

const STAGES = ['intake', 'triage', 'book', 'emergency', 'done'];

const stage = (name: string): Stage => ({ id: `s_${name}`, name, ref: name, blockId: 'b', kind: 'turn', instructions: '' });

/** A vet-like document: one tool per body given, offered everywhere unless `scope` names stages. */
function docWith(tools: Record<string, string>, kept: { members?: string[]; before?: string[] } = {}, scope: Record<string, string[]> = {}): AgentDocument {
  const base = minimalDoc();
  const toolList: Tool[] = Object.entries(tools).map(([name, implementation]) => ({
    ...base.tools[0], id: `t_${name}`, name, implementation,
    scope: scope[name] ? { kind: 'stages', stageIds: scope[name].map((s) => `s_${s}`) } : { kind: 'all' },
  }));
  return {
    ...base, stages: STAGES.map(stage), entryStageId: 's_intake', tools: toolList,
    preserved: { pinecall: { ...kept } },
  };
}

/** Each write as `to [condition]`, the way a reader would list them. */
const writes = (doc: AgentDocument) => readStageFlow(doc).writes.map((w) => (w.condition ? `${w.to} [${w.condition}]` : w.to));

describe('readStageFlow: the shapes a tool sets the stage in', () => {
  it('reads a plain assignment, with the spot of the assignment in the body', () => {
    const flow = readStageFlow(docWith({ triageNow: 'const x = 1;\nthis.stage = "triage";\nreturn x;' }));
    expect(flow.writes).toEqual([{ tool: 'triageNow', to: 'triage', at: { member: 'triageNow', offset: 13, line: 2, column: 1 } }]);
  });

  it('reads if / else if / else with each branch under its condition (else negated)', () => {
    const body = 'if (this.urgent) {\n  this.stage = "emergency";\n} else if (this.species === "cat") {\n  this.stage = "triage";\n} else {\n  this.stage = "book";\n}\nreturn "ok";';
    expect(writes(docWith({ assess: body }))).toEqual([
      'emergency [this.urgent]',
      'triage [not (this.urgent) and this.species === "cat"]',
      'book [not (this.urgent) and not (this.species === "cat")]',
    ]);
  });

  it('joins nested ifs with "and"', () => {
    const body = 'if (this.pet) {\n  if (this.pet.age > 10) this.stage = "triage";\n}\nreturn 1;';
    expect(writes(docWith({ check: body }))).toEqual(['triage [this.pet and this.pet.age > 10]']);
  });

  it('reads a ternary as both names, each under its side of the condition', () => {
    expect(writes(docWith({ route: 'this.stage = this.bleeding ? "emergency" : "book";\nreturn 1;' }))).toEqual([
      'emergency [this.bleeding]',
      'book [not (this.bleeding)]',
    ]);
  });

  it('reads a switch: case labels (falling through together) and default', () => {
    const body = 'switch (kind) {\n  case "dog":\n  case "cat":\n    this.stage = "book";\n    break;\n  case "snake":\n    this.stage = "emergency";\n    break;\n  default:\n    this.stage = "triage";\n}\nreturn kind;';
    expect(writes(docWith({ sort: body }))).toEqual([
      'book [kind === "dog" or kind === "cat"]',
      'emergency [kind === "snake"]',
      'triage [not (kind === "dog" or kind === "cat" or kind === "snake")]',
    ]);
  });

  it('puts what follows an early return under the negated condition', () => {
    const body = 'if (!this.owner) {\n  this.stage = "intake";\n  return "ask the owner";\n}\nthis.stage = "book";\nreturn "ok";';
    expect(writes(docWith({ ready: body }))).toEqual(['intake [!this.owner]', 'book [this.owner]']);
  });

  it('follows a helper method the tool calls, with its argument, and points at both spots', () => {
    const doc = docWith(
      { confirm: 'await this.save();\nthis.moveTo("done");\nreturn "saved";' },
      { members: ['private moveTo(next: string) {\n  this.log("moving");\n  this.stage = next;\n}'] },
    );
    const [write] = readStageFlow(doc).writes;
    expect(write).toMatchObject({
      tool: 'confirm', to: 'done', via: ['moveTo'],
      at: { member: 'moveTo', line: 3, column: 3 },
      call: { member: 'confirm', line: 2, column: 1 },
    });
  });

  it('follows two levels of helpers and stops at recursion', () => {
    const doc = docWith(
      { wrapUp: 'this.finish();\nreturn 1;' },
      { members: ['finish() {\n  this.finish();\n  this.moveTo("done");\n}', 'moveTo(next: string) {\n  this.moveTo(next);\n  this.stage = next;\n}'] },
    );
    const flow = readStageFlow(doc);
    expect(flow.writes.map((w) => [w.to, w.via])).toEqual([['done', ['finish', 'moveTo']]]);
  });

  it('resolves a local const and a let given a ternary', () => {
    expect(writes(docWith({ a: 'const next = "triage";\nthis.stage = next;\nreturn 1;' }))).toEqual(['triage']);
    expect(writes(docWith({ b: 'let next = this.vip ? "book" : "triage";\nthis.stage = next;\nreturn 1;' }))).toEqual([
      'book [this.vip]',
      'triage [not (this.vip)]',
    ]);
  });

  it('resolves an object of stage names declared at the top of the file, `as const` and all', () => {
    const doc = docWith(
      { go: 'this.stage = STAGES.emergency;\nthis.stage = STAGES["done"] as Stage;\nreturn 1;' },
      { before: ['const STAGES = { emergency: "emergency", done: "done" } as const;', 'const OTHER = 1;'] },
    );
    expect(writes(doc)).toEqual(['emergency', 'done']);
  });

  it('reads `as Stage`, a template literal without substitutions and this["stage"]', () => {
    const body = 'this.stage = "book" as Stage;\nthis.stage = `triage`;\nthis["stage"] = "done";\nreturn 1;';
    expect(writes(docWith({ many: body }))).toEqual(['book', 'triage', 'done']);
  });

  it('reads Object.assign(this, { stage })', () => {
    expect(writes(docWith({ assign: 'Object.assign(this, { stage: "book", owner: name });\nreturn 1;' }))).toEqual(['book']);
  });

  it('reads assignments in try and in catch (the catch under "the try block threw")', () => {
    const body = 'try {\n  await this.agenda();\n  this.stage = "book";\n} catch (e) {\n  this.stage = "triage";\n}\nreturn 1;';
    expect(writes(docWith({ attempt: body }))).toEqual(['book', 'triage [the try block threw]']);
  });

  it('marks a write inside a callback as maybe', () => {
    const flow = readStageFlow(docWith({ later: 'this.pets.forEach((p) => {\n  if (p.sick) this.stage = "emergency";\n});\nreturn 1;' }));
    expect(flow.writes).toMatchObject([{ to: 'emergency', condition: 'p.sick', maybe: true }]);
  });

  it('reads onCall as a hook that sets the stage from the entry', () => {
    const doc = docWith({}, { members: ['async onCall() {\n  if (this.call.returning) this.stage = "book";\n}'] });
    const flow = readStageFlow(doc);
    expect(flow.writes).toMatchObject([{ hook: 'onCall', to: 'book', condition: 'this.call.returning', at: { member: 'onCall', line: 2 } }]);
    expect(codeEdgesOf(doc, flow).map((e) => [e.from, e.to])).toEqual([['s_intake', 's_book']]);
  });

  it('names a value it cannot know statically as unresolved, with the reason', () => {
    const flow = readStageFlow(docWith({ guess: 'this.stage = computeNext(this.pet);\nthis.stage = `to-${x}`;\nreturn 1;' }));
    expect(flow.writes).toEqual([]);
    expect(flow.unresolved.map((u) => [u.tool, u.text, u.reason])).toEqual([
      ['guess', 'computeNext(this.pet)', 'computeNext(this.pet) is computed when the call runs'],
      ['guess', '`to-${x}`', '`to-${x}` is a template with values filled in when the call runs'],
    ]);
  });

  it('reports a name that is no stage apart, never as a write', () => {
    const flow = readStageFlow(docWith({ typo: 'this.stage = "boook";\nreturn 1;' }));
    expect(flow.writes).toEqual([]);
    expect(flow.unknownStages).toMatchObject([{ tool: 'typo', to: 'boook' }]);
  });

  it('does not read a let assigned again as its first value', () => {
    const flow = readStageFlow(docWith({ flip: 'let next = "book";\nif (this.sick) next = "triage";\nthis.stage = next;\nreturn 1;' }));
    expect(flow.writes).toEqual([]);
    expect(flow.unresolved[0].reason).toMatch(/next is assigned again/);
  });

  it('ignores this.stage in strings, comments and comparisons', () => {
    expect(writes(docWith({ quiet: '// this.stage = "book"\nconst s = "this.stage = \\"done\\"";\nif (this.stage === "book") return s;\nreturn 1;' }))).toEqual([]);
  });

  it('reads a write behind && and in a getter the tool reads', () => {
    const doc = docWith(
      { peek: 'this.ready && this.moveOn();\nreturn this.summary;' },
      { members: ['moveOn() { this.stage = "book"; }', 'get summary() {\n  this.stage = "done";\n  return "x";\n}'] },
    );
    expect(writes(doc)).toEqual(['book [this.ready]', 'done']);
  });
});

describe('codeEdgesOf', () => {
  it('draws a write from every stage the tool is offered in, everywhere when it has no stage option', () => {
    const doc = docWith({ scoped: 'this.stage = "book";\nreturn 1;', anywhere: 'this.stage = "done";\nreturn 1;' }, {}, { scoped: ['intake', 'triage'] });
    const edges = codeEdgesOf(doc, readStageFlow(doc));
    expect(edges.filter((e) => e.write.tool === 'scoped').map((e) => `${e.from}>${e.to}`)).toEqual(['s_intake>s_book', 's_triage>s_book']);
    expect(edges.filter((e) => e.write.tool === 'anywhere')).toHaveLength(STAGES.length);
  });
});

describe('reachability counts the code edges', () => {
  // book is reached only through a helper the tool calls; done only through a constant's entry.
  const doc = docWith(
    { start: 'this.stage = "triage";\nreturn 1;', assess: 'if (this.ok) this.goBook();\nreturn 1;', close: 'this.stage = STAGES.done;\nreturn 1;' },
    { members: ['goBook() { this.stage = "book"; }', 'onEvent() { this.stage = "emergency"; }'], before: ['const STAGES = { done: "done" } as const;'] },
    { start: ['intake'], assess: ['triage'], close: ['book'] },
  );
  const unreachable = (problems: ReturnType<typeof lint>) => problems.filter((p) => p.rule === 'stage-unreachable').map((p) => p.path);

  it('finds no stage unreachable when given the stage flow', () => {
    expect(unreachable(lint(doc, { stageFlow: readStageFlow(doc) }))).toEqual([]);
  });

  it('the lexer alone (no stage flow) sees only the literal write', () => {
    expect(unreachable(lint(doc))).toEqual(['/stages/2', '/stages/3', '/stages/4']);
  });
});
