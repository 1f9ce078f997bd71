// The document edits of the Tests panel and the Save dialog, as pure recipes for store.apply: each
// is one undo step and is saved with the project like any other change.
import type { AgentDocument, ConversationTest } from '../../model';

export const addTest = (test: ConversationTest) => (doc: AgentDocument): AgentDocument => ({ ...doc, tests: [...(doc.tests ?? []), test] });

/** Replaces the test named `name` in place (its position in the list stays). */
export const replaceTest = (name: string, test: ConversationTest) => (doc: AgentDocument): AgentDocument =>
  doc.tests?.some((t) => t.name === name) ? { ...doc, tests: doc.tests.map((t) => (t.name === name ? test : t)) } : doc;

/** Removes the test; the last one gone leaves no `tests` key (absent means none, as the schema says). */
export const deleteTest = (name: string) => (doc: AgentDocument): AgentDocument => {
  if (!doc.tests?.some((t) => t.name === name)) return doc;
  const tests = doc.tests.filter((t) => t.name !== name);
  if (tests.length > 0) return { ...doc, tests };
  const { tests: _gone, ...rest } = doc;
  return rest;
};
