// Checking a conversation test typed by a person (the Save dialog's form, the panel's JSON editor)
// before it reaches the document: the same JSON Schema as the document's, plus the one rule the
// schema cannot say (names are unique in the agent, since each is also a file name).
import { validateDocument, type AgentDocument, type ConversationTest } from '../../model';
import { syntaxErrorOffset } from '../../formats/json';

/** A problem with a typed test: where (a JSON pointer inside the test, or a form field) and what to write. */
export interface TestProblem {
  path: string;
  message: string;
}

export type Checked = { ok: true; test: ConversationTest } | { ok: false; problems: TestProblem[] };

/**
 * Validates `value` as a test of `doc`. `replacing` names the test being edited, whose own name is
 * not a clash. The rest of the document is not judged: its problems belong to the Problems panel.
 */
export function checkTest(doc: AgentDocument, value: unknown, replacing?: string): Checked {
  const others = (doc.tests ?? []).filter((t) => t.name !== replacing);
  const probe = validateDocument({ ...doc, tests: [value] });
  const problems: TestProblem[] = probe.ok
    ? []
    : probe.errors.filter((e) => e.path === '/tests/0' || e.path.startsWith('/tests/0/')).map((e) => ({ path: e.path.slice('/tests/0'.length) || '/', message: friendly(e.path, e.message) }));
  if (problems.length > 0) return { ok: false, problems };
  const test = value as ConversationTest;
  if (others.some((t) => t.name === test.name)) {
    return { ok: false, problems: [{ path: '/name', message: `a test named "${test.name}" already exists: choose another name` }] };
  }
  return { ok: true, test };
}

/** Parses the JSON editor's text and checks it; a syntax error says where it is. */
export function parseTestJson(doc: AgentDocument, text: string, replacing?: string): Checked {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ path: '/', message: `not valid JSON (${syntaxWhere(text, error)}): write one object such as {"name": "booking", "input": ["Hi"], "expect": {}}` }] };
  }
  return checkTest(doc, value, replacing);
}

/** The schema's pattern error, said for a person. */
function friendly(path: string, message: string): string {
  if (path === '/tests/0/name' && message.startsWith('must match pattern')) {
    return 'use letters, digits, "_", "." or "-", starting with a letter or digit (it is also the file name tests/<name>.golden.json)';
  }
  return message;
}

/** "line 3, column 7": found by scanning the text, since engines do not always say where (V8 does not). */
export function syntaxWhere(text: string, error: unknown): string {
  const offset = syntaxErrorOffset(text);
  if (offset === undefined) return error instanceof Error ? error.message : String(error);
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}
