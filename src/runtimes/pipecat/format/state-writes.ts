// What a handler's Python stores in flow_manager.state, read without running it: the plain
// assignments `flow_manager.state["key"] = <a parameter>` or `= <a literal>` at the body's top
// level, in order. The simulator does these writes (a placeholder like {{ party_size }} then fills
// as it would in Pipecat); anything else the body does is Python, answered by the tool's mock.
import type { JsonSchema, JsonType } from '../../../model';
import type { PipecatStateWrite } from '../kept';

const ASSIGN = /^\s{4}flow_manager\.state\[\s*(["'])([^"'\\]+)\1\s*\]\s*=\s*(.+?)\s*(?:#.*)?$/;
const LITERALS: Record<string, unknown> = { True: true, False: false, None: null };

export function stateWritesOf(body: string, params: readonly string[]): PipecatStateWrite[] {
  const writes: PipecatStateWrite[] = [];
  for (const line of body.split('\n')) {
    const m = ASSIGN.exec(line);
    if (!m) continue;
    const [, , key, rhs] = m;
    if (params.includes(rhs)) writes.push({ key, param: rhs });
    else if (Object.hasOwn(LITERALS, rhs)) writes.push({ key, value: LITERALS[rhs] });
    else if (/^-?\d+(\.\d+)?$/.test(rhs)) writes.push({ key, value: Number(rhs) });
    else if (/^(["'])[^"'\\]*\1$/.test(rhs)) writes.push({ key, value: rhs.slice(1, -1) });
  }
  return writes;
}

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

/** A parameter schema's one type ("Optional[int]", an anyOf, says none). */
export const typeOfSchema = (schema: JsonSchema | undefined): JsonType | undefined =>
  typeof schema?.type === 'string' && (JSON_TYPES as readonly string[]).includes(schema.type) ? (schema.type as JsonType) : undefined;

function typeOfValue(value: unknown): JsonType | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return undefined;
}

/**
 * The type each state key gets from what the handlers store in it: the stored parameter's type
 * (`party_size: int` stored as flow_manager.state["party_size"] is an integer) or the literal's. A
 * key stored with two types, or with a value of none, gets none (it stays as a prompt reads it).
 */
export function writtenStateTypes(writes: Readonly<Record<string, readonly PipecatStateWrite[]>>, paramType: (fn: string, param: string) => JsonType | undefined): Map<string, JsonType> {
  const seen = new Map<string, JsonType | null>();
  for (const [fn, list] of Object.entries(writes)) {
    for (const w of list) {
      const type = 'param' in w ? paramType(fn, w.param) : typeOfValue(w.value);
      const before = seen.get(w.key);
      seen.set(w.key, type === undefined || (before !== undefined && before !== type) ? null : type);
    }
  }
  return new Map([...seen].filter((e): e is [string, JsonType] => e[1] !== null));
}
