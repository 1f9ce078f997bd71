// The tuned part of the hand-written Ruby corpus (test/fixtures/pinecall/ruby-corpus/tuned, written
// blind from the pinecall/ruby gem's source; each expected.json is the gem's own reading): Callboard
// reads each class as the gem does (stages, state, the tool specs the model receives), writes the
// unchanged class and view back byte for byte, and merges an edit into the class as written. The
// held-out part is measured by scripts/ruby-corpus.ts only.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { updateEntity } from '../../../../model/ops/update';
import { readRubyClass } from '../read-file';
import { exportPinecallRuby } from './export';
import { differencesFromGem, type GemTruth } from './gem-truth';
import { lossesOfPinecallRuby } from './losses';
import { folderSource } from './testing';

const ROOT = new URL('../../../../../test/fixtures/pinecall/ruby-corpus/tuned/', import.meta.url).pathname;
const classes = readdirSync(ROOT).sort();

const readFolder = async (name: string) => {
  const text = readFileSync(`${ROOT}${name}/agent.rb`, 'utf8');
  const read = await readRubyClass(text, { folder: folderSource(`${ROOT}${name}`, 'agent.rb') });
  if (read.kind !== 'agent') throw new Error(`${name}: ${JSON.stringify(read)}`);
  return { text, doc: read.doc };
};

describe('the tuned Ruby corpus, against the gem\'s own reading', () => {
  it('has classes to measure', () => expect(classes.length).toBeGreaterThanOrEqual(8));

  for (const name of classes) {
    it(`${name}: read as the gem reads it, and written back byte for byte with no loss`, async () => {
      const truth = JSON.parse(readFileSync(`${ROOT}${name}/expected.json`, 'utf8')) as GemTruth & { _slug?: string };
      const { text, doc } = await readFolder(name);
      expect(differencesFromGem(doc, truth)).toEqual([]);
      const out = exportPinecallRuby(doc);
      expect(out.text).toBe(text);
      const view = out.files.find((f) => f.path.endsWith('.erb'));
      if (truth.view_by_stage) expect(view?.text).toBe(readFileSync(`${ROOT}${name}/views/${truth._slug}.erb`, 'utf8'));
      expect(out.notes).toEqual([]);
      expect(lossesOfPinecallRuby(doc)).toEqual([]);
    });
  }

  it('an edited description changes its comment and nothing else of the class', async () => {
    const { text, doc } = await readFolder('dental-booking');
    const tool = doc.tools.find((t) => t.name === 'hold_slot')!;
    const edited = updateEntity(doc, 'tool', tool.id, { description: 'Holds the slot the patient picked while you read it back. Pass its id.' });
    expect(edited.ok).toBe(true);
    const out = exportPinecallRuby(edited.doc);
    expect(out.notes).toEqual([]);
    const before = text.split('\n');
    const after = out.text.split('\n');
    expect(after.length).toBe(before.length);
    const changed = after.flatMap((line, i) => (line === before[i] ? [] : [[before[i], line]]));
    expect(changed).toEqual([[
      '  # Holds one of the slots you offered while you read it back to the patient. Pass the slot id.',
      '  # Holds the slot the patient picked while you read it back. Pass its id.',
    ]]);
  });

  it('a near miss: a tool whose comment is parted from its `tool` line by a blank line has no description, and is refused in the gem\'s words', async () => {
    const { text } = await readFolder('dental-booking');
    const parted = text.replace('  # The practice\'s opening hours and address, for a caller who asks.\n  tool\n', '  # The practice\'s opening hours and address, for a caller who asks.\n\n  tool\n');
    const read = await readRubyClass(parted, {});
    expect(read.kind).toBe('error');
    expect(read.kind === 'error' && read.errors.map((e) => e.message)).toEqual(['tool practice_details: without a docstring no model can choose it; write a `# one line` comment above it, or pass doc: "…" for a class with no source to read']);
  });
});
