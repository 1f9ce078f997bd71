// What a handler's Python stores in flow_manager.state, read without running it: the plain
// assignments `flow_manager.state["key"] = <a parameter>` or `= <a literal>` at the body's top
// level, in order. The simulator does these writes (a placeholder like {{ party_size }} then fills
// as it would in Pipecat); anything else the body does is Python, answered by the tool's mock.
import type { PipecatStateWrite } from '../../model/pipecat';

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
