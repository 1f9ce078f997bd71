// Names that are JavaScript's own. Agent files are written by people, so a map key, a parameter, a
// state field or a tool may be called `__proto__`, `constructor` or `toString`. A plain object
// answers to those names before it holds them: `obj[name] = v` with `__proto__` replaces the
// object's prototype instead of adding a key, and `obj.constructor`, `"toString" in obj` or
// `if (tools[name])` find Object.prototype's members on an object that never held them. Every place
// that builds an object from names a document gives, or looks one up, goes through these.

/**
 * Object.prototype's own names, and `__proto__` among them: what every plain object already
 * answers to. Listed rather than read from Object.prototype so that the list is the same in every
 * engine (a browser or a sandbox may add its own members there).
 */
export const PROTOTYPE_NAMES: readonly string[] = [
  '__proto__', 'constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString',
  'toString', 'valueOf', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__',
];

/** Whether `name` is one Object.prototype answers to (see PROTOTYPE_NAMES). */
export const isPrototypeName = (name: string): boolean => PROTOTYPE_NAMES.includes(name);

/** Sets an own, enumerable key, `__proto__` too (where an assignment would replace the prototype). */
export function setOwn<T>(target: Record<string, T>, key: string, value: NoInfer<T>): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The value of an own key, or undefined: never a member inherited from Object.prototype. */
export function getOwn<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
