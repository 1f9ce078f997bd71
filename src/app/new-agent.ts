// "New agent": what a new project can start from. The empty one is made here; the others are
// Callboard documents in public/examples/, fetched when chosen (never part of the first paint).
import { emptyDocument, loadDocument, newId, TARGET_LABEL, type AgentDocument, type Target } from '../model';

export interface AgentTemplate {
  id: 'empty' | 'sample' | 'block-agent-intake' | 'pinecall-booking' | 'pipecat-restaurant';
  label: string;
  /** What it holds, in a line. */
  description: string;
  /** The file under public/examples/ (none: the empty agent). */
  file?: string;
  target?: Target;
}

export const AGENT_TEMPLATES: readonly AgentTemplate[] = [
  { id: 'empty', label: 'Empty agent', description: 'No stages, tools or state: build it yourself.' },
  { id: 'sample', label: 'The sample: Clinic Booking', description: 'A dental clinic booking: identify, verify, choose a slot, book; with three tests.', file: 'clinic-booking', target: 'pinecall' },
  { id: 'block-agent-intake', label: 'Block Agent intake', description: 'Intent, authentication, end call, with the Tools page’s is_schedule_appointment, collect_date_of_birth and collect_patient_profile.', file: 'template-block-agent-intake', target: 'block-agent' },
  { id: 'pinecall-booking', label: 'Pinecall booking', description: 'Choose a day, book a slot: freeSlots (preview 2, announce) and book (confirm), as in Pinecall’s Tools page.', file: 'template-pinecall-booking', target: 'pinecall' },
  { id: 'pipecat-restaurant', label: 'Pipecat restaurant reservation', description: 'Pipecat’s own example flow: party size, a time checked by a branch on its result, confirm; with its handlers’ signatures and a test.', file: 'template-pipecat-restaurant', target: 'pipecat' },
];

export const templateRuntime = (t: AgentTemplate): string => (t.target ? TARGET_LABEL[t.target] : 'any runtime');

/** The template as a new document: a fresh id, so it never opens over a project made from it before. */
export async function documentFrom(template: AgentTemplate, fetcher: typeof fetch = fetch, base = import.meta.env.BASE_URL): Promise<AgentDocument> {
  if (!template.file) return emptyDocument();
  const response = await fetcher(`${base}examples/${template.file}.json`);
  if (!response.ok) throw new Error(`the template ${template.label} could not be fetched (HTTP ${response.status})`);
  const result = loadDocument(await response.json());
  if (!result.ok) throw new Error(`the template ${template.label} is not a valid agent: ${result.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
  return { ...result.doc, id: newId() };
}
