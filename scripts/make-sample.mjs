// One-off author script for public/examples/clinic-booking.json (kept so the sample can be regenerated).
import { writeFileSync } from 'node:fs';
const str = (description, extra = {}) => ({ type: 'string', description, ...extra });
const obj = (properties, required = Object.keys(properties)) => ({ type: 'object', properties, required, additionalProperties: false });
const doc = {
  format: 'callboard.agent', version: 1, id: 'sample-clinic-booking', name: 'Clinic Booking', target: 'pinecall',
  persona: 'You are Sofia, the front desk of Clínica Norte, a dental clinic. You speak in short, warm sentences, one question at a time, and never invent slots or prices.',
  llm: { temperature: 0.2, max_tokens: 200, request_timeout: 20, max_retries: 2 },
  opening: 'agent',
  state: [
    { id: 'f_name', name: 'caller_name', type: 'string', default: '', pii: true, visibility: 'private', description: "The caller's full name." },
    { id: 'f_phone', name: 'caller_phone', type: 'string', default: '', pii: true, visibility: 'private', description: "The caller's phone number." },
    { id: 'f_verified', name: 'verified', type: 'boolean', default: false, pii: false, visibility: 'public' },
    { id: 'f_slots', name: 'slots', type: 'array', default: [], pii: false, visibility: 'private', description: 'Slots last offered.' },
    { id: 'f_searches', name: 'searches', type: 'integer', default: 0, pii: false, visibility: 'private' },
    { id: 'f_booking', name: 'booking_when', type: 'string', default: '', pii: false, visibility: 'public' },
  ],
  blocks: [
    { id: 'b_greeting', name: 'Greeting', ref: 'greeting', intent: true, looping: { threshold: 3, messages: ['Let me put you through to the front desk.'], connectTo: 's_goodbye', kpis: ['intent_not_detected'] } },
    { id: 'b_identify', name: 'Identify', ref: 'identify', intent: false },
    { id: 'b_booking', name: 'Booking', ref: 'booking', intent: false },
    { id: 'b_end', name: 'End', ref: 'end_call', intent: false },
  ],
  stages: [
    { id: 's_greet', name: 'greet', ref: 't_greet', blockId: 'b_greeting', kind: 'turn', instructions: 'Greet the caller and ask how you can help.' },
    { id: 's_identity', name: 'identify', ref: 't_identify', blockId: 'b_identify', kind: 'turn', instructions: "Ask for the caller's full name and a phone number, one at a time." },
    { id: 's_verify', name: 'verify', ref: 't_verify', blockId: 'b_identify', kind: 'wait', waitToken: 'ehr_lookup', instructions: 'Tell {{ caller_name }} you are checking their record; it takes a moment. Check the record before you go on.' },
    { id: 's_choose', name: 'choose', ref: 't_choose', blockId: 'b_booking', kind: 'turn', instructions: 'Ask which day suits the caller and what the visit is for, then offer the free slots two at a time. Ask before you book. Slots found so far: {{ slots }}' },
    { id: 's_goodbye', name: 'goodbye', ref: 't_goodbye', blockId: 'b_end', kind: 'turn', instructions: 'Thank {{ caller_name }}, repeat the booking if there is one, and say goodbye.' },
  ],
  edges: [
    { id: 'e_greet_identify', from: 's_greet', to: 's_identity', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_intent', field: 'schedule_appointment', expected: 'true' }] },
    { id: 'e_greet_loop', from: 's_greet', to: 's_greet', kind: 'loop', conditions: [{ kind: 'nlu', sentence: 'The caller has not yet said why they are calling.' }] },
    { id: 'e_identify_verify', from: 's_identity', to: 's_verify', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_identity', field: 'phone', expected: '*' }] },
    { id: 'e_verify_choose', from: 's_verify', to: 's_choose', kind: 'edge', conditions: [{ kind: 'external', expected: 'verified' }] },
    { id: 'e_verify_goodbye', from: 's_verify', to: 's_goodbye', kind: 'edge', conditions: [{ kind: 'external', expected: '*' }] },
    { id: 'e_choose_goodbye', from: 's_choose', to: 's_goodbye', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_book', expected: '*' }] },
    { id: 'e_choose_giveup', from: 's_choose', to: 's_goodbye', kind: 'edge', conditions: [{ kind: 'expression', expression: 'searches >= 3' }] },
  ],
  tools: [
    { id: 't_intent', kind: 'function', name: 'is_schedule_appointment', fallback: false, pii: [], scope: { kind: 'blocks', blockIds: ['b_greeting'] },
      description: "Use this when the caller wants to schedule an appointment, in any language ('quiero hacer una cita', 'I need a cleaning', 'new patient').",
      parameters: obj({ schedule_appointment: { type: 'boolean', description: 'True when the caller wants to schedule an appointment.' }, intent_utterance: str('The caller\'s words that showed the intent.') }) },
    { id: 't_not_yet', kind: 'function', name: 'caller_intent_not_yet_detected', fallback: true, pii: [], scope: { kind: 'blocks', blockIds: ['b_greeting'] },
      description: 'Use this while the caller has not yet said why they are calling (a greeting, small talk, silence).', parameters: obj({}) },
    { id: 't_identity', kind: 'function', name: 'collect_identity', fallback: false, pii: ['caller_name', 'phone'], scope: { kind: 'blocks', blockIds: ['b_identify'] },
      description: "Record the caller's full name and phone number. Call it as soon as the caller gives either; ask for the other.",
      parameters: obj({ caller_name: str("The caller's full name as they said it."), phone: str('The phone number, digits only, with the country code when given.', { pattern: '^\\+?[0-9]{7,15}$' }) }),
      implementation: 'this.caller_name = caller_name;\nthis.caller_phone = phone;\nreturn { caller_name, phone };' },
    { id: 't_ehr', kind: 'mcp', name: 'ehr', fallback: false, pii: [], scope: { kind: 'blocks', blockIds: ['b_identify'] },
      description: 'Look the caller up in the clinic records.', parameters: obj({}),
      mcp: { serverLabel: 'ehr', serverUrl: 'https://mcp.example.com/mcp', allowedTools: ['lookup_patient'], headers: { Authorization: 'Bearer {{secret:EHR_TOKEN}}' }, mocks: { lookup_patient: { found: true, patient_id: 'P-1042' } } } },
    { id: 't_slots', kind: 'function', name: 'free_slots', fallback: false, pii: [], scope: { kind: 'blocks', blockIds: ['b_booking'] },
      description: 'Free slots on one day, for one kind of visit. Always call it for a day the caller names.',
      parameters: obj({ day: str('The day the caller named, as they said it (e.g. "Tuesday", "May 5").'), visit: { type: 'string', enum: ['cleaning', 'checkup', 'whitening'], description: 'What the visit is for.' } }),
      announce: 'Let me check the agenda.', preview: 2, timeout: 10,
      implementation: 'this.searches = this.searches + 1;\nconst hours = ["09:00", "10:30", "12:00", "16:00"];\nthis.slots = hours.map((h, i) => ({ id: `${day}-${i}`, when: `${day} ${h}`, professional: i % 2 ? "Dr. Ruiz" : "Dr. Vega", visit }));\nreturn this.slots;' },
    { id: 't_book', kind: 'function', name: 'book', fallback: false, pii: [], scope: { kind: 'blocks', blockIds: ['b_booking'] },
      description: 'Book one of the slots you offered, by its id. Ask the caller to agree before you call it.',
      parameters: obj({ slot: str('The id of an offered slot.') }),
      when: '(s) => s.slots.length > 0', confirm: 'Booked: {{result.when}} with {{result.professional}}.',
      implementation: 'const found = this.slots.find((s) => s.id === slot);\nif (!found) throw new Error(`${slot} is not one of the slots offered; offer free slots again.`);\nthis.booking_when = found.when;\nreturn found;' },
    { id: 't_end', kind: 'function', name: 'end_call', fallback: false, pii: [], scope: { kind: 'blocks', blockIds: ['b_end'] },
      description: 'The caller has nothing else to ask: end the call.', parameters: obj({}) },
    // Pinecall has no wait stages: there the verify stage's external edges lose their condition
    // (see losses), so the call moves on when a tool of that stage runs; this is that tool.
    { id: 't_check', kind: 'function', name: 'check_record', fallback: false, pii: [], scope: { kind: 'stages', stageIds: ['s_verify'] },
      description: "Check the caller's record in the clinic system once you have their name and phone.", parameters: obj({}),
      implementation: 'this.verified = this.caller_phone !== "";\nreturn { found: this.verified };' },
  ],
  entryStageId: 's_greet',
  layout: {
    positions: {
      b_greeting: { x: 0, y: 40 }, s_greet: { x: 25, y: 90 },
      b_identify: { x: 510, y: 0 }, s_identity: { x: 25, y: 56 }, s_verify: { x: 25, y: 300 },
      b_booking: { x: 930, y: 0 }, s_choose: { x: 25, y: 56 },
      b_end: { x: 1350, y: 250 }, s_goodbye: { x: 25, y: 56 },
    },
    sizes: { b_greeting: { width: 310, height: 264 }, b_identify: { width: 310, height: 480 }, b_booking: { width: 310, height: 230 }, b_end: { width: 310, height: 230 } },
  },
  // Conversation tests (issue 6): they pass on the offline model in both runtimes (the vitest
  // src/simulator/conversation-tests/sample-tests.test.ts and `callboard test` run them). The
  // caller's words share none of the tools' words, as in the offline model's own sample test.
  tests: [
    {
      name: 'books-thursday-cleaning',
      call: { today: '2026-12-01' },
      input: ["Hi, I'd like to reserve a spot please.", "I'm Dana Whitfield, you can reach me on 555 123 4567.", 'Could I come Thursday for a cleaning?', 'Yes, the 10:30 one please.'],
      waits: { ehr_lookup: 'verified' },
      expect: { tools: ['collect_identity', 'free_slots', 'book'], says: ['Dana Whitfield. Goodbye'], stage: 'goodbye', state: { booking_when: 'Thursday 10:30', searches: 1 } },
    },
    {
      name: 'identifies-the-caller',
      call: { today: '2026-12-01' },
      input: ["Hi, I'd like to reserve a spot please.", "I'm Dana Whitfield, you can reach me on 555 123 4567."],
      waits: { ehr_lookup: 'verified' },
      expect: { tools: ['collect_identity'], not_tools: ['free_slots', 'book'], stage: 'choose', state: { caller_name: 'Dana Whitfield', caller_phone: '5551234567' } },
    },
    {
      name: 'small-talk-stays-in-greet',
      input: ['Hello there, good morning.'],
      expect: { not_tools: ['is_schedule_appointment', 'collect_identity'], stage: 'greet' },
    },
  ],
};
writeFileSync(new URL('../public/examples/clinic-booking.json', import.meta.url), JSON.stringify(doc, null, 2) + '\n');
