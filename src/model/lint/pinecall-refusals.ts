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
  worldsField: (field: string, verb: string) =>
    `\`${field}\` is the world's now, not the class's: ${verb} — remove it from the class`,
};

/**
 * Fields a class configures itself with rather than remembers (Pinecall's CONFIG_FIELDS, as
 * formats/pinecall.md "Checked against Pinecall's source" lists them): kept as members, never state.
 */
export const PINECALL_CONFIG_FIELDS: ReadonlySet<string> = new Set(['phone', 'whatsapp', 'web', 'language']);

/** The world's settings a class may no longer declare, each with the verb that sets it now (Pinecall's THE_WORLDS). */
export const PINECALL_WORLDS_FIELDS: Readonly<Record<string, string>> = {
  voice: 'pinecall agent set --voice <name>',
  llm: 'pinecall agent set --llm <vendor/model>',
  stt: 'pinecall agent set --stt <vendor>',
  greeting: "pinecall agent set --greeting '…' (or --reply '…')",
  hangup: "pinecall agent set --hangup '…'",
  says: "pinecall lexicon add <word> --say '…'",
  hears: 'pinecall lexicon hear <word> …',
  memory: "pinecall memory policy --remember '…' --forget '…'",
  record: 'pinecall agent set --record on|off',
  knowledge: 'pinecall agent knowledge edit — what the agent knows by heart is a setting, not a file',
  docs: 'pinecall docs push, then pinecall docs attach <base>',
};
