// Issue 33: an imported class comes back as written. A user's class with plain (not async) tool
// methods, declared return types, `export class` with a separate default export, and blank lines
// between fields came back with every tool `async`, `: Slot[]` dropped and `export default class`,
// while the app said nothing was lost. The fixture is written in that shape.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../../model';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { fixtureUrl } from './testing';

const source = readFileSync(fixtureUrl('plain-methods.tsx'), 'utf8');

function imported(text: string): AgentDocument {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(read.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return read.doc;
}

describe('a class of plain methods, return types and a named export', () => {
  it('exports byte-identical when unchanged', () => {
    expect(exportPinecallTs(imported(source)).text).toBe(source);
  });

  it('after an edit of one tool, only that tool changes', () => {
    const doc = imported(source);
    const edited: AgentDocument = { ...doc, tools: doc.tools.map((t) => (t.name === 'book' ? { ...t, description: 'Book the slot the caller chose.' } : t)) };
    const text = exportPinecallTs(edited).text;
    expect(text).toBe(source.replace('/** Book the slot the caller chose from the list. */', '/** Book the slot the caller chose. */'));
  });

  it('a method that must now run the exporter\'s edge chain becomes async, and its return type a Promise of it', () => {
    const doc = imported(source);
    const free = doc.tools.find((t) => t.name === 'freeSlots')!;
    // freeSlots's body moves the stage itself (kept as code); an edge the document adds for it is
    // written as the chain after the body, which awaits the body.
    const greet = doc.stages.find((s) => s.name === 'greet')!;
    const done = doc.stages.find((s) => s.name === 'done')!;
    const edited: AgentDocument = { ...doc, edges: [...doc.edges, { id: 'e_new', from: greet.id, to: done.id, kind: 'edge', conditions: [{ kind: 'tool', toolId: free.id, expected: '*' }] }] };
    const text = exportPinecallTs(edited).text;
    expect(text).toMatch(/\n {2}async freeSlots\(day: string\): Promise<Slot\[\]> \{\n/);
    // The other plain methods stay as they were.
    expect(text).toMatch(/\n {2}book\(when: string\): \{ booked: string \} \{\n/);
  });

  it('a bare class (no export) stays bare', () => {
    const bare = source.replace('export class RiversideVets', 'class RiversideVets');
    expect(exportPinecallTs(imported(bare)).text).toBe(bare);
  });
});
