/**
 * Source evaluated inside QuickJS around a tool. Kept apart from the host code so it is plain to
 * see that nothing of the host is handed in: the only host function is `__log`, which receives a
 * level and an already formatted string and returns nothing.
 */

import { BIND } from './guest-agent';

/**
 * Install `console`. Arguments are formatted inside the guest (strings as is, the rest as JSON) so
 * the host never walks a guest object. `__log` is removed from the global so the tool can reach it
 * only through `console`.
 */
export const PRELUDE = `(() => {
  const log = globalThis.__log;
  delete globalThis.__log;
  const stringify = JSON.stringify;
  const format = (value) => {
    if (typeof value === 'string') return value;
    try {
      const text = stringify(value);
      return text === undefined ? String(value) : text;
    } catch {
      return String(value);
    }
  };
  const make = (level) => (...args) => { log(level, args.map(format).join(' ')); };
  globalThis.console = { log: make('log'), info: make('info'), debug: make('debug'), warn: make('warn'), error: make('error') };
})();`;

/**
 * Prepare `__tool` with `this` bound to the state copy. Evaluates to `[run, snapshot, facts]`,
 * three functions (`facts()`: the JSON text of what the tool put through `this.log`), so the
 * host holds `snapshot` before any tool code runs (a tool that loops before
 * its first `await` is interrupted inside `run()` itself):
 * - `run()` returns a promise that resolves to the JSON text of the result (`undefined` becomes `null`);
 * - `snapshot()` returns the JSON text of the state copy as it is now. The host calls it after the
 *   tool settled, failed or was interrupted, because writes made before a throw still happened.
 * `this` is bound by BIND (guest-agent.ts): `call`, the helpers, the getters and the world's calls
 * are non-enumerable, so they never show in the snapshot as state fields.
 * JSON and Object.keys are captured before the tool runs, so a tool that overwrites them cannot
 * change what the snapshot reports.
 */
export const RUNNER = `(() => {
  const { stringify, parse } = JSON;
  const keys = Object.keys;
  const defineProperty = Object.defineProperty;
  const input = parse(globalThis.__input);
  const tool = globalThis.__tool;
  delete globalThis.__input;
  delete globalThis.__tool;
  const self = input.state;
  ${BIND}
  const snapshot = () => {
    const out = {};
    // defineProperty, not assignment: a field named __proto__ stays a field of the snapshot.
    for (const key of keys(self)) defineProperty(out, key, { value: self[key], writable: true, enumerable: true, configurable: true });
    return stringify(out);
  };
  const run = async () => {
    // An argument the model left out is \`undefined\`, as in a direct call, not null.
    const args = input.params.map((name) => (Object.prototype.hasOwnProperty.call(input.args, name) ? input.args[name] : undefined));
    const result = await tool.apply(self, args);
    const text = stringify(result);
    return text === undefined ? 'null' : text;
  };
  // The \`this.log\` facts so far, as JSON text: read with the snapshot, after the tool settled or failed.
  const facts = () => stringify(logged);
  return [run, snapshot, facts];
})()`;
