import ts from 'typescript';
import type { JsonSchema } from '../../../model';
import { setOwn } from '../../../model/own';
import { deeper, into, parameterExpansion, type Expansion, type TypeBudget } from './type-budget';

/**
 * Pinecall's signature → JSON Schema rules (formats/pinecall.md, "A tool"), read from the syntax
 * of the file exactly as written there:
 * - `string`, `number`, `boolean` map to themselves; only `T[]` is an array (`Array<T>` is a type
 *   reference the file does not declare, `readonly T[]` another shape: Pinecall's docstrings.ts).
 * - String literals and unions of them → `{type:"string", enum}`; a number literal → number, a
 *   boolean literal → boolean; any other union (after dropping undefined/null) → open object.
 * - Top-level interfaces and type aliases of this file and inline object types are expanded,
 *   nested ones too (`?` members not required); a type that contains itself stops at its name.
 *   The expansion is bounded (type-budget.ts): past a bound it stops, and the import fails there.
 * - An undeclared type name → `{type:"object", description:"<Name>"}`; anything else → open object.
 * - Object members: only plain-named properties; quoted keys and method signatures are skipped.
 * - A callback parameter → `{description:"callback"}`, never required; a destructured one and a
 *   rest parameter are left out.
 * - Optional: `?`, a default value, or a union with undefined or null.
 * A parameter without a type is an open object, even with a default (`page = 1`): Pinecall reads
 * types from annotations only, so the importer warns and suggests one (see `untypedDefault`).
 */
export type TypeDeclarations = ReadonlyMap<string, ts.InterfaceDeclaration | ts.TypeAliasDeclaration>;

const OPEN: JsonSchema = { type: 'object', additionalProperties: true };
const open = (): JsonSchema => ({ ...OPEN });

const isNullish = (node: ts.TypeNode) =>
  node.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword);

function unwrap(node: ts.TypeNode): ts.TypeNode {
  return ts.isParenthesizedTypeNode(node) ? unwrap(node.type) : node;
}

/** The members of a union other than undefined and null, and whether there were such. */
function withoutNullish(node: ts.TypeNode): { members: ts.TypeNode[]; nullish: boolean } {
  const type = unwrap(node);
  if (!ts.isUnionTypeNode(type)) return { members: [type], nullish: isNullish(type) };
  const members = type.types.map(unwrap).filter((t) => !isNullish(t));
  return { members, nullish: members.length < type.types.length };
}

const isStringLiteralType = (node: ts.TypeNode): boolean =>
  ts.isLiteralTypeNode(node) && (ts.isStringLiteral(node.literal) || ts.isNoSubstitutionTemplateLiteral(node.literal));

export function typeSchema(node: ts.TypeNode, declarations: TypeDeclarations, expanding: Expansion = parameterExpansion()): JsonSchema {
  if (expanding.budget && !expanding.budget.admit(node, expanding)) return open();
  const type = unwrap(node);
  switch (type.kind) {
    case ts.SyntaxKind.StringKeyword:
      return { type: 'string' };
    case ts.SyntaxKind.NumberKeyword:
      return { type: 'number' };
    case ts.SyntaxKind.BooleanKeyword:
      return { type: 'boolean' };
  }
  if (ts.isArrayTypeNode(type)) return { type: 'array', items: typeSchema(type.elementType, declarations, deeper(expanding, 1)) };
  if (ts.isLiteralTypeNode(type)) {
    if (isStringLiteralType(type)) return { type: 'string', enum: [(type.literal as ts.StringLiteral).text] };
    if (ts.isNumericLiteral(type.literal) || ts.isPrefixUnaryExpression(type.literal)) return { type: 'number' };
    if (type.literal.kind === ts.SyntaxKind.TrueKeyword || type.literal.kind === ts.SyntaxKind.FalseKeyword) return { type: 'boolean' };
    return open();
  }
  if (ts.isUnionTypeNode(type)) {
    const { members } = withoutNullish(type);
    if (members.length === 1) return typeSchema(members[0], declarations, expanding);
    if (members.length > 0 && members.every(isStringLiteralType)) {
      return { type: 'string', enum: [...new Set(members.map((m) => ((m as ts.LiteralTypeNode).literal as ts.StringLiteral).text))] };
    }
    return open();
  }
  if (ts.isTypeLiteralNode(type)) return objectSchema(type.members, declarations, expanding);
  if (ts.isTypeReferenceNode(type)) return referenceSchema(type, declarations, expanding);
  return open();
}

