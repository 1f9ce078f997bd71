import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { rankSearch, searchScore, type Searchable } from './search-rank';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
const tools: Searchable[] = sample.tools.map((t) => ({ name: t.name, kind: 'tool', description: t.description, code: t.implementation }));
const names = (query: string, entries = tools) => rankSearch(entries, query).map((r) => r.entry.name);

describe('Ctrl+K ranking', () => {
  it('lists only the tools that really hold the word: "slot" is free_slots (name) and book (its description)', () => {
    expect(names('slot')).toEqual(['free_slots', 'book']);
  });

  it('needs every word, whole: "free sl" is free_slots; letters in order are no match', () => {
    // book's code says "offer free slots again": it holds both words, far below the name.
    expect(names('free sl')).toEqual(['free_slots', 'book']);
    expect(searchScore(tools[4], 'free sl')).toBeGreaterThan(4 * searchScore(tools[5], 'free sl'));
    // s…l…o…t in order is in most descriptions; cmdk's fuzzy filter matched them all.
    expect(searchScore({ name: 'end_call', kind: 'tool', description: 'The caller has nothing else to ask' }, 'slot')).toBe(0);
  });

  it('finds a word of a description or of the code: "agenda" is the tool whose code calls the agenda', () => {
    const withAgenda = tools.map((t) => (t.name === 'free_slots' ? { ...t, code: 'this.slots = await this.agenda().free(day);' } : t));
    expect(names('agenda', withAgenda)).toEqual(['free_slots']);
    expect(names('records')).toEqual(['ehr']);
  });

  it('ranks the name first, then the description, then the code', () => {
    const entries: Searchable[] = [
      { name: 'lookup', kind: 'tool', code: 'this.agenda()' },
      { name: 'lookup_day', kind: 'tool', description: 'Reads the agenda.' },
      { name: 'agenda', kind: 'tool' },
      { name: 'agendaFor', kind: 'tool' },
      { name: 'openAgenda', kind: 'tool' },
    ];
    expect(names('agenda', entries)).toEqual(['agenda', 'agendaFor', 'openAgenda', 'lookup_day', 'lookup']);
  });

  it('lets the kind word narrow: "tool book" is the tool book, "command" every command', () => {
    const entries: Searchable[] = [
      { name: 'choose', kind: 'stage', description: 'offer slots, then book one' },
      { name: 'book', kind: 'tool' },
      { name: 'Undo', kind: 'command' },
    ];
    expect(names('tool book', entries)).toEqual(['book']);
    expect(names('command', entries)).toEqual(['Undo']);
  });

  it('keeps every entry, in order, for an empty query', () => {
    expect(names('  ')).toEqual(sample.tools.map((t) => t.name));
  });
});
