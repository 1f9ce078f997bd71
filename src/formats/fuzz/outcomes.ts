// What an importer may answer to any input (importers.fuzz.test.ts): a valid document, or errors
// each with a non-empty message and a location: a line:column inside the text for the text formats,
// a line:column or a document path (a JSON pointer) for the JSON save format. Each check returns
// what is wrong with an answer, so a failing case names every fault at once. Test-only.
import { CURRENT_VERSION, DOCUMENT_FORMAT, type AgentDocument, type Tool } from '../../model/types';
import { validateDocument } from '../../model/validate';

/** Line breaks as any of the parsers count them (YAML: \n; TypeScript also \r, U+2028, U+2029). */
const lineCount = (text: string) => text.split(/\r\n|[\n\r\u2028\u2029]/).length;

const isPosition = (n: unknown, max: number) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max;

function messageFaults(error: Record<string, unknown>, label: string): string[] {
  return typeof error.message === 'string' && error.message.trim() !== '' ? [] : [`${label}: no message`];
}

/** Errors of a text format: at least one, each with a message and a line:column inside `text`. */
export function textErrorFaults(text: string, errors: unknown): string[] {
  if (!Array.isArray(errors) || errors.length === 0) return ['a failed import with no errors'];
  return errors.flatMap((raw, i) => {
    const error = raw as Record<string, unknown>;
    const label = `error ${i} ${JSON.stringify(error)}`;
    const faults = messageFaults(error, label);
    if (!isPosition(error.line, lineCount(text))) faults.push(`${label}: line is not a line of the text (1…${lineCount(text)})`);
    if (!isPosition(error.column, text.length + 1)) faults.push(`${label}: column is not a column of the text`);
    return faults;
  });
}

const POINTER = /^\/$|^(\/[^/]*)+$/;

/** Errors of the JSON import: each a syntax error at a line:column, or a schema error at a path. */
export function jsonErrorFaults(text: string, errors: unknown): string[] {
  if (!Array.isArray(errors) || errors.length === 0) return ['a failed import with no errors'];
  return errors.flatMap((raw, i) => {
    const error = raw as Record<string, unknown>;
    const label = `error ${i} ${JSON.stringify(error)}`;
    const faults = messageFaults(error, label);
    if ('path' in error) {
      if (typeof error.path !== 'string' || !POINTER.test(error.path)) faults.push(`${label}: path is not a JSON pointer`);
    } else {
      if (!isPosition(error.line, lineCount(text))) faults.push(`${label}: line is not a line of the text`);
      if (!isPosition(error.column, text.length + 1)) faults.push(`${label}: column is not a column of the text`);
    }
    return faults;
  });
}

/** A document the model's validator accepts. */
export function documentFaults(doc: AgentDocument): string[] {
  const valid = validateDocument(doc);
  return valid.ok ? [] : valid.errors.map((e) => `the imported document is invalid: ${e.path} ${e.message}`);
}

/** Tools the validator accepts, checked in an otherwise empty document. */
export function toolsFaults(tools: Tool[]): string[] {
  if (!Array.isArray(tools)) return ['the tools are not a list'];
  return documentFaults({
    format: DOCUMENT_FORMAT, version: CURRENT_VERSION, id: 'fuzz', name: 'Fuzz', target: 'block-agent', persona: '', llm: {}, opening: 'caller',
    state: [], blocks: [], stages: [], edges: [], tools, entryStageId: null, layout: { positions: {}, sizes: {} },
  });
}
