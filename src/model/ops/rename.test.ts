import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { AgentDocument, Tool } from '../types';
import { renameParameter, renameStage, renameStateField, renameTool } from './rename';
import { fieldNamed, frozenSample, frozenSampleWithNameParameter, schemaErrors, stageNamed, toolNamed, withNameParameter } from './testing';

const tool = (doc: AgentDocument, id: string) => doc.tools.find((t) => t.id === id)!;
const expectOk = (result: { ok: boolean; doc: AgentDocument; error?: string }): AgentDocument => {
  expect(result.error).toBeUndefined();
  expect(schemaErrors(result.doc)).toEqual([]);
  return result.doc;
};

/** The sample, plus code that names the stage and fields in every way the renames must follow. */
function sampleWithCode(): AgentDocument {
  return produce(frozenSample(), (doc) => {
    const slots = doc.tools.find((t) => t.id === 't_slots') as Tool;
    slots.description = 'Free slots on one day; the caller will choose one.';
    slots.implementation = `// Offer two, then let the caller choose.\n${slots.implementation}\nif (this.stage !== "choose") this.stage = "choose";`;
    doc.tools.find((t) => t.id === 't_book')!.when = "(s) => s.stage === 'choose' && s.slots.length > 0";
    doc.edges.find((e) => e.id === 'e_choose_giveup')!.conditions = [{ kind: 'expression', expression: 'searches >= 3 && stage == "choose" && note != "choose"' }];
    doc.blocks[0].looping!.messages.push('Sorry {{caller_name}}, let me put you through.');
    doc.persona += ' Call the caller {{ caller_name | title }}.';
  });
}

describe('renameStage', () => {
  it('rewrites stage literals in implementations, when sources and expressions, and nothing else', () => {
    const doc = sampleWithCode();
    const next = expectOk(renameStage(doc, 's_choose', 'pick'));
    expect(stageNamed(next, 'pick')).toMatchObject({ id: 's_choose', ref: 't_choose' });
    const slots = tool(next, 't_slots');
    expect(slots.implementation).toContain('if (this.stage !== "pick") this.stage = "pick";');
    expect(slots.implementation).toContain('// Offer two, then let the caller choose.');
    expect(slots.description).toBe('Free slots on one day; the caller will choose one.');
    expect(tool(next, 't_book').when).toBe("(s) => s.stage === 'pick' && s.slots.length > 0");
    expect(next.edges.find((e) => e.id === 'e_choose_giveup')!.conditions).toEqual([
      { kind: 'expression', expression: 'searches >= 3 && stage == "pick" && note != "choose"' },
    ]);
    expect(next.stages.find((s) => s.id === 's_choose')!.instructions).toBe(doc.stages.find((s) => s.id === 's_choose')!.instructions);
  });

  it('refuses a taken or empty name and keeps the document', () => {
    const doc = frozenSample();
    expect(renameStage(doc, 's_choose', 'greet')).toEqual({ ok: false, doc, error: 'there is already a stage named "greet"' });
    expect(renameStage(doc, 's_choose', '  ')).toEqual({ ok: false, doc, error: 'a stage needs a name' });
    expect(renameStage(doc, 'nope', 'x')).toEqual({ ok: false, doc, error: 'there is no stage "nope"' });
  });

  it('returns the same document when the name does not change', () => {
    const doc = frozenSample();
    expect(renameStage(doc, 's_choose', 'choose').doc).toBe(doc);
  });
});

describe('renameTool', () => {
  it('renames the tool only: conditions keep naming it by id', () => {
    const doc = frozenSample();
    const next = expectOk(renameTool(doc, 't_book', 'reserve'));
    expect(toolNamed(next, 'reserve').id).toBe('t_book');
    expect(next.edges).toBe(doc.edges);
  });

  it('refuses a name another tool has', () => {
    const doc = frozenSample();
    expect(renameTool(doc, 't_book', 'free_slots')).toEqual({ ok: false, doc, error: 'there is already a tool named "free_slots"' });
  });
});

