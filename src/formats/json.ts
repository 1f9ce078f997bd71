// The save format: the document as JSON. Keys come out in the schema's order (format, version,
// id, name, …) whatever order an edit left them in, and maps keyed by ids are sorted, so a saved
// file diffs cleanly; free-form values (parameters, extra, preserved, mocks) keep their own order,
// which for parameters is meaningful.
import schema from '../model/agent.schema.json';
import { loadDocument, type AgentDocument } from '../model';

type SchemaNode = {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  const?: unknown;
};
const defs = (schema as unknown as { $defs: Record<string, SchemaNode> }).$defs;

const resolve = (node: SchemaNode | undefined): SchemaNode | undefined =>
  node?.$ref ? resolve(defs[node.$ref.replace('#/$defs/', '')]) : node;

/** The branch of a oneOf (a condition, a scope) whose `kind` constant the value carries. */
function branchFor(node: SchemaNode, value: Record<string, unknown>): SchemaNode {
  if (!node.oneOf) return node;
  const branches = node.oneOf.map(resolve).filter((b): b is SchemaNode => !!b);
  return branches.find((b) => b.properties?.kind?.const === value.kind) ?? branches[0] ?? node;
}

function ordered(value: unknown, node: SchemaNode | undefined): unknown {
  const shape = resolve(node);
  if (Array.isArray(value)) return value.map((item) => ordered(item, shape?.items));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const branch = shape ? branchFor(shape, record) : undefined;
  const properties = branch?.properties ?? {};
  const rest = typeof branch?.additionalProperties === 'object' ? branch.additionalProperties : undefined;
  // A map keyed by ids or names (layout positions and sizes, headers) is sorted: its order is only the edit history.
  const free = Object.keys(record).filter((k) => !(k in properties));
  if (rest && !branch?.properties) free.sort();
  const keys = [...Object.keys(properties).filter((k) => k in record), ...free];
  return Object.fromEntries(keys.map((k) => [k, ordered(record[k], properties[k] ?? rest)]));
}

export function exportJson(doc: AgentDocument): string {
  return JSON.stringify(ordered(doc, schema as unknown as SchemaNode), null, 2) + '\n';
}

export interface JsonImportError {
  message: string;
  /** Where in the text (a syntax error), 1-based. */
  line?: number;
  column?: number;
  /** Where in the document (a schema error), as a JSON pointer. */
  path?: string;
}
export type JsonImport = { ok: true; doc: AgentDocument; migrated: string[] } | { ok: false; errors: JsonImportError[] };

/** Line and column of a JSON.parse failure: engines report "line L column C" or only "position N". */
function positionOf(message: string, text: string): { line: number; column: number } {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : /end of (JSON )?(input|data)/i.test(message) ? text.length : 0;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

export function importJson(text: string): JsonImport {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [{ ...positionOf(message, text), message: message.replace(/^JSON\.parse: /, '') }] };
  }
  const loaded = loadDocument(raw);
  if (!loaded.ok) return { ok: false, errors: loaded.errors.map((e) => ({ path: e.path, message: e.message })) };
  return { ok: true, doc: loaded.doc, migrated: loaded.migrated };
}
