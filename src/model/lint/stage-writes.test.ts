import { describe, expect, it } from 'vitest';
import { lintAs } from './rule-cases';
import { stagesWrittenIn } from './stage-writes';

describe('stage writes in tool code', () => {
  it('reads a plain write and every name a conditional write can take', () => {
    expect(stagesWrittenIn('this.stage = "book";')).toEqual(['book']);
    // The Pinecall docs' own freeSlots (a regex over `this.stage = "…"` missed it).
    expect(stagesWrittenIn('this.slots = await this.agenda().free(date, specialty);\nthis.stage = this.slots.length > 0 ? "book" : \'choose\';\nreturn this.slots;'))
      .toEqual(['book', 'choose']);
    expect(stagesWrittenIn('if (ok) this.stage = `done`\nreturn "not a stage"')).toEqual(['done']);
    expect(stagesWrittenIn('this.stage =\n  ok\n    ? "a"\n    : "b"\nconst x = "c"')).toEqual(['a', 'b']);
  });

  it('reads no write in a comparison, a string or a comment, nor past the statement', () => {
    expect(stagesWrittenIn('if (this.stage === "book") return "x";')).toEqual([]);
    expect(stagesWrittenIn('const s = \'this.stage = "book"\'; // this.stage = "choose"')).toEqual([]);
    expect(stagesWrittenIn('this.stage = next; log("book")')).toEqual([]);
    expect(stagesWrittenIn('this.stage = pick(["a", "b"]), other("c")')).toEqual(['a', 'b']);
  });
});

describe('reachability through code', () => {
  // free_slots is offered in choose; goodbye stays reachable only through its code once its edges go.
  const onlyCode = (d: Parameters<Parameters<typeof lintAs>[1]>[0]) => {
    d.edges = d.edges.filter((e) => e.to !== 's_goodbye');
    d.blocks.forEach((b) => { if (b.looping) b.looping.connectTo = null; });
    d.tools[4].implementation = `const open = this.searches < 3;\nthis.stage = open ? "choose" : "goodbye";\nreturn [];`;
  };

  it('counts a conditional this.stage write as a way in under Pinecall', () => {
    expect(lintAs('pinecall', onlyCode).filter((p) => p.rule === 'stage-unreachable')).toEqual([]);
  });

  it('does not under Block Agent, whose tools run no code, and says so', () => {
    const found = lintAs('block-agent', onlyCode).filter((p) => p.rule === 'stage-unreachable');
    expect(found.map((p) => p.path)).toEqual(['/stages/4']);
    expect(found[0].message).toContain("tool free_slots's code moves here, but a Block Agent tool runs no code");
  });

  it('does not under Pipecat Flows either, whose handlers run but move the call by transitions, and says so', () => {
    const found = lintAs('pipecat', onlyCode).filter((p) => p.rule === 'stage-unreachable');
    expect(found.map((p) => p.path)).toEqual(['/stages/4']);
    expect(found[0].message).toContain("tool free_slots's code moves here, but a Pipecat Flows tool moves the call by its transitions, not its code");
  });

  it('still reports the stage when the code is gone', () => {
    const found = lintAs('pinecall', (d) => { onlyCode(d); d.tools[4].implementation = 'return [];'; });
    expect(found.filter((p) => p.rule === 'stage-unreachable').map((p) => p.path)).toEqual(['/stages/4']);
  });
});
