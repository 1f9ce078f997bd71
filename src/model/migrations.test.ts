import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadDocument, MIGRATIONS, type Migration } from './migrations';
import { CURRENT_VERSION } from './types';
import { emptyDocument, withDefaults } from './document';
import { renameStage } from './ops/rename';

const sample = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The sample as the first builds wrote it: no envelope, no layout, function tools without kind (and pii, fallback only when set). */
function versionZeroSample(): Record<string, unknown> {
  const { format: _format, version: _version, layout: _layout, ...rest } = structuredClone(sample);
  rest.tools = rest.tools.map((tool: Record<string, unknown>) => {
    if (tool.kind === 'mcp') return tool;
    const { kind: _kind, ...old } = tool;
    // v0 wrote pii and fallback only when set.
    if (Array.isArray(old.pii) && old.pii.length === 0) delete old.pii;
    if (old.fallback === false) delete old.fallback;
    return old;
  });
  return deepFreeze(rest);
}

const FIRST = MIGRATIONS[0].name;

describe('loadDocument', () => {
  // The page opens the bundled sample without the validator (src/main.tsx) because of this.
  it('loads the current sample unchanged, with no migrations', () => {
    const result = loadDocument(deepFreeze(structuredClone(sample)));
    expect(result).toEqual({ ok: true, doc: sample, migrated: [] });
    // What the page opens without the validator is that very document, keys in the same order.
    expect(JSON.stringify(withDefaults(structuredClone(sample)))).toBe(JSON.stringify(result.ok && result.doc));
  });

  it('migrates a version-0 document to the current version, names the migrations it ran, and validates it', () => {
    const raw = versionZeroSample();
    const result = loadDocument(raw);
    expect(result.ok ? [] : result.errors).toEqual([]);
    if (!result.ok) return;
    expect(result.migrated).toEqual(['add envelope, tool kind and layout']);
    expect(result.doc).toEqual({ ...sample, layout: { positions: {}, sizes: {} } });
    expect(result.doc.version).toBe(CURRENT_VERSION);
    expect(raw).not.toHaveProperty('version');
  });

  it('fills defaults a current document may leave out', () => {
    const { persona: _p, llm: _l, opening: _o, preserved: _pr, ...sparse } = structuredClone(sample);
    const result = loadDocument(sparse);
    expect(result.ok && result.doc).toMatchObject({ persona: '', llm: {}, opening: 'caller' });
  });

  it('fills a missing field as a new document has it (one list of defaults, document.ts)', () => {
    const fresh = emptyDocument('Bare');
    const { format, version, id, name } = fresh;
    expect(loadDocument({ format, version, id, name })).toEqual({ ok: true, doc: fresh, migrated: [] });
  });

  it('refuses a document newer than this Callboard, saying what to do', () => {
    expect(loadDocument({ ...sample, version: CURRENT_VERSION + 1 })).toEqual({
      ok: false,
      errors: [{ path: '/version', message: `this document is version ${CURRENT_VERSION + 1}, newer than this Callboard (${CURRENT_VERSION}); update Callboard to open it` }],
    });
  });

  it('reports a missing migration step', () => {
    expect(loadDocument(versionZeroSample(), [])).toEqual({ ok: false, errors: [{ path: '/version', message: 'no migration from version 0' }] });
  });

  it('refuses an unknown format and anything that is not an object', () => {
    expect(loadDocument({ ...sample, format: 'tldraw' })).toEqual({
      ok: false,
      errors: [{ path: '/format', message: 'expected "callboard.agent", found "tldraw"' }],
    });
    for (const raw of [null, [], 'callboard.agent', 1]) {
      const result = loadDocument(raw);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors[0].path).toBe('/');
    }
  });

  it('runs a custom table in version order, each step seeing the version it migrates from', () => {
    const ran: Array<[string, unknown]> = [];
    const v1to2: Migration = {
      from: 1,
      name: 'test: v1 to v2',
      up(doc) {
        ran.push([this.name, doc.version]);
        return { ...doc, persona: `${doc.persona} (v2)` };
      },
    };
    const v0to1: Migration = {
      from: 0,
      name: FIRST,
      up(doc) {
        ran.push([this.name, doc.version]);
        return MIGRATIONS[0].up(doc);
      },
    };
    // Listed out of order on purpose: the runner follows `from`, not the array.
    const result = loadDocument(versionZeroSample(), [v1to2, v0to1], 2);
    expect(ran).toEqual([[FIRST, undefined], ['test: v1 to v2', 1]]);
    // The v1 schema knows no version 2: that it is the only complaint shows the chain ran to the end before validating.
    expect(result).toEqual({ ok: false, errors: [{ path: '/version', message: 'must be 1' }] });
  });

  it('a custom table may replace a step and reach the current version', () => {
    const replacement: Migration = { from: 0, name: 'test: envelope only', up: (doc) => MIGRATIONS[0].up({ ...doc, name: 'Migrated' }) };
    const result = loadDocument(versionZeroSample(), [replacement]);
    expect(result.ok && result.migrated).toEqual(['test: envelope only']);
    expect(result.ok && result.doc.name).toBe('Migrated');
  });
});

// Refs that follow names (ops/refs.ts) came without a version change: the flag is `refFollowsName`,
// and its absence means "kept", so a document saved before it reads as one whose every ref was
// set by hand or by an import. No migration has to guess which old refs a deployed agent uses.
describe('documents saved before refs could follow names', () => {
  it('load as they are, with no migration, and every ref kept through a rename', () => {
    const result = loadDocument(deepFreeze(structuredClone(sample)));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.migrated).toEqual([]);
    expect(result.doc).toEqual(sample);
    for (const entity of [...result.doc.blocks, ...result.doc.stages]) expect(entity).not.toHaveProperty('refFollowsName');
    const choose = result.doc.stages.find((s) => s.name === 'choose')!;
    const renamed = renameStage(result.doc, choose.id, 'pick_slot');
    expect(renamed.ok && renamed.doc.stages.find((s) => s.id === choose.id)).toMatchObject({ name: 'pick_slot', ref: choose.ref });
  });
});
