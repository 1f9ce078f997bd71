/**
 * Source evaluated inside QuickJS for the agent's own code beside a tool or a getter: stubs for
 * what cannot run in a browser, the file's top-level declarations, and `this` bound to the state
 * with the class's methods and getters (guest.ts keeps the prelude and the tool runner). Nothing of
 * the host is handed in: only JSON text goes in through globals that are deleted as they are read.
 */

/**
 * Installs the stubs (`__stubs` JSON: `{stubs: [{helper, called, namespace?, mock?}]}`, mock as
 * JSON text). A stub with a mock answers a fresh copy of it (a called one when called, a value
 * one is the value); one without records its name and throws. The record is what the host reads
 * (`take()`), so a tool that catches the throw still reports what it needed. Leaves `__world`
 * (knowledge, remembers: bound on `this` by BIND) and `__file` (for FILE_DECLARATION) behind.
 * Evaluates to `take`, which returns the names needed so far as JSON text and forgets them.
 */
export const STUBS = `(() => {
  const { parse, stringify } = JSON;
  const defineProperty = Object.defineProperty;
  const input = parse(globalThis.__stubs);
  delete globalThis.__stubs;
  const specs = new Map(input.stubs.map((spec) => [spec.helper, spec]));
  let needed = [];
  const fail = (helper) => {
    if (!needed.includes(helper)) needed.push(helper);
    const error = new Error(helper + ' cannot run in the simulator; give it a mock answer');
    error.name = 'NeedsMock';
    error.helper = helper;
    throw error;
  };
  // Asked by await, JSON.stringify and the engine itself of any value: not a use of the helper.
  const quiet = (key) => typeof key === 'symbol' || key === 'then' || key === 'toJSON';
  const stubFor = (helper) => {
    const spec = specs.get(helper);
    const mocked = spec !== undefined && spec.mock !== undefined;
    if (mocked && !spec.called) return parse(spec.mock);
    const call = function () { return mocked ? parse(spec.mock) : fail(helper); };
    return mocked ? call : new Proxy(call, { get: (target, key) => (quiet(key) ? undefined : fail(helper)) });
  };
  const namespaceFor = (local) => {
    const spec = specs.get(local);
    if (spec.mock !== undefined) return parse(spec.mock);
    return new Proxy({}, { get: (target, key) => (quiet(key) ? undefined : stubFor(local + '.' + String(key))) });
  };
  for (const spec of input.stubs) {
    if (spec.kind !== 'import' || spec.helper.includes('.')) continue;
    defineProperty(globalThis, spec.helper, { value: spec.namespace ? namespaceFor(spec.helper) : stubFor(spec.helper), writable: true, configurable: true });
  }
  globalThis.__world = { knowledge: { search: stubFor('knowledge.search') }, remembers: stubFor('remembers') };
  // A declaration's names, read live (a function of the file may reassign a let), or broken: a
  // declaration that failed throws when its name is touched, and only then.
  const live = (name, get, set) => defineProperty(globalThis, name, { get, set, configurable: true });
  const broken = (names, error) => {
    const helper = error && error.name === 'NeedsMock' ? error.helper : undefined;
    const message = error && typeof error.message === 'string' ? error.message : String(error);
    for (const name of names) {
      defineProperty(globalThis, name, {
        configurable: true,
        get() {
          if (helper !== undefined) fail(helper);
          throw new Error(name + ' could not be defined: ' + message);
        },
        set() {},
      });
    }
  };
  globalThis.__file = { live, broken };
  return () => {
    const text = stringify(needed);
    needed = [];
    return text;
  };
})()`;

// Names are spliced into the wrapper's source: only what the parser could have read as an identifier.
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/**
 * One transpiled top-level declaration in a function scope of its own, strict as a module is, its
 * names exposed as global accessors. A throw while it runs breaks only its own names (`broken`).
 */
export function fileDeclaration(code: string, names: readonly string[], assignable: readonly string[]): string {
  const safe = names.filter((n) => IDENTIFIER.test(n));
  const exports = safe
    .map((n) => `live(${JSON.stringify(n)}, () => ${n}, ${assignable.includes(n) ? `(value) => { ${n} = value; }` : `() => { throw new TypeError('Assignment to constant variable.'); }`});`)
    .join('\n');
  return `(() => {
  const { live, broken } = globalThis.__file;
  try {
    (() => {
      'use strict';
${code}
${exports}
    })();
  } catch (error) {
    broken(${JSON.stringify(safe)}, error);
  }
})();`;
}

