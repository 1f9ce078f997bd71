// The naming rules of the two runtimes, in the model: the exporters, the importers, the engine
// (which tools a chain can bind) and lint all read them here.

/**
 * Names the exported class file already uses at its top level: what it imports from Pinecall, and
 * the global names its own code writes or a tool body commonly calls (`Record<string, any>` state,
 * `String(day)` guards, `new Date()`). A class or an interface of one of these names would shadow
 * it, and the file would not compile (or a body would call the class instead of the global).
 */
export const PINECALL_FILE_NAMES: readonly string[] = [
  'Agent', 'Stages', 'CallFacts', 'state', 'tool', 'JSX', 'React', 'Fragment',
  'Record', 'Partial', 'Readonly', 'Required', 'Pick', 'Omit', 'Promise', 'PromiseLike', 'Array', 'ReadonlyArray',
  'String', 'Number', 'Boolean', 'Object', 'Symbol', 'BigInt', 'Function', 'Error', 'TypeError', 'RangeError',
  'Date', 'Math', 'JSON', 'Map', 'Set', 'WeakMap', 'WeakSet', 'RegExp', 'Reflect', 'Proxy', 'Intl', 'Infinity', 'NaN',
];

/** The Pinecall class name: the agent's name in PascalCase (design.md, Identity), never one the file already uses. */
export function className(agentName: string): string {
  const words = agentName.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  const pascal = /^\p{L}/u.test(name) ? name : `Agent${name}`;
  return PINECALL_FILE_NAMES.includes(pascal) ? `${pascal}Agent` : pascal;
}

/**
 * The instance members every Pinecall class already has: its base class's (pinecall/agents,
 * src/agent/agent.ts: `this.call`, `log`, `say`, the hooks…), `render()` and the `stage` field. A
 * state field or a tool of one of these names would replace it: the compiler refuses most such
 * classes, and the runtime would call a tool where it means its own `onCall` or `restore`.
 */
export const PINECALL_CLASS_MEMBERS: readonly string[] = [
  'render', 'stage', 'call', 'constructor',
  'doc', 'tools', 'visibleTools', 'collapse', 'restore', 'startIn', 'last', 'log', 'say', 'reply', 'on',
  'onEvent', 'onCall', 'onEnd', 'onMemory',
];

/** A tool name Pinecall accepts: one word a model can call (`register` in pinecall/agents' tools.ts). */
export const PINECALL_TOOL_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;


/** Words of a name, split at separators and at lower→Upper / UPPER→Upper-lower humps: "ClinicBooking" → Clinic, Booking. */
function words(name: string): string[] {
  return name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** `agents/<slug>/agent.tsx`: the agent's name in kebab-case (design.md, Identity). */
export function slugOf(agentName: string): string {
  return words(agentName).map((w) => w.toLowerCase()).join('-') || 'agent';
}

/**
 * The agent name an imported class gets: its name split into words ("ClinicBooking" → "Clinic
 * Booking"), so that `className` of it gives the class name back.
 */
export function agentNameOfClass(name: string): string {
  return name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
}

/** PascalCase of any name ("home_address" → "HomeAddress"), for interfaces the exporter declares. */
export function pascalCase(name: string): string {
  const joined = words(name).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return /^\p{L}/u.test(joined) ? joined : `T${joined}`;
}

const RESERVED = new Set(
  ('break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
    'implements interface package private protected public await arguments eval undefined').split(' '),
);

const IDENTIFIER = /^[\p{L}$_][\p{L}\p{N}$_]*$/u;

/** Whether a name can be a parameter (a binding): an identifier that is no reserved word. */
export const isBindable = (name: string): boolean => IDENTIFIER.test(name) && !RESERVED.has(name);

/** A property or method name as TypeScript writes it: bare when it is an identifier, quoted otherwise. */
export const propertyKey = (name: string): string => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
