// "New agent": what a new project can start from. The empty one is made here; the others are
// Callboard documents in public/examples/, fetched when chosen (never part of the first paint).
import { emptyDocument, loadDocument, newId, TARGET_LABEL, type AgentDocument } from '../model';
import { RUNTIME_FACTS } from '../runtimes/facts';
import type { AgentTemplate } from '../runtimes/runtime-facts';

export type { AgentTemplate };

/** The empty agent, then each runtime's templates (runtimes/<runtime>.ts), in the runtime switch's order. */
export const AGENT_TEMPLATES: readonly AgentTemplate[] = [
  { id: 'empty', label: 'Empty agent', description: 'No stages, tools or state: build it yourself.' },
  ...RUNTIME_FACTS.flatMap((r) => r.templates),
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
