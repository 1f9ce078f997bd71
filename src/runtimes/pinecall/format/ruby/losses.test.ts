// The Ruby export's losses are computed from its own read-back (losses.ts): each names a path of
// the document the class gives back otherwise, and a class read from Ruby loses nothing when it is
// written back. Nothing here runs Ruby (RubyGems is not reachable).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importJson } from '../../../../formats/json';
import { documentArbitrary } from '../../../../formats/testing/arbitraries';
import { resolvePointer } from '../../../../model/lint/pointer';
import type { AgentDocument } from '../../../../model';
import { exportPinecallRuby } from './export';
import { importPinecallRuby } from './import';
import { lossesOfPinecallRuby } from './losses';
import { losses as pinecallLosses } from '../runtime-format';

const root = (path: string) => new URL(`../../../../../${path}`, import.meta.url).pathname;
const loaded = importJson(readFileSync(root('public/examples/clinic-booking.json'), 'utf8'));
if (!loaded.ok) throw new Error('the sample does not load');
const sample = loaded.doc;

const readBack = (doc: AgentDocument): AgentDocument => {
  const out = exportPinecallRuby(doc);
  const back = importPinecallRuby(out.text, { view: out.files[1]?.text });
  if (!back.ok) throw new Error(JSON.stringify(back.errors));
  return back.doc;
};

const paths = (doc: AgentDocument) => lossesOfPinecallRuby(doc).map((l) => l.path);

describe('the Ruby export\'s losses, computed from its read-back', () => {
  it('names what the sample loses in Ruby: the moves no body writes, a tool\'s TypeScript, an mcp tool, a when in JavaScript, the settings', () => {
    const found = paths(sample);
    const index = (name: string) => sample.tools.findIndex((t) => t.name === name);
    // announce is an option of `tool` (the gem's Spec.build sends it): kept.
    expect(found).not.toContain(`/tools/${index('free_slots')}/announce`);
    expect(found).toContain(`/tools/${index('book')}/when`);
    expect(found).toContain(`/tools/${index('collect_identity')}/implementation`);
    expect(found).toContain(`/tools/${index('ehr')}`);
    expect(found).toContain('/llm');
    expect(found).toContain('/opening');
    // Every path names something in the document, once.
    for (const path of found) expect(resolvePointer(sample, path).found, path).toBe(true);
    expect(new Set(found).size).toBe(found.length);
  });

  it('names nothing the class gives back: a tool offered in the same stages however its scope is written, a placeholder spaced otherwise', () => {
    const doc = structuredClone(readBack(sample));
    expect(paths(doc)).toEqual([]);
    // The same stages by the block that holds them: no loss (the class offers it in those stages).
    doc.tools[0].scope = { kind: 'stages', stageIds: doc.stages.map((s) => s.id) };
    expect(paths(doc)).toEqual([]);
    doc.tools[0].scope = { kind: 'blocks', blockIds: [doc.blocks[0].id] };
    const spaced = doc.stages.find((s) => /\{\{ \w+ \}\}/.test(s.instructions))!;
    spaced.instructions = spaced.instructions.replace(/\{\{ (\w+) \}\}/, '{{$1}}');
    expect(paths(doc)).toEqual([]);
    // A near miss: a move the body cannot write (a natural-language condition) is named at its edge.
    const edge = doc.edges[0];
    edge.conditions = [{ kind: 'nlu', sentence: 'the caller sounds upset' }];
    expect(paths(doc)).toEqual(['/edges/0']);
  });

  it('a class read from Ruby is written back whole: no losses, for any document the property generator makes', () => {
    fc.assert(fc.property(documentArbitrary('pinecall'), (doc) => {
      const back = readBack(doc);
      expect(paths(back)).toEqual([]);
      for (const path of paths(doc)) expect(resolvePointer(doc, path).found, path).toBe(true);
    }), { numRuns: 60 });
  });

  it('a Pinecall agent in Ruby is checked against the Ruby export (its losses), one in TypeScript against the TypeScript class', () => {
    const inRuby = { ...readBack(sample), language: 'ruby' as const };
    expect(inRuby.language).toBe('ruby');
    expect(pinecallLosses(inRuby)).toEqual([]);
    // The same document in TypeScript loses what TypeScript cannot hold of it: the Ruby bodies it kept.
    const kept = { ...inRuby, language: undefined, preserved: { pinecallRuby: { bodies: { [inRuby.tools[0].name]: 'Booking.find(id)' } } } };
    expect(pinecallLosses(kept).map((l) => l.feature)).toContain('Ruby tool body');
  });
});
