// A tool's parameters as a Python signature, its `Args:` section, and the schema the SDK builds
// from them (pinecall 0.11.24 `_spec.arguments_model` + `schema_of`): the one place both the
// export and the tool spec Callboard predicts read, so they cannot disagree.
import type { JsonSchema, Tool } from '../../../../model';
import { pascalCase } from '../../../../model/names';
import { hintText, includesNone, NONE, pydanticSchemaOf, pyTypeOf, union, type DescribeTyped, type PyType, type TypedShape } from './py-type';
import { isPythonIdentifier, PYTHON_FILE_NAMES } from './py-names';
import { pyLiteral, pySplitLines, pyStrip } from './py-text';

export interface PyParameter {
  name: string;
  type: PyType;
  required: boolean;
  /** The default written (`= 3`); absent: `= None` for an optional parameter. */
  default?: { value: unknown };
  /** The description's lines, as the `Args:` entry writes them. */
  description: string[];
}

/** A parameter the signature cannot hold: its name is no Python identifier (or is `self`). */
export const writableParameter = (name: string): boolean => isPythonIdentifier(name) && name !== 'self';

/** The parameters the method declares, in the schema's order. */
export function pyParameters(tool: Tool): PyParameter[] {
  const required = new Set(tool.parameters.required ?? []);
  return Object.entries(tool.parameters.properties ?? {})
    .filter(([name]) => writableParameter(name))
    .map(([name, schema]) => ({
      name,
      type: pyTypeOf(schema, [name]),
      required: required.has(name),
      ...(!required.has(name) && schema && 'default' in schema ? { default: { value: schema.default } } : {}),
      description: typeof schema?.description === 'string' ? pySplitLines(schema.description).map(pyStrip).filter(Boolean) : [],
    }));
}

/** The type a parameter is declared with: an optional one without default may be None. */
const declaredType = (p: PyParameter): PyType => (p.required || p.default || includesNone(p.type) ? p.type : union([p.type, NONE]));

/**
 * Names the TypedDict classes of one file: after the member path (`Address`), else the tool and
 * the path (`BookAddress`), numbered past that; the same shape shares its class.
 */
/** A shape by its structure alone, wherever it stands: two parameters of one shape share a class. */
const shapeKey = (shape: TypedShape): string => JSON.stringify([shape.title ?? '', shape.members.map((m) => [m.name, m.required, typeKey(m.type)])]);
const typeKey = (type: PyType): unknown =>
  type.kind === 'typed' ? shapeKey(type.shape) : type.kind === 'list' ? ['list', typeKey(type.items)] : type.kind === 'union' ? ['union', type.members.map(typeKey)] : type;

export function typedNamer(taken: ReadonlySet<string>) {
  const declared = new Map<string, TypedShape>();
  const byKey = new Map<string, string>();
  return {
    forTool(toolName: string): NameOf {
      return (shape) => {
        const key = shapeKey(shape);
        const known = byKey.get(key);
        if (known) return known;
        const base = pascalCase(shape.path.join('_'));
        // The class's own name first, when the document keeps one (a TypedDict read from Python).
        const candidates = [...(shape.title ? [shape.title] : []), base, pascalCase(toolName) + base];
        for (let n = 2; candidates.length < 60; n++) candidates.push(`${candidates[1]}${n}`);
        const name = candidates.find((c) => !declared.has(c) && !taken.has(c) && !PYTHON_FILE_NAMES.has(c));
        if (!name) throw new Error(`no free class name for the parameter type ${base}`);
        declared.set(name, shape);
        byKey.set(key, name);
        return name;
      };
    },
    /** The classes named so far, in the order they were named. */
    declared: () => [...declared].map(([name, shape]) => ({ name, shape })),
  };
}

export type NameOf = (shape: TypedShape) => string;
export type TypedNamer = ReturnType<typeof typedNamer>;

/** `self, day: str, visit: Literal["a", "b"] = "a"`; `*` first when a required one follows an optional one. */
export function signatureText(params: readonly PyParameter[], nameOf: NameOf): string {
  const written = params.map((p) => {
    const hint = hintText(declaredType(p), nameOf);
    if (p.required) return `${p.name}: ${hint}`;
    return `${p.name}: ${hint} = ${p.default ? pyLiteral(p.default.value) : 'None'}`;
  });
  const firstOptional = params.findIndex((p) => !p.required);
  const keywordOnly = firstOptional >= 0 && params.slice(firstOptional).some((p) => p.required);
  return ['self', ...(keywordOnly ? ['*'] : []), ...written].join(', ');
}

/** The `Args:` entries: `name: first line`, further lines indented below it. */
export function argsSection(params: readonly PyParameter[]): string[] {
  const entries = params.filter((p) => p.description.length > 0);
  if (entries.length === 0) return [];
  return ['Args:', ...entries.flatMap((p) => [`    ${p.name}: ${p.description[0]}`, ...p.description.slice(1).map((l) => `        ${l}`)])];
}

/** The parameters' schema as the SDK sends it: pydantic's, titles off, descriptions from `Args:`, closed. */
export function pySchema(params: readonly PyParameter[], nameOf: NameOf, describe?: DescribeTyped): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const properties: Record<string, JsonSchema> = {};
  for (const p of params) {
    const type = declaredType(p);
    const schema = pydanticSchemaOf(type, nameOf, defs, describe);
    const withDefault = p.required ? schema : { ...schema, default: p.default ? p.default.value : null };
    const description = p.description.join(' ');
    properties[p.name] = description ? { ...withDefault, description } : withDefault;
  }
  return {
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
    additionalProperties: false,
    properties,
    required: params.filter((p) => p.required).map((p) => p.name),
    type: 'object',
  };
}