describe('renameStateField', () => {
  it('rewrites {{ caller_name }} in instructions, persona and looping messages, and this.caller_name in code', () => {
    // collect_identity's parameter `name` stores the state field `caller_name`; goodbye names another field too.
    const doc = produce(sampleWithCode(), (d) => {
      withNameParameter(d);
      d.stages.find((s) => s.id === 's_goodbye')!.instructions = 'Thank {{ caller_name }}, repeat the booking ({{ booking_when }}) if there is one, and say goodbye.';
    });
    const next = expectOk(renameStateField(doc, 'f_name', 'full_name'));
    expect(fieldNamed(next, 'full_name').id).toBe('f_name');
    expect(stageNamed(next, 'verify').instructions).toBe('Tell {{ full_name }} you are checking their record; it takes a moment. Check the record before you go on.');
    expect(stageNamed(next, 'goodbye').instructions).toBe('Thank {{ full_name }}, repeat the booking ({{ booking_when }}) if there is one, and say goodbye.');
    expect(next.persona.endsWith('Call the caller {{ full_name | title }}.')).toBe(true);
    expect(next.blocks[0].looping!.messages[1]).toBe('Sorry {{full_name}}, let me put you through.');
    expect(tool(next, 't_identity').implementation).toBe('this.full_name = name;\nthis.caller_phone = phone;\nreturn { name, phone };');
  });

  it('rewrites s.slots in when sources and this.slots in every implementation', () => {
    const next = expectOk(renameStateField(sampleWithCode(), 'f_slots', 'offered'));
    expect(tool(next, 't_book').when).toBe("(s) => s.stage === 'choose' && s.offered.length > 0");
    expect(tool(next, 't_book').implementation).toBe(
      'const found = this.offered.find((s) => s.id === slot);\nif (!found) throw new Error(`${slot} is not one of the slots offered; offer free slots again.`);\nthis.booking_when = found.when;\nreturn found;',
    );
    expect(tool(next, 't_slots').implementation).toContain('this.offered = hours.map(');
    expect(tool(next, 't_slots').implementation).toContain('return this.offered;');
  });

  it('rewrites identifiers in expression conditions, not strings or members', () => {
    const next = expectOk(renameStateField(sampleWithCode(), 'f_searches', 'attempts'));
    expect(next.edges.find((e) => e.id === 'e_choose_giveup')!.conditions[0]).toEqual({
      kind: 'expression',
      expression: 'attempts >= 3 && stage == "choose" && note != "choose"',
    });
    expect(tool(next, 't_slots').implementation).toContain('this.attempts = this.attempts + 1;');
  });

  it('refuses a taken name and a name that is not an identifier', () => {
    const doc = frozenSample();
    expect(renameStateField(doc, 'f_name', 'caller_phone')).toEqual({ ok: false, doc, error: 'there is already a state field named "caller_phone"' });
    const bad = renameStateField(doc, 'f_name', 'caller name');
    expect(bad.ok).toBe(false);
    expect(bad.doc).toBe(doc);
  });
});

describe('renameParameter', () => {
  it('renames phone in properties (keeping order), required, pii, the condition field and the body', () => {
    const doc = frozenSampleWithNameParameter();
    const next = expectOk(renameParameter(doc, 't_identity', 'phone', 'mobile'));
    const identity = tool(next, 't_identity');
    expect(Object.keys(identity.parameters.properties!)).toEqual(['name', 'mobile']);
    expect(identity.parameters.properties!.mobile).toBe(tool(doc, 't_identity').parameters.properties!.phone);
    expect(identity.parameters.required).toEqual(['name', 'mobile']);
    expect(identity.pii).toEqual(['name', 'mobile']);
    expect(next.edges.find((e) => e.id === 'e_identify_verify')!.conditions).toEqual([{ kind: 'tool', toolId: 't_identity', field: 'mobile', expected: '*' }]);
    // The state field `caller_phone` keeps its name: only the parameter changes, and the result keeps its keys.
    expect(identity.implementation).toBe('this.caller_name = name;\nthis.caller_phone = mobile;\nreturn { name, phone: mobile };');
  });

  it('rewrites {{ name }} placeholders and confirm only when no state field owns the name', () => {
    // `name` is a parameter only; `phone` is a parameter and, here, a state field (the sample names it caller_phone).
    const doc = produce(frozenSampleWithNameParameter(), (d) => {
      d.state.find((f) => f.id === 'f_phone')!.name = 'phone';
      d.stages.find((s) => s.id === 's_verify')!.instructions = 'Tell {{ name }} ({{ phone }}) to hold.';
      d.tools.find((t) => t.id === 't_identity')!.confirm = 'Saved {{name}}, {{phone}}.';
    });
    const renamedName = expectOk(renameParameter(doc, 't_identity', 'name', 'full'));
    expect(stageNamed(renamedName, 'verify').instructions).toBe('Tell {{ full }} ({{ phone }}) to hold.');
    expect(tool(renamedName, 't_identity').confirm).toBe('Saved {{full}}, {{phone}}.');
    const renamedPhone = expectOk(renameParameter(doc, 't_identity', 'phone', 'mobile'));
    expect(stageNamed(renamedPhone, 'verify').instructions).toBe('Tell {{ name }} ({{ phone }}) to hold.');
    expect(tool(renamedPhone, 't_identity').confirm).toBe('Saved {{name}}, {{mobile}}.');
  });

  it('leaves other tools’ conditions and parameters alone', () => {
    const next = expectOk(renameParameter(frozenSample(), 't_slots', 'day', 'date'));
    expect(tool(next, 't_slots').implementation).toContain('id: `${date}-${i}`, when: `${date} ${h}`');
    expect(tool(next, 't_slots').parameters.required).toEqual(['date', 'visit']);
    expect(next.edges.find((e) => e.id === 'e_identify_verify')!.conditions[0]).toMatchObject({ field: 'phone' });
  });

  it('refuses an unknown parameter and a taken name', () => {
    const doc = frozenSampleWithNameParameter();
    expect(renameParameter(doc, 't_identity', 'email', 'x')).toEqual({ ok: false, doc, error: 'tool "collect_identity" has no parameter "email"' });
    expect(renameParameter(doc, 't_identity', 'phone', 'name')).toEqual({ ok: false, doc, error: 'there is already a parameter named "name"' });
  });
});
