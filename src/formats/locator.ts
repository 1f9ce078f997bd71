// What a locator is: for a problem (a JSON pointer into the document and the entity it is about),
// where it sits in the source text the document was read from. One per format, beside it:
// json-locate.ts and locate.ts (JSON, YAML), pinecall/locate.ts (a class).
export interface Position {
  line: number;
  column: number;
}
export interface Locatable {
  path: string;
  entity: { kind: string; id?: string };
}
/** Finds positions in one source text; built once per file, asked once per problem. */
export type Locator = (problem: Locatable) => Position | undefined;
