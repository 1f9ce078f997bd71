import { documentDefaults, withDefaults } from './document';
import { CURRENT_VERSION, DOCUMENT_FORMAT, type AgentDocument } from './types';
import { validateDocument, type SchemaError } from './validate';

/**
 * One named migration per version change (tldraw's rule): `up` turns a document of version
 * `from` into one of version `from + 1`. Version 0 is the unversioned draft the first builds
 * wrote (no envelope, `kind` on tools missing); keeping it shows the mechanism end to end.
 */
export interface Migration {
  from: number;
  name: string;
  up(doc: Record<string, unknown>): Record<string, unknown>;
}

export const MIGRATIONS: Migration[] = [
  {
    from: 0,
    name: 'add envelope, tool kind and layout',
    up(doc) {
      const tools = Array.isArray(doc.tools) ? doc.tools : [];
      return {
        ...doc,
        format: DOCUMENT_FORMAT,
        version: 1,
        tools: tools.map((t: Record<string, unknown>) => ({ kind: 'function', pii: [], fallback: false, ...t })),
        layout: doc.layout ?? documentDefaults().layout,
      };
    },
  },
];

export type LoadResult =
  | { ok: true; doc: AgentDocument; migrated: string[] }
  | { ok: false; errors: SchemaError[] };

/** Tolerant reading (design.md, convention 3): migrate, fill defaults, then validate. */
export function loadDocument(raw: unknown, migrations: Migration[] = MIGRATIONS, target = CURRENT_VERSION): LoadResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: [{ path: '/', message: 'a Callboard document is a JSON object with "format": "callboard.agent"' }] };
  }
  let doc = { ...(raw as Record<string, unknown>) };
  if (doc.format !== undefined && doc.format !== DOCUMENT_FORMAT) {
    return { ok: false, errors: [{ path: '/format', message: `expected "${DOCUMENT_FORMAT}", found ${JSON.stringify(doc.format)}` }] };
  }
  let version = typeof doc.version === 'number' ? doc.version : 0;
  if (version > target) {
    return { ok: false, errors: [{ path: '/version', message: `this document is version ${version}, newer than this Callboard (${target}); update Callboard to open it` }] };
  }
  const migrated: string[] = [];
  while (version < target) {
    const step = migrations.find((m) => m.from === version);
    if (!step) return { ok: false, errors: [{ path: '/version', message: `no migration from version ${version}` }] };
    doc = step.up(doc);
    migrated.push(step.name);
    version += 1;
    doc.version = version;
  }
  const result = validateDocument(withDefaults(doc));
  return result.ok ? { ok: true, doc: result.doc, migrated } : result;
}
