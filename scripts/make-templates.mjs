// Author script for the "New agent" templates in public/examples/ (run: node scripts/make-templates.mjs).
// Two seed shapes, as a new user would build them by hand: a Block Agent intake with the tools of
// IntelePeer's Tools page (seeds/003) and a Pinecall booking with its freeSlots and book (seeds/000).
import { writeFileSync } from 'node:fs';

const str = (description, extra = {}) => ({ type: 'string', description, ...extra });
const obj = (properties, required = Object.keys(properties)) => ({ type: 'object', properties, required, additionalProperties: false });
const field = (id, name, type, def, more = {}) => ({ id, name, type, ...(def === undefined ? {} : { default: def }), pii: false, visibility: 'private', ...more });
const base = { format: 'callboard.agent', version: 1, llm: { temperature: 0.2, max_tokens: 200 }, layout: { positions: {}, sizes: {} } };

const intake = {
  ...base,
  id: 'template-block-agent-intake',
  name: 'Patient intake',
  target: 'block-agent',
  persona: 'You are the front desk of a dental clinic. Short, warm sentences, one question at a time; answer in the language the caller speaks.',
  opening: 'caller',
  state: [
    // Block Agent state is what the tools capture: no defaults, and the parameters carry the descriptions.
    field('f_schedule', 'schedule_appointment', 'boolean'),
    field('f_utterance', 'intent_utterance', 'string'),
    field('f_first', 'first_name', 'string', undefined, { pii: true }),
    field('f_last', 'last_name', 'string', undefined, { pii: true }),
    field('f_phone', 'phone_number', 'string', undefined, { pii: true }),
    field('f_dob', 'date_of_birth', 'string', undefined, { pii: true }),
  ],
  blocks: [
    { id: 'b_intent', name: 'Greeting_Intent', ref: 'greeting_intent', intent: true, looping: { threshold: 3, messages: ['Let me put you through to the front desk.'], connectTo: 's_goodbye' } },
    { id: 'b_auth', name: 'Authentication', ref: 'authentication', intent: false },
    { id: 'b_end', name: 'end_call', ref: 'end_call', intent: false },
  ],
  stages: [
    { id: 's_intent', name: 'detect_intent', ref: 'detect_intent', blockId: 'b_intent', kind: 'turn', instructions: 'Greet the caller and ask how you can help.' },
    { id: 's_profile', name: 'collect_profile', ref: 'collect_profile', blockId: 'b_auth', kind: 'turn', instructions: "Ask for the caller's first and last name and a phone number, one at a time." },
    { id: 's_dob', name: 'collect_dob', ref: 'collect_dob', blockId: 'b_auth', kind: 'turn', instructions: 'Ask {{ first_name }} for their date of birth: year, month and day.' },
    { id: 's_goodbye', name: 'goodbye', ref: 'goodbye', blockId: 'b_end', kind: 'turn', instructions: 'Thank the caller, say the front desk will call back to confirm, and say goodbye.' },
  ],
  edges: [
    { id: 'e_intent_profile', from: 's_intent', to: 's_profile', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_schedule', field: 'schedule_appointment', expected: 'true' }] },
    { id: 'e_intent_loop', from: 's_intent', to: 's_intent', kind: 'loop', conditions: [{ kind: 'nlu', sentence: 'The caller has not yet said why they are calling.' }] },
    { id: 'e_profile_dob', from: 's_profile', to: 's_dob', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_profile', field: 'phone_number', expected: '*' }] },
    { id: 'e_dob_goodbye', from: 's_dob', to: 's_goodbye', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_dob', field: 'date_of_birth', expected: '*' }] },
  ],
  tools: [
    {
      id: 't_schedule', kind: 'function', name: 'is_schedule_appointment', fallback: false, pii: [], scope: { kind: 'blocks', blockIds: ['b_intent'] },
      description: "Use this when the user expresses interest/intent in scheduling an appointment, regardless of language. Common Spanish phrases: 'quiero hacer una cita', 'necesito programar una cita'. Common English phrases: 'appointment', 'I need to schedule', 'cleaning', 'new patient'.",
      parameters: obj({ schedule_appointment: { type: 'boolean', description: 'This will be true when the caller wants to schedule an appointment.' }, intent_utterance: str('The verbatim user message that elicited this intent.') }),
    },
    {
      id: 't_no_intent', kind: 'function', name: 'caller_intent_not_yet_detected', fallback: true, pii: [], scope: { kind: 'blocks', blockIds: ['b_intent'] },
      description: 'Use this when the caller has not yet said why they are calling (a greeting, small talk, "hi").',
      parameters: obj({}),
    },
    {
      id: 't_profile', kind: 'function', name: 'collect_patient_profile', fallback: false, pii: ['first_name', 'last_name', 'phone_number'], scope: { kind: 'blocks', blockIds: ['b_auth'] },
      description: 'Unified function to collect patient information for registration. Call this function whenever the user provides ANY of the following: first name, last name, phone number. You can call this function multiple times as you collect information progressively.',
      parameters: obj({ first_name: str("The caller's first name."), last_name: str("The caller's last name."), phone_number: str('The phone number, digits only.', { pattern: '^[0-9]{7,15}$|^$' }) }, []),
    },
    {
      id: 't_dob', kind: 'function', name: 'collect_date_of_birth', fallback: false, pii: ['birth_year', 'birth_month', 'birth_day', 'date_of_birth'], scope: { kind: 'blocks', blockIds: ['b_auth'] },
      description: 'Collect the full date of birth including year, month, and day. Execute this function whenever the user provides any date-related information.',
      parameters: obj({
        birth_year: str('The year of birth in numeric YYYY format.', { pattern: '^[0-9]{4}$|^$' }),
        birth_month: str('The month of birth in numeric MM format (01-12).', { pattern: '^[0-9]{2}$|^$' }),
        birth_day: str('The day of birth in numeric DD format (01-31).', { pattern: '^[0-9]{2}$|^$' }),
        date_of_birth: str('The complete date of birth in ISO format YYYY-MM-DD. ONLY populate when ALL three components are provided.', { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$|^$' }),
      }, []),
    },
    {
      id: 't_end', kind: 'function', name: 'end_call', fallback: false, pii: [], scope: { kind: 'blocks', blockIds: ['b_end'] },
      description: 'The caller has said goodbye or has nothing more to ask.',
      parameters: obj({}),
    },
  ],
  entryStageId: 's_intent',
};

const booking = {
  ...base,
  id: 'template-pinecall-booking',
  name: 'Appointment Booking',
  target: 'pinecall',
  persona: 'You are the booking line of a clinic. Short sentences, one question at a time; never invent slots.',
  opening: 'caller',
  state: [
    field('f_slots', 'slots', 'array', [], { description: 'The slots last offered.' }),
    field('f_booking', 'booking_when', 'string', '', { visibility: 'public' }),
  ],
  blocks: [{ id: 'b_main', name: 'AppointmentBooking', ref: 'booking', intent: false }],
  stages: [
    { id: 's_choose', name: 'choose', ref: 'choose', blockId: 'b_main', kind: 'turn', instructions: 'Ask which day suits the patient and for which specialty, then look for free slots on that day.' },
    { id: 's_book', name: 'book', ref: 'book', blockId: 'b_main', kind: 'turn', instructions: 'Offer the free slots two at a time: {{ slots }}. Ask the patient to agree before you book one.' },
    { id: 's_done', name: 'done', ref: 'done', blockId: 'b_main', kind: 'turn', instructions: 'Repeat the booking ({{ booking_when }}) and say goodbye.' },
  ],
  edges: [
    { id: 'e_book_done', from: 's_book', to: 's_done', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_book', expected: '*' }] },
  ],
  tools: [
    {
      id: 't_free', kind: 'function', name: 'freeSlots', fallback: false, pii: [], scope: { kind: 'stages', stageIds: ['s_choose', 's_book'] },
      description: 'Free slots on one day, for one specialty. Always call it for a day the patient names.',
      parameters: obj({ day: str('The day the patient named, as they said it ("Tuesday").'), specialty: str('The specialty the visit is for.', { enum: ['dentistry', 'hygiene', 'orthodontics'] }) }),
      announce: 'Let me check the agenda.',
      preview: 2,
      implementation: 'const hours = ["09:00", "10:30", "16:00"];\nthis.slots = hours.map((h, i) => ({ id: `${day}-${i}`, when: `${day} ${h}`, professional: i % 2 ? "Dr. Ruiz" : "Dr. Vega", specialty }));\nthis.stage = this.slots.length > 0 ? "book" : "choose";\nreturn this.slots;',
    },
    {
      id: 't_book', kind: 'function', name: 'book', fallback: false, pii: [], scope: { kind: 'stages', stageIds: ['s_book'] },
      description: 'Book one of the slots you offered, by its id. Ask the patient to agree before you call it.',
      parameters: obj({ slot: str('The id of an offered slot.') }),
      confirm: 'Booked: {{result.when}} with {{result.professional}}.',
      implementation: 'const found = this.slots.find((s) => s.id === slot);\nif (!found) throw new Error(`${slot} is not one of the slots offered; look for free slots again.`);\nthis.booking_when = found.when;\nreturn found;',
    },
  ],
  entryStageId: 's_choose',
};

for (const [file, doc] of [['template-block-agent-intake', intake], ['template-pinecall-booking', booking]]) {
  writeFileSync(new URL(`../public/examples/${file}.json`, import.meta.url), JSON.stringify(doc, null, 2) + '\n');
}
