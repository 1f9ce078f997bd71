import { describe, expect, it } from 'vitest';
import { salvageRecord } from './salvage';

describe('salvaging a broken record', () => {
  it('pretty-prints JSON text that still parses, and hands back text that does not as it is', () => {
    expect(salvageRecord('{"name":"A","stages":3}', 'A')).toEqual({ fileName: 'A.recovered.json', text: '{\n  "name": "A",\n  "stages": 3\n}', type: 'application/json' });
    expect(salvageRecord('{"name":"A","sta', 'My agent/../x')).toEqual({ fileName: 'My-agent..x.recovered.txt', text: '{"name":"A","sta', type: 'text/plain' });
  });

  it('writes what IndexedDB can hold but JSON cannot (cycles, BigInt, Map, Set) instead of throwing', () => {
    const record: Record<string, unknown> = { name: 'Loop', big: 12n, tags: new Set(['a']), map: new Map([['k', 1]]), list: [undefined, 1] };
    record.self = record;
    const shared = { x: 1 };
    record.twice = [shared, shared];
    expect(JSON.parse(salvageRecord(record, 'Loop').text)).toEqual({
      name: 'Loop', big: '12', tags: ['a'], map: { k: 1 }, list: [null, 1], self: '[circular]', twice: [{ x: 1 }, { x: 1 }],
    });
  });

  it('names the file after the project, or "project" when nothing of the name is left', () => {
    expect(salvageRecord({}, '  ').fileName).toBe('project.recovered.json');
    expect(salvageRecord({}, 'Clínica Norte: intake').fileName).toBe('Clínica-Norte-intake.recovered.json');
  });
});
