import type { AgentDocument, EntityKind } from '../types';
import { cutDeeperThan, tooDeepValues } from '../value-depth';
import type { Finding, ProblemEntity } from './types';

const ENTITY_OF_LIST: Record<string, EntityKind> = { state: 'state', blocks: 'block', stages: 'stage', edges: 'edge', tools: 'tool' };

function entityAt(doc: AgentDocument, segments: (string | number)[]): ProblemEntity {
  const kind = ENTITY_OF_LIST[String(segments[0])];
  const list = kind ? (doc as unknown as Record<string, { id: string }[]>)[String(segments[0])] : undefined;
  const id = list?.[Number(segments[1])]?.id;
  return kind && id ? { kind, id } : { kind: 'agent' };
}

/** `root` with the value at `segments` replaced, copying only the containers on the way. */
function replacedAt(root: unknown, segments: (string | number)[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments;
  const container = root as Record<string | number, unknown>;
  const copy = (Array.isArray(root) ? [...root] : { ...container }) as Record<string | number, unknown>;
  copy[head] = replacedAt(container[head], rest, value);
  return copy;
}

/**
 * Values nested past MAX_DEPTH (limits.ts), one finding each at the value's path; and the document
 * the other rules read, with those values cut at their limit, so that no rule walks them whole.
 */
export function checkDepth(doc: AgentDocument): { findings: Finding[]; readable: AgentDocument } {
  const deep = tooDeepValues(doc);
  let readable = doc;
  const findings = deep.map((d): Finding => {
    readable = replacedAt(readable, d.segments, cutDeeperThan(d.segments.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], doc), d.limit)) as AgentDocument;
    return { rule: 'value-too-deep', path: d.path, entity: entityAt(doc, d.segments), message: d.message };
  });
  return { findings, readable };
}
