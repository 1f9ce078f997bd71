// How a difference reads: "tool book: parameter date: description", "edge greet → identify:
// condition 2", "state field caller_phone: type". The entity part follows describe.ts's naming.
import type { DiffEntity } from './types';

export function entityLabel(entity: DiffEntity): string {
  switch (entity.kind) {
    case 'agent': return 'agent';
    case 'state': return `state field ${entity.name}`;
    default: return `${entity.kind} ${entity.name}`;
  }
}

const FIELD_WORDS: Record<string, string> = {
  blockId: 'block',
  entryStageId: 'entry stage',
  scope: 'offered in',
  scopeAs: 'scope as written',
  waitToken: 'wait token',
  implementation: 'code',
  refFollowsName: 'ref follows name',
  not_tools: 'not tools',
  input: 'caller lines',
};

const word = (key: string | number): string => (typeof key === 'number' ? String(key + 1) : FIELD_WORDS[key] ?? key);

export function fieldLabel(field: (string | number)[]): string {
  const [head, second, third, ...rest] = field;
  if (head === 'parameters') {
    if (second === 'properties' && third !== undefined) return `parameter ${third}${rest.length ? `: ${rest.map(word).join(' ')}` : ''}`;
    if (second === 'required') return 'required parameters';
    return ['parameters', ...field.slice(1).map(word)].join(' ');
  }
  if (head === 'conditions' && typeof second === 'number') {
    return `condition ${second + 1}${field.length > 2 ? ` ${field.slice(2).map(word).join(' ')}` : ''}`;
  }
  if (head === 'input' && typeof second === 'number') return `caller line ${second + 1}`;
  return field.map(word).join(' ');
}

export function differenceLabel(entity: DiffEntity, what: string): string {
  return `${entityLabel(entity)}: ${what}`;
}