/** A declaration that could not be transpiled or parsed: its names throw `message` when touched. */
export function brokenDeclaration(names: readonly string[], message: string): string {
  return `globalThis.__file.broken(${JSON.stringify(names)}, new Error(${JSON.stringify(message)}));`;
}

export const END_OF_FILE = 'delete globalThis.__file;';

/** At most this many `this.log` facts per run, each's data at most this many characters of JSON: they cross into the host. */
export const MAX_LOGGED = 200;
export const MAX_LOGGED_CHARS = 20_000;

/**
 * Binds `this` (`self`, the JSON state copy): `call`, the class's methods (bound), its getters and
 * setters (computed from `self` each time they are read: live after a write), the world's calls,
 * `log` (collected in `logged`). All non-enumerable, so none shows in the snapshot as a state field or a write. A state field
 * wins over a member of the same name, as an own field shadows the prototype in Pinecall.
 * Expects `self`, `input`, `defineProperty` in scope; reads `__Helpers` and `__world`.
 */
export const BIND = `
  // A class declaration is a lexical global, not a property of globalThis: read it by name.
  const Helpers = typeof __Helpers === 'function' ? __Helpers : undefined;
  const world = globalThis.__world;
  delete globalThis.__world;
  const own = (key) => Object.prototype.hasOwnProperty.call(self, key);
  const hide = (key, value) => defineProperty(self, key, { value, writable: true, configurable: true, enumerable: false });
  hide('call', input.call);
  if (typeof Helpers === 'function') {
    for (const name of Object.getOwnPropertyNames(Helpers.prototype)) {
      if (name === 'constructor' || own(name)) continue;
      const member = Object.getOwnPropertyDescriptor(Helpers.prototype, name);
      if (typeof member.value === 'function') hide(name, member.value.bind(self));
      else if (member.get || member.set) {
        const get = member.get ? () => member.get.call(self) : undefined;
        const set = member.set ? (value) => member.set.call(self, value) : undefined;
        defineProperty(self, name, { get, set, enumerable: false, configurable: true });
      }
    }
  }
  if (world) for (const name of Object.keys(world)) if (!own(name)) hide(name, world[name]);
  // this.log(name, data): Pinecall's Agent.log, a named fact for the call's log. The data is copied
  // as JSON when logged (what it was then, not what a later write makes of it); \`logged\` is what
  // the runner hands the host with the writes. A class's own \`log\` member wins, as an override does.
  const logged = [];
  const toJson = JSON.stringify;
  const fromJson = JSON.parse;
  if (!own('log')) {
    hide('log', (name, data) => {
      if (logged.length >= ${MAX_LOGGED}) return;
      let text;
      try {
        text = toJson(data);
      } catch (error) {
        text = toJson(String(data));
      }
      if (text !== undefined && text.length > ${MAX_LOGGED_CHARS}) text = toJson(text.slice(0, ${MAX_LOGGED_CHARS}) + '…');
      logged.push(text === undefined ? { name: String(name) } : { name: String(name), data: fromJson(text) });
    });
  }
`;

/**
 * Reads each getter of `input.getters` on `this`, each apart (one that throws leaves the others),
 * and evaluates to `{values, errors, needs}` as JSON text. `__take` is the stubs' `take`: read
 * around each getter, it says which getter needed what.
 */
export const DERIVE = `(() => {
  const { stringify, parse } = JSON;
  const defineProperty = Object.defineProperty;
  const input = parse(globalThis.__input);
  const take = globalThis.__take;
  delete globalThis.__input;
  delete globalThis.__take;
  const self = input.state;
  ${BIND}
  const values = {};
  const errors = {};
  const needs = {};
  const put = (target, key, value) => defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  for (const name of input.getters) {
    take();
    try {
      const value = self[name];
      if (value && typeof value.then === 'function') put(errors, name, 'a getter must return a value, not a promise');
      else {
        const text = stringify(value);
        put(values, name, text === undefined ? null : parse(text));
      }
    } catch (error) {
      put(errors, name, error && typeof error.message === 'string' ? error.message : String(error));
    }
    const wanted = parse(take());
    if (wanted.length) put(needs, name, wanted);
  }
  return stringify({ values, errors, needs });
})()`;
