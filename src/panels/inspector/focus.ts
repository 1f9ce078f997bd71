import type { InspectorTab } from '../../store/types';

/**
 * A problem's path (a JSON pointer into the document) read as "where in the inspector": the
 * entity's own part is cut off, and what is left picks the tool tab and the field to reveal.
 */
const COLLECTIONS = new Set(['tools', 'stages', 'blocks', 'edges', 'state']);

/**
 * `/tools/3/parameters/x` → `/parameters/x`; agent-level paths (`/persona`) stay as they are, and
 * so does every path when the agent itself is shown (its state table rows are `/state/1`).
 */
export function pathInEntity(path: string, shown: string = 'entity'): string {
  if (shown === 'agent') return path;
  const m = /^\/([^/]+)\/(\d+)(\/.*)?$/.exec(path);
  if (m && COLLECTIONS.has(m[1])) return m[3] ?? '';
  return path;
}

/** The tool tab that shows a path inside a tool; undefined for what every tab shows (the name). */
export function toolTabForPath(rest: string): InspectorTab | undefined {
  const head = rest.split('/')[1] ?? '';
  if (head === '' || head === 'name' || head === 'kind' || head === 'id') return undefined;
  if (head === 'description') return 'docs';
  if (head === 'parameters') return 'params';
  // The mock answers of what the code calls sit with the code (sections/HelperMocks.tsx).
  if (head === 'implementation' || head === 'mocks') return 'code';
  return 'options';
}

/** The path under `/parameters`, as a pointer into the parameters schema (the JSON editor's text). */
export function parametersPointer(rest: string): string | undefined {
  if (rest === '/parameters') return '';
  return rest.startsWith('/parameters/') ? rest.slice('/parameters'.length) : undefined;
}

/**
 * Of the `data-path`s the inspector shows, the one that best reveals `rest`: itself or its
 * longest prefix (a path into a field's value reveals the field).
 */
export function bestFieldPath(rest: string, available: string[]): string | undefined {
  let best: string | undefined;
  for (const path of available) {
    const covers = rest === path || rest.startsWith(`${path}/`);
    if (covers && (best === undefined || path.length > best.length)) best = path;
  }
  return best;
}
