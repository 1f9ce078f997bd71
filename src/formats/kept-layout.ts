// What a Pinecall class keeps beyond the document, less its layout. The names a class gave its
// parameters' interfaces (PreservedTool.interfaceNames) say how the TypeScript file is laid out,
// not what the agent is: a comparison of documents leaves them out (project.ts), and another
// runtime's file loses nothing by not holding them, so no loss names them alone.
type JsonMap = Record<string, unknown>;

const isMap = (v: unknown): v is JsonMap => typeof v === 'object' && v !== null && !Array.isArray(v);

export function withoutInterfaceNames(pinecall: JsonMap): JsonMap {
  const tools = pinecall.tools;
  if (!isMap(tools)) return pinecall;
  const kept = Object.fromEntries(Object.entries(tools).flatMap(([name, tool]) => {
    if (!isMap(tool)) return [[name, tool]];
    const { interfaceNames: _names, ...rest } = tool;
    return Object.keys(rest).length ? [[name, rest]] : [];
  }));
  const { tools: _tools, ...others } = pinecall;
  return Object.keys(kept).length ? { ...others, tools: kept } : others;
}

/** Whether a Pinecall import kept more than its file's layout: code, comments, imports, options. */
export const keepsMoreThanLayout = (pinecall: JsonMap | undefined): boolean =>
  pinecall !== undefined && Object.keys(withoutInterfaceNames(pinecall)).length > 0;
