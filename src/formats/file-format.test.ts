import { describe, expect, it } from 'vitest';
import { detectFormat, nameFromFileName } from './file-format';

describe('detectFormat', () => {
  it('trusts a known extension', () => {
    expect(detectFormat('anything', 'a.yaml')).toBe('yaml');
    expect(detectFormat('anything', 'a.YML')).toBe('yaml');
    expect(detectFormat('personality: x', 'agent.tsx')).toBe('ts');
    expect(detectFormat('blocks: []', 'x.callboard.json')).toBe('json');
  });

  it('reads the content otherwise', () => {
    expect(detectFormat('{"format": "callboard.agent", "version": 1}')).toBe('json');
    expect(detectFormat('\uFEFF  {"format": "callboard.agent", oops')).toBe('json');
    expect(detectFormat('{"blocks": []}')).toBe('yaml');
    expect(detectFormat('import { Agent } from "@pinecall/agents";')).toBe('ts');
    expect(detectFormat('/** Persona */\nexport default class A extends Agent {}')).toBe('ts');
    expect(detectFormat('@decorator class X {}')).toBe('ts');
    expect(detectFormat('class ClinicBooking extends Agent {}')).toBe('ts');
    expect(detectFormat('personality: Hi\nblocks: []')).toBe('yaml');
    expect(detectFormat('- type: function\n  function: {name: a}')).toBe('yaml');
    expect(detectFormat('', 'notes.txt')).toBe('yaml');
  });
});

describe('nameFromFileName', () => {
  it('turns a file name into an agent name', () => {
    expect(nameFromFileName('clinic-booking.yaml')).toBe('Clinic Booking');
    expect(nameFromFileName('dir/front_desk.yml')).toBe('Front Desk');
    expect(nameFromFileName('.yaml')).toBeUndefined();
  });
});
