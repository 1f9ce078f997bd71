/**
 * Pinecall's load-time refusals (formats/pinecall.md, "Refused when the class loads"), worded once.
 * Lint reports them on the document (adding what to write instead); the TypeScript importer
 * reports them with a line and column. Both read these builders so the wording cannot drift.
 */
export const pinecallRefusal = {
  docstringMissing: (tool: string) =>
    `tool ${tool}: without a docstring no model can choose it; write a /** one line */ above the method`,
  toolNameNotOneWord: (name: string) => `a tool name is one word a model can call, not ${name}`,
  piiUnknown: (tool: string, unknown: string[]) =>
    `tool ${tool}: pii names parameters the tool has; unknown: ${unknown.join(', ')}`,
  stageWithoutStageField: (tool: string, className: string) =>
    `tool ${tool}: stage names a value of this agent's own stage field, and ${className} declares none; add \`stage: Stages<"…"> = "…"\` to the class, or ask when(state) instead`,
  /** The spec leaves this one to the TypeScript compiler; the builder names the values that exist. */
  stageUnknown: (tool: string, value: string, stages: string[]) =>
    `tool ${tool}: stage "${value}" is not one of this agent's stages; write one of ${stages.map((s) => `"${s}"`).join(', ') || '(none yet)'}`,
  statePiiPublic: (className: string, field: string) =>
    `@state({ pii: true, visibility: "public" }) on ${className}.${field}: two different answers to one question; write one`,
  toolNotOnMethod: (member: string) => `@tool goes on a method; ${member} is not one`,
  bothViews: (className: string, component: string) =>
    `${className} declares both @render(${component}) and a render() method; two ways to answer one question — keep one`,
  twoViews: (className: string, first: string, second: string) =>
    `${className} declares two views (${first} and ${second}); a class draws one panel`,
};

/**
 * Fields a class configures itself with rather than remembers (Pinecall's CONFIG_FIELDS, as
 * formats/pinecall.md "Checked against Pinecall's source" lists them): kept as members, never state.
 */
export const PINECALL_CONFIG_FIELDS: ReadonlySet<string> = new Set(['phone', 'whatsapp', 'web', 'language']);

/**
 * The environment a class may declare over the agent's settings (Pinecall 0.11's ENVIRONMENT,
 * "word for word the TypeScript package's": pinecall/_config.py): as class members — `static
 * greeting = "…"`, `static language = "es"` — or, for the models, the voice and knowledge, as
 * class decorators. Declared as a call's state (an instance field) it is refused. Not yet followed:
 * an instance `language`, which the TypeScript package (0.9) read as configuration, is still kept as
 * such (PINECALL_CONFIG_FIELDS), though the Python SDK 0.11.24 refuses it as state; the TypeScript
 * package of that version is not published to read.
 */
export const PINECALL_ENVIRONMENT: readonly string[] = [
  'language', 'voice', 'llm', 'realtime', 'stt', 'judge', 'greeting', 'hangup', 'turn', 'says', 'hears', 'knowledge', 'docs', 'memory', 'record',
];

/** The environment fields a class decorator declares (pinecall/_config.py's DECORATED), as a class writes it. */
export const PINECALL_DECORATED: Readonly<Record<string, string>> = {
  voice: '@voice("<vendor>", "<voice id>")',
  llm: '@llm("<vendor>/<model>")',
  realtime: '@realtime("<vendor>/<model>")',
  stt: '@stt("<vendor>/<model>")',
  judge: '@judge("<vendor>/<model>")',
  knowledge: '@knowledge({ path: "…", text: "…" })',
};

export const isEnvironmentField = (name: string): boolean => PINECALL_ENVIRONMENT.includes(name);

/** Pinecall's sentence for an environment field declared as state (declared_on_the_instance), in TypeScript's spelling of a class attribute. */
export function environmentAsState(field: string): string {
  const way = Object.prototype.hasOwnProperty.call(PINECALL_DECORATED, field) ? PINECALL_DECORATED[field] : `a static member, \`static ${field} = …\``;
  return `\`${field}\` is the class's, not a call's state: declare it as ${way}`;
}

/** Both spellings of one field on a class (pinecall/_config.py's _declaring): one would be dead. */
export const environmentTwice = (className: string, field: string): string =>
  `${className} declares both @${field}(…) and a ${field} attribute; keep one`;
