import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lossesFor } from './losses';
import { resolvePointer } from '../model/lint/pointer';
import type { AgentDocument, Target } from '../model/types';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
const lossesAfter = (target: Target, mutate: (doc: AgentDocument) => void) => {
  const doc = structuredClone(sample);
  mutate(doc);
  return lossesFor(doc, target);
};
const pathsOf = (target: Target, mutate: (doc: AgentDocument) => void = () => {}) => lossesAfter(target, mutate).map((l) => l.path);
const lossAt = (target: Target, path: string, mutate: (doc: AgentDocument) => void = () => {}) => lossesAfter(target, mutate).find((l) => l.path === path);

describe('lossesFor pinecall', () => {
  it('names what the sample loses, and each path resolves', () => {
    const losses = lossesFor(sample, 'pinecall');
    expect(losses.map((l) => [l.path, l.feature])).toEqual([
      ['/opening', 'agent opens the call'],
      ['/llm', 'llm settings'],
      ['/blocks', 'blocks'],
      ['/blocks/0/looping', 'block looping'],
      ['/stages/0/ref', 'stage ref'],
      ['/stages/1/ref', 'stage ref'],
      ['/stages/1/blockId', 'block of a stage'],
      ['/stages/2/kind', 'wait stage'],
      ['/stages/2/waitToken', 'wait token'],
      ['/stages/2/ref', 'stage ref'],
      ['/stages/2/blockId', 'block of a stage'],
      ['/stages/3/ref', 'stage ref'],
      ['/stages/3/blockId', 'block of a stage'],
      ['/stages/4/ref', 'stage ref'],
      ['/stages/4/blockId', 'block of a stage'],
      ['/state/4/type', 'integer type'],
      ['/edges/1', 'loop edge'],
      ['/edges/3/conditions/0', 'external condition'],
      ['/edges/4', 'edge no tool fires'],
      ['/tools/0/parameters', 'parameter schema details'],
      ['/tools/1/fallback', 'fallback tool'],
      ['/tools/2/parameters/properties/phone/pattern', 'parameter pattern'],
      ['/tools/2/parameters', 'parameter schema details'],
      ['/tools/3', 'mcp tool'],
      ['/tools/4/parameters', 'parameter schema details'],
      ['/tools/5/parameters', 'parameter schema details'],
    ]);
    for (const loss of losses) {
      expect(resolvePointer(sample, loss.path).found).toBe(true);
      expect(loss.message).toMatch(new RegExp(`^${loss.feature} is not expressed in Pinecall: .+; .+`));
    }
  });

  it('lists a natural-language condition on an ordinary edge, not the conditions of a dropped loop edge', () => {
    const paths = pathsOf('pinecall', (d) => { d.edges[6].conditions.push({ kind: 'nlu', sentence: 'The caller gives up.' }); });
    expect(paths).toContain('/edges/6/conditions/1');
    expect(paths).not.toContain('/edges/1/conditions/0');
    expect(lossAt('pinecall', '/edges/6/conditions/1', (d) => { d.edges[6].conditions.push({ kind: 'nlu', sentence: 'x' }); })?.entity).toEqual({ kind: 'edge', id: 'e_choose_giveup' });
  });

  it('keeps empty llm settings, turn stages, tool and expression conditions; the intent flag goes with the blocks', () => {
    const paths = pathsOf('pinecall', (d) => {
      d.llm = {};
      d.stages[2].kind = 'turn';
      delete d.stages[2].waitToken;
      d.blocks[1].intent = true;
    });
    expect(paths.some((p) => p === '/llm' || /^\/stages\/2\/(kind|waitToken)/.test(p) || p.startsWith('/edges/0') || p.startsWith('/edges/6'))).toBe(false);
    expect(paths.some((p) => p.startsWith('/blocks/1'))).toBe(false);
    expect(paths).toContain('/blocks');
  });

  it('finds a pattern anywhere in the parameters, but not in an mcp tool, which is lost whole', () => {
    const paths = pathsOf('pinecall', (d) => {
      d.tools[5].parameters.properties!.tags = { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } };
      d.tools[3].parameters.properties = { id: { type: 'string', pattern: '^P-' } };
    });
    expect(paths).toContain('/tools/5/parameters/properties/tags/items/pattern');
    expect(paths.filter((p) => p.startsWith('/tools/3'))).toEqual(['/tools/3']);
  });

  it('loses a name the class name cannot give back, and who opens the call', () => {
    expect(pathsOf('pinecall', (d) => { d.opening = 'caller'; })).not.toContain('/opening');
    expect(pathsOf('pinecall')).not.toContain('/name');
    expect(lossAt('pinecall', '/name', (d) => { d.name = 'clinic booking 2'; })?.message).toContain('the class is named ClinicBooking2, and the name comes back as "Clinic Booking2"');
  });

  it('keeps blocks that are already one block named after the class, and refs made from the stage names', () => {
    const paths = pathsOf('pinecall', (d) => {
      d.blocks = [{ id: 'b_one', name: 'ClinicBooking', ref: 'clinicbooking', intent: false }];
      d.stages.forEach((s) => { s.blockId = 'b_one'; s.ref = s.name; });
      d.tools.forEach((t) => { t.scope = { kind: 'all' }; });
    });
    expect(paths.filter((p) => p.startsWith('/blocks') || /^\/stages\/\d+\/(ref|blockId)/.test(p))).toEqual([]);
    expect(lossAt('pinecall', '/blocks', (d) => { d.blocks[0].color = 'teal'; })?.message).toContain('one block named ClinicBooking');
  });

  it('loses a mock beside an implementation, a fallback flag, kept Block Agent keys and a folded description', () => {
    const paths = pathsOf('pinecall', (d) => {
      d.tools[5].mock = { ok: true };
      d.tools[6].mock = { ok: true };
      d.tools[6].extra = { strict: true };
      d.tools[6].description = 'End the call\nwhen the caller is done.';
      d.stages[0].extra = { x_retries: 2 };
      d.edges[0].extra = { priority: 1 };
      d.preserved = { blockAgent: { x_deployment: 'eu' } };
    });
    expect(paths).toEqual(expect.arrayContaining(['/tools/5/mock', '/tools/6/extra', '/tools/6/description', '/stages/0/extra', '/edges/0/extra', '/preserved/blockAgent']));
    expect(paths).not.toContain('/tools/6/mock');
  });

  it('loses a pii entry for a parameter the signature cannot hold, and a scope without stages', () => {
    const pii = lossAt('pinecall', '/tools/5/pii', (d) => {
      d.tools[5].parameters.properties!['first-name'] = { type: 'string' };
      d.tools[5].pii = ['slot', 'first-name'];
    });
    expect(pii?.message).toContain('(first-name)');
    const paths = pathsOf('pinecall', (d) => {
      d.stages = [];
      d.edges = [];
      d.entryStageId = null;
    });
    expect(paths).toContain('/tools/0/scope');
  });
});

