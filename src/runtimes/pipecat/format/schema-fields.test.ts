import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELDS, REQUIRED } from './schema';

type ModelSchema = { properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean };
const shipped = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'flow_config.schema.json'), 'utf8')) as ModelSchema & { $defs: Record<string, ModelSchema> };

describe("Callboard's schema check holds to the schema pipecat-ai 1.14.0 ships", () => {
  it('declares each model\'s keys in its order, the same ones required, and refuses unknown keys where it does', () => {
    const { Node, Message, Function, Branch, Action } = shipped.$defs;
    const models: Record<keyof typeof FIELDS, ModelSchema> = { FlowConfig: shipped, Node, Message, Function, Branch, Action };
    for (const [name, fields] of Object.entries(FIELDS) as [keyof typeof FIELDS, readonly string[]][]) {
      expect(Object.keys(models[name].properties), name).toEqual(fields);
    }
    for (const name of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) expect(REQUIRED[name], name).toEqual(models[name].required ?? []);
    // Unknown keys: refused everywhere but in actions, whose extra keys pass through to the handler.
    expect(Object.fromEntries(Object.entries(models).map(([name, m]) => [name, m.additionalProperties]))).toEqual({ FlowConfig: false, Node: false, Message: false, Function: false, Branch: false, Action: true });
  });
});
