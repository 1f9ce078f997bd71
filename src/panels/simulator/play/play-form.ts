// "Play the model" (issue 32): what the model was offered at a step, and the person's answer as a
// form. Each tool's parameters are read with the Params editor's own reading of a JSON Schema
// (editors/schema-form.ts, schemaToRows) and filled as text fields; reading the form back types
// each value as its schema says and names the field and what to write when it cannot. Pure.
import type { PlayedTurn } from '../../../model';
import { schemaToRows, type ParamRow } from '../../../editors/schema-form';
import type { Offer } from './offer';

export interface PlayField extends ParamRow {
  /** What the text field holds: strings as written, anything else as JSON. */
  text: string;
}

export interface PlayDraft {
  /** The tool picked, or null for none. */
  tool: string | null;
  /** The picked tool's fields, by tool name (each tool keeps what was typed in it). */
  fields: Record<string, PlayField[]>;
  says: string;
}

const asText = (value: unknown, row: ParamRow): string => (value === undefined ? '' : row.type === 'string' && typeof value === 'string' ? value : JSON.stringify(value));

function parseArgs(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The form as it opens: the tool the model called (else the one the rules' undecided line points
 * at) picked, its fields filled with what the model sent or the rules read; the reply the model
 * said, unless it was the rules asking again.
 */
export function draftOf(offer: Offer): PlayDraft {
  const called = offer.answer.toolCalls[0];
  const read = called ? { tool: called.name, args: parseArgs(called.arguments) } : offer.undecided?.tool ? { tool: offer.undecided.tool, args: offer.undecided.read ?? {} } : undefined;
  const fields: Record<string, PlayField[]> = {};
  for (const tool of offer.tools) {
    const args = read?.tool === tool.name ? read.args : {};
    fields[tool.name] = schemaToRows(tool.parameters).map((row) => ({ ...row, text: asText(Object.hasOwn(args, row.name) ? args[row.name] : undefined, row) }));
  }
  const tool = read && offer.tools.some((t) => t.name === read.tool) ? read.tool : null;
  return { tool, fields, says: offer.undecided ? '' : offer.answer.text };
}

/** What to write in a field of `row`'s type, for a message. */
function expected(row: ParamRow): string {
  if (row.enumText) return `one of ${row.enumText}`;
  switch (row.type) {
    case 'number': return 'a number, such as 2.5';
    case 'integer': return 'a whole number, such as 3';
    case 'boolean': return 'true or false';
    case 'array': return 'a JSON array, such as ["a", "b"]';
    case 'object': return 'a JSON object, such as {"key": "value"}';
    default: return 'a JSON value';
  }
}

/** One field's value as its schema types it, or what to write instead. */
function valueOf(row: PlayField): { value: unknown } | { error: string } | undefined {
  const text = row.text.trim();
  if (text === '') return row.required ? { error: `${row.name} is required: write ${row.type === 'string' ? 'its value' : expected(row)}` } : undefined;
  if (row.type === 'string') return { value: row.text };
  try {
    const value: unknown = JSON.parse(text);
    const fits =
      row.type === 'number' ? typeof value === 'number' :
      row.type === 'integer' ? Number.isInteger(value) :
      row.type === 'boolean' ? typeof value === 'boolean' :
      row.type === 'array' ? Array.isArray(value) :
      row.type === 'object' ? value !== null && typeof value === 'object' && !Array.isArray(value) : true;
    if (fits) return { value };
  } catch {
    // Said below with what to write.
  }
  return { error: `${row.name}: "${text}" is not ${expected(row)}` };
}

export type PlayRead = { ok: true; answer: Omit<PlayedTurn, 'step'> } | { ok: false; problems: { field: string; message: string }[] };

/**
 * The answer the form describes. The schema's finer rules (a pattern, an enum, a minimum) are not
 * checked here: the engine checks the arguments as it checks any model's, and says so in the chat.
 */
export function answerOf(draft: PlayDraft): PlayRead {
  const problems: { field: string; message: string }[] = [];
  const args: Record<string, unknown> = {};
  for (const row of draft.tool ? (draft.fields[draft.tool] ?? []) : []) {
    const read = valueOf(row);
    if (read && 'error' in read) problems.push({ field: row.name, message: read.error });
    else if (read) args[row.name] = read.value;
  }
  const says = draft.says.trim();
  if (!draft.tool && !says) problems.push({ field: 'says', message: 'Pick a tool or write what the agent says (or both)' });
  if (problems.length) return { ok: false, problems };
  return { ok: true, answer: { ...(draft.tool ? { tools: [{ name: draft.tool, arguments: args }] } : {}), ...(says ? { says } : {}) } };
}
