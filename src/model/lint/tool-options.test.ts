import { describe, expect, it } from 'vitest';
import { describeRuleCases, lintAs, type RuleCase } from './rule-cases';



const cases: RuleCase[] = [
  { rule: 'tool-pii-unknown', path: '/tools/2/pii/1', severity: ['error', 'info'],
    fail: (d) => { d.tools[2].pii = ['caller_name', 'dni']; },
    pass: (d) => { d.tools[2].pii = ['phone']; } },
  { rule: 'tool-preview-range', path: '/tools/4/preview', severity: ['error', 'info'],
    fail: (d) => { d.tools[4].preview = 0; },
    pass: (d) => { d.tools[4].preview = 1; } },
  { rule: 'tool-timeout-range', path: '/tools/4/timeout', severity: ['error', 'info'],
    fail: (d) => { d.tools[4].timeout = 301; },
    pass: (d) => { d.tools[4].timeout = 300; } },
  { rule: 'tool-when-unknown-name', path: '/tools/5/when', severity: ['error', 'info'],
    fail: (d) => { d.tools[5].when = '(s) => s.isUrgent'; },
    pass: (d) => { d.tools[5].when = '(s) => s.slots.length > 0 && !s.booking_when'; } },
  { rule: 'tool-when-syntax', path: '/tools/5/when', severity: ['error', 'info'],
    fail: (d) => { d.tools[5].when = '(s) => s.slots.length >'; },
    pass: (d) => { d.tools[5].when = '(s) => s.slots.length > 0 && !s.booking_when // offered, not booked'; } },
  { rule: 'confirm-placeholder-unknown', path: '/tools/5/confirm', severity: ['error', 'info'],
    fail: (d) => { d.tools[5].confirm = 'Booked {{day}}.'; },
    pass: (d) => { d.tools[5].confirm = 'Booked {{slot}}: {{ result.when }} with {{result.professional.name}}.'; } },
  { rule: 'confirm-placeholder-malformed', path: '/tools/5/confirm', severity: ['error', 'info'],
    fail: (d) => { d.tools[5].confirm = 'Booked: {{result}}.'; },
    pass: (d) => {
      d.tools[5].parameters.properties = { ...d.tools[5].parameters.properties, result: { type: 'string' } };
      d.tools[5].confirm = 'Booked: {{result}}.';
    } },
  { rule: 'confirm-question', path: '/tools/5/confirm', severity: ['warning', 'info'],
    fail: (d) => { d.tools[5].confirm = 'Shall I book {{result.when}} for you'; },
    pass: (d) => { d.tools[5].confirm = 'Done: {{result.when}} with {{result.professional}} is yours.'; } },
];

describeRuleCases(cases);

describe('tool option details', () => {
  it('says Pinecall\'s pii refusal word for word, then what exists', () => {
    const problem = lintAs('pinecall', cases[0].fail).find((p) => p.rule === 'tool-pii-unknown');
    expect(problem?.message).toBe('tool collect_identity: pii names parameters the tool has; unknown: dni; write some of "caller_name", "phone"');
  });

  it('refuses a timeout of zero and a negative one', () => {
    for (const timeout of [0, -5]) {
      expect(lintAs('pinecall', (d) => { d.tools[4].timeout = timeout; }).some((p) => p.rule === 'tool-timeout-range')).toBe(true);
    }
  });

  it('takes {{argument.field}} of an object argument, as Pinecall and the simulator fill it by path', () => {
    const withSlotObject = (confirm: string) => lintAs('pinecall', (d) => {
      d.tools[5].parameters = { type: 'object', properties: { slot: { type: 'object', properties: { id: { type: 'string' }, when: { type: 'string' } } } }, required: ['slot'] };
      d.tools[5].confirm = confirm;
    }).filter((p) => p.rule.startsWith('confirm-placeholder'));
    expect(withSlotObject('Booked {{slot.when}}.')).toEqual([]);
    // Near miss: a field the object does not have is said as written.
    expect(withSlotObject('Booked {{slot.room}}.').map((p) => p.rule)).toEqual(['confirm-placeholder-malformed']);
  });

  it('reports each malformed confirm placeholder, an unclosed one too', () => {
    for (const confirm of ['Booked {{result.}}.', 'Booked {{ a b }}.', 'Booked {{}}.', 'Booked {{result.when', 'Booked {{slot.id}}.']) {
      const found = lintAs('pinecall', (d) => { d.tools[5].confirm = confirm; }).filter((p) => p.rule.startsWith('confirm-placeholder'));
      expect(found.map((p) => p.rule), confirm).toEqual(['confirm-placeholder-malformed']);
    }
  });

  it('takes a question for a question with or without its question mark', () => {
    for (const confirm of ['Your slot is {{result.when}}, right?', 'Do you want {{result.when}}', 'Would you like me to book it.', 'can I book it']) {
      const problem = lintAs('pinecall', (d) => { d.tools[5].confirm = confirm; }).find((p) => p.rule === 'confirm-question');
      expect(problem?.message, confirm).toBe('tool book: confirm is a receipt said after the tool ran; write it as a statement, and make the model ask before it calls the tool');
    }
    expect(lintAs('pinecall', (d) => { d.tools[5].confirm = 'May 5 at 9:00 is booked.'; }).some((p) => p.rule === 'confirm-question')).toBe(false);
  });
});