describe('lossesFor block-agent', () => {
  it('names what the sample loses, and each path resolves', () => {
    const losses = lossesFor(sample, 'block-agent');
    expect(losses.map((l) => [l.path, l.feature])).toEqual([
      ['/name', 'agent name'],
      ['/opening', 'agent opens the call'],
      ['/edges/6/conditions/0', 'state-expression condition'],
      ['/tools/2/implementation', 'implementation'],
      ['/tools/2/pii', 'pii'],
      ['/tools/3/mcp/mocks', 'mcp mock results'],
      ['/tools/4/announce', 'announce'],
      ['/tools/4/preview', 'preview'],
      ['/tools/4/timeout', 'timeout'],
      ['/tools/4/implementation', 'implementation'],
      ['/tools/5/when', 'when'],
      ['/tools/5/confirm', 'confirm'],
      ['/tools/5/implementation', 'implementation'],
      ['/tools/7/scope', 'stage-level tool scope'],
      ['/tools/7/implementation', 'implementation'],
      ['/state/0/description', 'state description'],
      ['/state/0/default', 'state default'],
      ['/state/0/pii', 'state pii'],
      ['/state/1', 'state field'],
      ['/state/2', 'state field'],
      ['/state/3', 'state field'],
      ['/state/4', 'state field'],
      ['/state/5', 'state field'],
    ]);
    for (const loss of losses) {
      expect(resolvePointer(sample, loss.path).found).toBe(true);
      expect(loss.message).toMatch(new RegExp(`^${loss.feature} is not expressed in Block Agent: .+; .+`));
    }
  });

  it('loses stage-level tool scope where it offers the tool in fewer stages than the whole block, and says which blocks it becomes', () => {
    const losses = lossesAfter('block-agent', (d) => { d.tools[2].scope = { kind: 'stages', stageIds: ['s_identity'] }; });
    expect(losses.find((l) => l.path === '/tools/2/scope')?.message).toContain('offers collect_identity in every stage of Identify');
    expect(pathsOf('block-agent', (d) => { d.tools[6].scope = { kind: 'stages', stageIds: ['s_goodbye'] }; })).not.toContain('/tools/6/scope');
  });

  it('keeps what Block Agent writes: nlu, external and loop edges, wait stages, looping, llm, mcp, patterns, empty pii', () => {
    const paths = pathsOf('block-agent');
    expect(paths.some((p) => /^\/(edges\/[0-5]|stages|blocks|llm)/.test(p) || p.includes('pattern'))).toBe(false);
    expect(paths.filter((p) => p.startsWith('/tools/3'))).toEqual(['/tools/3/mcp/mocks']);
    expect(paths).not.toContain('/tools/0/pii');
  });

  it('loses a captured field\'s declarations only where they say something', () => {
    const paths = pathsOf('block-agent', (d) => {
      d.state[0] = { ...d.state[0], pii: false, visibility: 'public', description: d.tools[2].parameters.properties!.caller_name.description };
      delete d.state[0].default;
    });
    expect(paths.filter((p) => p.startsWith('/state/0'))).toEqual(['/state/0/visibility']);
  });

  it('loses a field\'s own type and description to the parameter that captures it, and a repeated field', () => {
    const typed = lossAt('block-agent', '/state/0/type', (d) => { d.state[0].type = 'number'; });
    expect(typed?.message).toContain('caller_name comes back as string');
    // A description the document does not have is added: the loss names the field.
    expect(lossAt('block-agent', '/state/0', (d) => { delete d.state[0].description; })?.feature).toBe('state description');
    expect(lossAt('block-agent', '/state/6', (d) => { d.state.push({ ...d.state[0], id: 'f_again' }); })?.feature).toBe('repeated state field');
  });

  it('loses the agent\'s name, who opens the call and kept Pinecall code', () => {
    const paths = pathsOf('block-agent', (d) => {
      d.name = 'Imported Block Agent';
      d.opening = 'caller';
      d.preserved = { pinecall: { members: ['private x = 1;'] } };
    });
    expect(paths.filter((p) => !/^\/(tools|state|edges)/.test(p))).toEqual(['/preserved/pinecall']);
  });

  it('loses an mcp tool\'s name that is not its server label, mocks, colours, and a mock result', () => {
    const paths = pathsOf('block-agent', (d) => {
      d.tools[3].name = 'records';
      d.tools[6].mock = { ok: true };
      d.blocks[2].color = '#4f46e5';
    });
    expect(paths).toEqual(expect.arrayContaining(['/tools/3/name', '/tools/3/mcp/mocks', '/tools/6/mock', '/blocks/2/color']));
    expect(lossAt('block-agent', '/tools/3/name', (d) => { d.tools[3].name = 'records'; })?.message).toContain('records comes back as ehr');
  });

  it('loses intent and fallback flags the import would read otherwise', () => {
    const paths = pathsOf('block-agent', (d) => {
      d.blocks[1].intent = true;
      d.tools[0].fallback = true;
    });
    expect(paths).toEqual(expect.arrayContaining(['/blocks/1/intent', '/tools/0/fallback']));
    expect(paths.filter((p) => p === '/blocks/0/intent' || p === '/tools/1/fallback')).toEqual([]);
  });

  it('loses refs that are empty or taken, tools offered in no block and conditions that read them', () => {
    const paths = pathsOf('block-agent', (d) => {
      d.blocks[1].ref = '';
      d.stages[3].ref = 't_greet';
      d.tools[5].scope = { kind: 'blocks', blockIds: [] };
    });
    expect(paths).toEqual(expect.arrayContaining(['/blocks/1/ref', '/stages/3/ref', '/tools/5', '/edges/5/conditions/0']));
    expect(paths.filter((p) => p.startsWith('/tools/5/'))).toEqual([]);
  });

  it('loses a kept key the format writes itself, and keeps the others', () => {
    const paths = pathsOf('block-agent', (d) => {
      d.stages[0].extra = { name: 'shadow' };
      d.stages[1].extra = { x_retries: 2 };
      d.edges[0].extra = { connect_to: { transition: 'soft' } };
    });
    expect(paths).toContain('/stages/0/extra');
    expect(paths.filter((p) => p === '/stages/1/extra' || p === '/edges/0/extra')).toEqual([]);
  });
});
