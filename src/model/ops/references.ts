import { edgeName } from '../describe';
import type { AgentDocument } from '../types';
import { renameFieldInWhen, renameIdentifier, renameInTemplate, renameMember, renameStageLiterals } from './rewrite';

/** A place whose text names an entity (as opposed to naming it by id). */
export interface TextReference {
  kind: 'agent' | 'block' | 'stage' | 'tool' | 'edge';
  id: string;
  name: string;
  /** Which text: "persona", "instructions", "implementation", "when", "looping message", "condition 2". */
  where: string;
}

// A reference is wherever the rename operation would change the text: one definition of "refers
// to" for renames, delete warnings and "used in" lists. The probe name cannot occur in sources.
const PROBE = '__callboard_probe__';
const changes = (text: string | undefined, rewrite: (text: string) => string) => text !== undefined && rewrite(text) !== text;

function collect(doc: AgentDocument, rewrites: { template?: (t: string) => string; code?: (t: string) => string; when?: (t: string) => string; expression?: (t: string) => string }): TextReference[] {
  const found: TextReference[] = [];
  const { template, code, when, expression } = rewrites;
  if (template) {
    if (changes(doc.persona, template)) found.push({ kind: 'agent', id: doc.id, name: doc.name, where: 'persona' });
    for (const s of doc.stages) if (changes(s.instructions, template)) found.push({ kind: 'stage', id: s.id, name: s.name, where: 'instructions' });
    for (const b of doc.blocks) if (b.looping?.messages.some((m) => changes(m, template))) found.push({ kind: 'block', id: b.id, name: b.name, where: 'looping message' });
  }
  for (const t of doc.tools) {
    if (code && changes(t.implementation, code)) found.push({ kind: 'tool', id: t.id, name: t.name, where: 'implementation' });
    if (when && changes(t.when, when)) found.push({ kind: 'tool', id: t.id, name: t.name, where: 'when' });
  }
  if (expression) {
    for (const e of doc.edges) {
      e.conditions.forEach((c, i) => {
        if (c.kind === 'expression' && changes(c.expression, expression)) found.push({ kind: 'edge', id: e.id, name: edgeName(doc, e.id), where: `condition ${i + 1}` });
      });
    }
  }
  return found;
}

/** Code that compares or assigns the stage field to this stage's name. */
export function textReferencesToStage(doc: AgentDocument, stageName: string): TextReference[] {
  const literal = (src: string) => renameStageLiterals(src, stageName, PROBE);
  return collect(doc, { code: literal, when: literal, expression: literal });
}

/** Placeholders, `this.name`, `s.name` in `when`, and identifiers in expression conditions. */
export function textReferencesToStateField(doc: AgentDocument, fieldName: string): TextReference[] {
  return collect(doc, {
    template: (t) => renameInTemplate(t, fieldName, PROBE),
    code: (t) => renameMember(t, 'this', fieldName, PROBE),
    when: (t) => renameFieldInWhen(t, fieldName, PROBE),
    expression: (t) => renameIdentifier(t, fieldName, PROBE, { keepObjectKeys: true }),
  });
}