function referenceSchema(type: ts.TypeReferenceNode, declarations: TypeDeclarations, expanding: Expansion): JsonSchema {
  // A qualified name (`ns.Slot`) is not an identifier to Pinecall: another shape, an open object.
  if (!ts.isIdentifier(type.typeName)) return open();
  const name = type.typeName.text;
  const declaration = declarations.get(name);
  if (!declaration || expanding.names.includes(name)) return { type: 'object', description: name };
  const inside = into(expanding, name, type, ts.isTypeAliasDeclaration(declaration) ? 'type' : 'interface');
  if (ts.isTypeAliasDeclaration(declaration)) return typeSchema(declaration.type, declarations, inside);
  // Its own members only: Pinecall's objectOf reads `body.body` and never follows `extends`, so a
  // base interface's fields are not on the wire (and a chain of them cannot recurse here).
  return objectSchema(declaration.members, declarations, inside);
}

function objectSchema(members: readonly ts.TypeElement[], declarations: TypeDeclarations, expanding: Expansion): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const optional = new Map<string, boolean>();
  for (const member of members) {
    // Pinecall's objectOf reads property signatures with an identifier key only: `"first-name": string`
    // and `format(): string` are skipped, not offered as open fields.
    if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) continue;
    const name = member.name.text;
    setOwn(properties, name, member.type ? typeSchema(member.type, declarations, deeper(expanding, 2)) : open());
    optional.set(name, !!member.questionToken);
  }
  return { type: 'object', properties, required: Object.keys(properties).filter((n) => !optional.get(n)), additionalProperties: false };
}

const isCallback = (node: ts.TypeNode) => ts.isFunctionTypeNode(node) || ts.isConstructorTypeNode(node);

/** The type a default value's literal suggests for a parameter written without one (`page = 1` → `number`). */
export function untypedDefault(initializer: ts.Expression | undefined): 'string' | 'number' | 'boolean' | undefined {
  if (!initializer) return undefined;
  const e = ts.isParenthesizedExpression(initializer) ? initializer.expression : initializer;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e)) return 'string';
  if (ts.isNumericLiteral(e) || (ts.isPrefixUnaryExpression(e) && ts.isNumericLiteral(e.operand))) return 'number';
  if (e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword) return 'boolean';
  return undefined;
}

export interface ReadParameter {
  name: string;
  schema: JsonSchema;
  optional: boolean;
  /** The name of the type as written when it is a plain reference (`address: Address`). */
  reference?: string;
}

/** One parameter by the rules above; undefined for a destructured or a rest one (left out). */
export function readParameter(param: ts.ParameterDeclaration, declarations: TypeDeclarations, budget?: TypeBudget): ReadParameter | undefined {
  if (!ts.isIdentifier(param.name) || param.dotDotDotToken) return undefined;
  const name = param.name.text;
  let optional = !!param.questionToken || !!param.initializer;
  if (!param.type) return { name, schema: open(), optional };
  const { members, nullish } = withoutNullish(param.type);
  optional ||= nullish;
  if (members.length === 1 && isCallback(members[0])) return { name, schema: { description: 'callback' }, optional: true };
  const core = members.length === 1 ? members[0] : param.type;
  const reference = members.length === 1 && ts.isTypeReferenceNode(core) ? core.typeName.getText() : undefined;
  return { name, schema: typeSchema(core, declarations, parameterExpansion(budget)), optional, ...(reference ? { reference } : {}) };
}

/** The parameters' schema: always `{type:"object", properties, required, additionalProperties:false}`. */
export function parametersSchema(read: ReadParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const p of read) setOwn(properties, p.name, p.schema);
  return { type: 'object', properties, required: read.filter((p) => !p.optional).map((p) => p.name), additionalProperties: false };
}
