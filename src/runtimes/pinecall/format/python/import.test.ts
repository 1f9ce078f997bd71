// The Python import (import.ts) against Callboard's own Python export: every golden class reads
// back into a document whose export is that class byte for byte (no kept source involved: the
// reader is the writer's exact inverse), and so does the export of any generated document; the
// class the SDK refuses is refused with the SDK's message.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentArbitrary } from '../../../../formats/testing/arbitraries';
import { withoutKeptSources } from '../../../../formats/kept-source';
import { fixtureUrl } from '../testing';
import { exportPinecallPython } from './export';
import { importPinecallPython } from './import';
import { pyRefusal, pyToolSpecs } from './spec';
import { fileURLToPath } from 'node:url';

const GOLDENS = fileURLToPath(fixtureUrl('goldens-python'));
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

function goldenFiles(name: string): { text: string; view?: string } {
  const folder = `${GOLDENS}/${name}`;
  const views = existsSync(`${folder}/views`) ? readdirSync(`${folder}/views`) : [];
  return { text: readFileSync(`${folder}/agent.py`, 'utf8'), ...(views[0] ? { view: readFileSync(`${folder}/views/${views[0]}`, 'utf8') } : {}) };
}

describe('Python import of the export goldens', () => {
  const names = readdirSync(GOLDENS).filter((n) => n !== 'python-refused');
  it.each(names)('%s: reads back into a document whose export is the same class and view', (name) => {
    const { text, view } = goldenFiles(name);
    const read = importPinecallPython(text, view === undefined ? {} : { view });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.warnings).toEqual([]);
    expect(read.doc.language).toBe('python');
    const again = exportPinecallPython(withoutKeptSources(read.doc));
    expect(again.text).toBe(text);
    expect(again.files.find((f) => f.path.endsWith('.jinja'))?.text).toBe(view);
  });

  it('the class the SDK refuses is refused with its message, at the tool', () => {
    const read = importPinecallPython(goldenFiles('python-refused').text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual([expect.objectContaining({ message: 'tool silent: without a docstring no model can choose it; write one: """Books the hour."""' })]);
    expect(read.errors[0].line).toBeGreaterThan(1);
  });
});

describe('Python round trip of generated documents', () => {
  it('export → import → export is the same class, view and tool specs', () => {
    fc.assert(
      fc.property(documentArbitrary('pinecall'), (doc) => {
        const first = exportPinecallPython(doc);
        const view = first.files.find((f) => f.path.endsWith('.jinja'))?.text;
        // A class the SDK refuses is refused on the way back in, with the SDK's message.
        const refusal = pyRefusal(doc);
        if (refusal) {
          const refused = importPinecallPython(first.text, view === undefined ? {} : { view });
          expect(refused.ok ? [] : refused.errors.map((e) => e.message)).toContain(refusal);
          return;
        }
        const read = importPinecallPython(first.text, view === undefined ? {} : { view });
        if (!read.ok) throw new Error(`${JSON.stringify(read.errors)}\n${first.text}`);
        const second = exportPinecallPython(withoutKeptSources(read.doc));
        expect(pyToolSpecs(read.doc)).toEqual(pyToolSpecs(doc));
        expect(second.files.find((f) => f.path.endsWith('.jinja'))?.text).toBe(view);
        // Edges of different tools out of one stage have no order in a class (each tool's chain is its own):
        // the first reading may order them otherwise than the document did, which can change which chain
        // writes a state edge. From then on the class is a fixed point.
        if (second.text !== first.text) {
          const again = importPinecallPython(second.text, view === undefined ? {} : { view });
          if (!again.ok) throw new Error(JSON.stringify(again.errors));
          expect(exportPinecallPython(withoutKeptSources(again.doc)).text).toBe(second.text);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a hostile class', () => {
  it('tools and parameters named __proto__ and constructor are read as names, and nothing else changes', () => {
    const text = [
      'from pinecall import Agent, tool', '', '',
      'class Hostile(Agent):', '    """Hostile."""', '',
      '    @tool', '    def __proto__(self, __proto__: str, constructor: int = 1) -> dict:', '        """Named to pollute."""',
      '        if __proto__ == "x":', '            pass', '        return {}', '',
      '    @tool', '    def constructor(self) -> dict:', '        """Named as a prototype member."""', '        for x in range(2):', '            pass', '        return {}', '',
    ].join('\n');
    const read = importPinecallPython(text);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const [proto, ctor] = read.doc.tools;
    expect(Object.keys(proto.parameters.properties ?? {})).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(proto.parameters.properties)).toBe(Object.prototype);
    const bodies = (read.doc.preserved!.pinecallPython as { bodies: Record<string, string> }).bodies;
    expect(Object.getPrototypeOf(bodies)).toBe(Object.prototype);
    expect(Object.keys(bodies)).toEqual(['__proto__', 'constructor']);
    expect(ctor.name).toBe('constructor');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(exportPinecallPython(read.doc).text).toBe(text);
  });
});
