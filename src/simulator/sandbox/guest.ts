/**
 * Source evaluated inside QuickJS around a tool. Kept apart from the host code so it is plain to
 * see that nothing of the host is handed in: the only host function is `__log`, which receives a
 * level and an already formatted string and returns nothing.
 */

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
 * Prepare `__tool` with `this` bound to the state copy. Evaluates to `[run, snapshot]`, two
 * functions, so the host holds `snapshot` before any tool code runs (a tool that loops before
 * its first `await` is interrupted inside `run()` itself):
 * - `run()` returns a promise that resolves to the JSON text of the result (`undefined` becomes `null`);
 * - `snapshot()` returns the JSON text of the state copy as it is now. The host calls it after the
 *   tool settled, failed or was interrupted, because writes made before a throw still happened.
 * `call` and the helpers are non-enumerable, so they never show in the snapshot as state fields.
 * JSON and Object.keys are captured before the tool runs, so a tool that overwrites them cannot
 * change what the snapshot reports.
 */
export const RUNNER = `(() => {
  const { stringify, parse } = JSON;
  const keys = Object.keys;
  const defineProperty = Object.defineProperty;
  const input = parse(globalThis.__input);
  const tool = globalThis.__tool;
  // A class declaration is a lexical global, not a property of globalThis: read it by name.
  const Helpers = typeof __Helpers === 'function' ? __Helpers : undefined;
  delete globalThis.__input;
  delete globalThis.__tool;
  const self = input.state;
  const hide = (key, value) => defineProperty(self, key, { value, writable: true, configurable: true, enumerable: false });
  hide('call', input.call);
  if (typeof Helpers === 'function') {
    for (const name of Object.getOwnPropertyNames(Helpers.prototype)) {
      if (name === 'constructor') continue;
      const method = Object.getOwnPropertyDescriptor(Helpers.prototype, name).value;
      if (typeof method === 'function') hide(name, method.bind(self));
    }
  }
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
  return [run, snapshot];
})()`;
