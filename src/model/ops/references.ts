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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Text that names a tool: prose (persona, instructions, looping messages) that has the name as a
 * whole word ("call book when they agree"), and other tools' code that calls it as `this.book`.
 * Conditions and scopes name tools by id, so deleting the tool takes those along instead.
 */
export function textReferencesToTool(doc: AgentDocument, toolId: string, toolName: string): TextReference[] {
  if (!toolName) return [];
  const word = new RegExp(`(?<![A-Za-z0-9_$])${escapeRegExp(toolName)}(?![A-Za-z0-9_$])`, 'g');
  const found = collect(doc, {
    template: (t) => t.replace(word, PROBE),
    code: (t) => renameMember(t, 'this', toolName, PROBE),
  });
  return found.filter((r) => !(r.kind === 'tool' && r.id === toolId));
}

/** A conversation test's place that names a tool: what it expects called or not, its mocked result. */
export interface TestReference {
  test: string;
  where: 'expect.tools' | 'expect.not_tools' | 'mocks';
}

export function testReferencesToTool(doc: AgentDocument, toolName: string): TestReference[] {
  const found: TestReference[] = [];
  for (const test of doc.tests ?? []) {
    if (test.expect.tools?.includes(toolName)) found.push({ test: test.name, where: 'expect.tools' });
    if (test.expect.not_tools?.includes(toolName)) found.push({ test: test.name, where: 'expect.not_tools' });
    if (test.mocks && Object.hasOwn(test.mocks, toolName)) found.push({ test: test.name, where: 'mocks' });
  }
  return found;
}
