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
  statePiiPublic: (field: string) =>
    `state field ${field}: pii and public are two different answers to one question; write one`,
};
