/** The subset of JSON Schema (draft-07) a tool's parameters use; unknown keywords are kept. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  [keyword: string]: unknown;
}

export function emptyParameters(): JsonSchema {
  return { type: 'object', properties: {}, required: [], additionalProperties: false };
}

/** Parameter names in declaration order. */
export function parameterNames(schema: JsonSchema | undefined): string[] {
  return Object.keys(schema?.properties ?? {});
}
