// A type hint read back into the PyType the export writes (py-type.ts), and from it the
// parameter's JSON Schema as the document holds it. The SDK builds the schema the model receives
// from the hint with pydantic (spec.ts pySchema predicts it from the same PyType), so the document
// keeps the plain schema the hint means: `int` an integer, `Literal["a", "b"]` an enum, a
// TypedDict an object with its members; `| None` on an optional parameter with no default is the
// SDK's way of saying "optional" and is not kept as a type.
import type { SyntaxNode } from '@lezer/common';
import type { JsonSchema } from '../../../../model';
import { MAX_TYPED_DEPTH, union, type PyScalar, type PyType, type TypedShape } from './py-type';
import { children, literalOf, stringOf, type PyFile } from './py-tree';

const SCALAR_NAMES: Record<string, PyScalar> = { str: 'str', int: 'int', float: 'float', bool: 'bool' };
const DICT_NAMES = new Set(['dict', 'Dict', 'Mapping', 'typing.Dict']);
const LIST_NAMES = new Set(['list', 'List', 'Sequence', 'tuple', 'Tuple', 'typing.List']);
const ANY_NAMES = new Set(['Any', 'object', 'typing.Any']);

/** The module's `class X(TypedDict)` declarations, read lazily by name (a member may name a later class). */
export interface TypedDeclarations {
  get(name: string): { node: SyntaxNode; total: boolean } | undefined;
}

/**
 * A module-level type alias (`Category = Literal["a", "b"]`, `Category: TypeAlias = …`): the name
 * is bound to the value's type object, so a hint naming it is that type (`typing.get_type_hints`
 * reads the module's globals; pydantic sees the Literal, the Optional, the TypedDict itself). Only
 * an assignment at the module's top level, the name's one binding there, and only where the hint
 * stands after it: Python has run that line by then.
 */
export interface AliasDeclaration {
  /** The assignment statement. */
  node: SyntaxNode;
  /** Its value: the type. */
  value: SyntaxNode;
}

/** What the module says of a name besides TypedDicts, for the hints that name it. */
export interface ModuleNames {
  aliases: ReadonlyMap<string, AliasDeclaration>;
  /** Names bound more than once at the module's top level: which binding a hint sees is the order's, not read. */
  rebound: ReadonlySet<string>;
  /** Python 3.12's `type X = …` statements, by name. */
  typeStatements: ReadonlyMap<string, SyntaxNode>;
}

const NO_NAMES: ModuleNames = { aliases: new Map(), rebound: new Set(), typeStatements: new Map() };

export type HintRead = { ok: true; type: PyType } | { ok: false; node: SyntaxNode; message: string };

export class HintReader {
  private readonly shapes = new Map<string, TypedShape>();
  private readonly reading = new Set<string>();
  private readonly aliasesReading = new Set<string>();
  /** Inside an alias's value: Python runs it where it stands, so what it names must stand above it. */
  private inAlias = 0;

  constructor(private readonly file: PyFile, private readonly typed: TypedDeclarations, private readonly names: ModuleNames = NO_NAMES) {}

  /** The TypedDicts read so far, by name: the classes the document's hints name. */
  readTyped(): string[] {
    return [...this.shapes.keys()];
  }

  read(node: SyntaxNode, path: string[], depth = 0): HintRead {
    const fail = (message: string, at = node): HintRead => ({ ok: false, node: at, message });
    const text = this.file.of(node);
    if (depth > MAX_TYPED_DEPTH * 4) return fail(`the hint nests deeper than Callboard reads (${MAX_TYPED_DEPTH} levels of objects)`);
    switch (node.name) {
      case 'None':
        return { ok: true, type: { kind: 'scalar', name: 'None' } };
      case 'String':
      case 'ContinuedString': {
        // A forward reference (`"Address"`): the class it names.
        const named = stringOf(this.file, node);
        return named !== undefined && /^[A-Za-z_]\w*$/.test(named) ? this.named(named, node, path, depth) : fail(`the hint ${text} is a string Callboard cannot read as a type; write the type itself`);
      }
      case 'VariableName':
        return this.named(text, node, path, depth);
      case 'MemberExpression': {
        const parts = children(node);
        const open = parts.findIndex((p) => p.name === '[');
        if (open < 0) return this.named(text, node, path, depth);
        const head = this.file.of(node).slice(0, parts[open].from - node.from).replace(/^typing(?:_extensions)?\./, '');
        const args = parts.slice(open + 1).filter((p) => p.name !== ']' && p.name !== ',');
        return this.generic(head, args, node, path, depth);
      }
      case 'BinaryExpression': {
        const [left, op, right] = children(node);
        if (op?.name !== 'BitOp' || this.file.of(op) !== '|') return fail(`the hint ${text} is no type; write a type such as str, int or str | None`);
        const a = this.read(left, path, depth + 1);
        if (!a.ok) return a;
        const b = this.read(right, path, depth + 1);
        return b.ok ? { ok: true, type: union([a.type, b.type]) } : b;
      }
      case 'ParenthesizedExpression': {
        const inner = children(node).find((c) => c.name !== '(' && c.name !== ')');
        return inner ? this.read(inner, path, depth + 1) : fail('an empty hint');
      }
      default:
        return fail(`the hint ${text} is no type Callboard reads; write str, int, float, bool, list[…], dict, Literal[…], a TypedDict or a union of them`);
    }
  }

  private named(name: string, node: SyntaxNode, path: string[], depth: number): HintRead {
    const bare = name.replace(/^typing\./, '');
    if (SCALAR_NAMES[bare]) return { ok: true, type: { kind: 'scalar', name: SCALAR_NAMES[bare] } };
    if (DICT_NAMES.has(bare)) return { ok: true, type: { kind: 'dict' } };
    if (LIST_NAMES.has(bare)) return { ok: true, type: { kind: 'list', items: { kind: 'any' } } };
    if (ANY_NAMES.has(bare)) return { ok: true, type: { kind: 'any' } };
    const line = (at: SyntaxNode) => this.file.at(at, '').line;
    const fail = (message: string): HintRead => ({ ok: false, node, message });
    if (this.names.rebound.has(bare)) return fail(`the hint ${name} names a name the module binds more than once; Callboard reads a type alias or a TypedDict bound once, so write the type itself here`);
    const declared = this.typed.get(bare);
    if (declared) {
      if (this.inAlias && declared.node.from > node.from) return fail(`the type alias on line ${line(node)} names ${name}, which is declared below it (line ${line(declared.node)}), where Python has not run yet; declare ${name} above the alias`);
      // Members are read where the class stands, not as the alias's value.
      const outer = this.inAlias;
      this.inAlias = 0;
      const shape = this.typedShape(bare, declared, path, depth);
      this.inAlias = outer;
      return shape;
    }
    const alias = this.names.aliases.get(bare);
    if (alias) return this.aliased(bare, alias, node, path, depth);
    const statement = this.names.typeStatements.get(bare);
    if (statement) {
      return fail(`the hint ${name} names \`type ${bare} = …\` (line ${line(statement)}), Python 3.12's type statement: pydantic gives such an alias its own $defs entry, which Callboard does not read (nor can the SDK's Python 3.11 run it); write ${bare} = … instead, or the type itself`);
    }
    return fail(`the hint ${name} names no type this file declares; declare it as class ${name}(TypedDict) in the file, or write str, int, float, bool, list, dict or Literal[…]`);
  }

  /** A hint naming a module-level alias: the alias's value, read where the alias stands. */
  private aliased(name: string, alias: AliasDeclaration, node: SyntaxNode, path: string[], depth: number): HintRead {
    const line = (at: SyntaxNode) => this.file.at(at, '').line;
    const fail = (message: string): HintRead => ({ ok: false, node, message });
    if (alias.node.from > node.from) {
      return fail(`the hint ${name} names the type alias on line ${line(alias.node)}, below the hint: Python has not run that line when the hint is read, so the SDK cannot resolve it; define ${name} above`);
    }
    if (this.aliasesReading.has(name)) return fail(`the type alias ${name} names itself; write the type itself`);
    this.aliasesReading.add(name);
    this.inAlias++;
    const read = this.read(alias.value, path, depth + 1);
    this.inAlias--;
    this.aliasesReading.delete(name);
    if (read.ok) return read;
    return fail(`the hint ${name} names the type alias on line ${line(alias.node)}, which Callboard cannot read as a type (${read.message}); it is kept as written, but the hint needs a type Callboard reads: write it here`);
  }

  private generic(head: string, args: SyntaxNode[], node: SyntaxNode, path: string[], depth: number): HintRead {
    const fail = (message: string): HintRead => ({ ok: false, node, message });
    const each = (): HintRead[] => args.map((a) => this.read(a, path, depth + 1));
    switch (head) {
      case 'Literal': {
        const values = args.map((a) => literalOf(this.file, a));
        const plain = values.map((v) => (v.ok ? v.value : undefined));
        if (plain.length && plain.every((v) => typeof v === 'string')) return { ok: true, type: { kind: 'literal', values: plain as string[] } };
        if (plain.length && plain.every((v) => Number.isInteger(v))) return { ok: true, type: { kind: 'literal', values: plain as number[] } };
        return fail('Literal[…] takes strings alone or whole numbers alone here, as the model is offered them');
      }
      case 'Optional': {
        const [inner] = each();
        if (!inner || args.length !== 1) return fail('Optional takes one type: Optional[str]');
        return inner.ok ? { ok: true, type: union([inner.type, { kind: 'scalar', name: 'None' }]) } : inner;
      }
      case 'Union': {
        const read = each();
        const bad = read.find((r) => !r.ok);
        return bad ?? { ok: true, type: union(read.map((r) => (r as { type: PyType }).type)) };
      }
      case 'NotRequired':
      case 'Required':
      case 'Annotated': {
        const inner = args[0] ? this.read(args[0], path, depth + 1) : fail(`${head}[…] takes a type`);
        return inner;
      }
      default:
        if (LIST_NAMES.has(head)) {
          if (args.length !== 1) return { ok: true, type: { kind: 'list', items: { kind: 'any' } } };
          const items = this.read(args[0], [...path, 'item'], depth + 1);
          return items.ok ? { ok: true, type: { kind: 'list', items: items.type } } : items;
        }
        if (DICT_NAMES.has(head)) return { ok: true, type: { kind: 'dict' } };
        return fail(`the hint ${head}[…] is no type Callboard reads; write list[…], dict, Optional[…], Union[…] or Literal[…]`);
    }
  }

  private typedShape(name: string, declared: { node: SyntaxNode; total: boolean }, path: string[], depth: number): HintRead {
    const known = this.shapes.get(name);
    if (known) return { ok: true, type: { kind: 'typed', shape: known } };
    if (this.reading.has(name)) return { ok: false, node: declared.node, message: `${name} names itself: a recursive TypedDict has no JSON Schema the model is offered; write dict` };
    this.reading.add(name);
    const members: TypedShape['members'] = [];
    const body = declared.node.getChild('Body');
    for (const statement of body ? children(body) : []) {
      if (statement.name !== 'AssignStatement') continue;
      const [target, typeDef] = children(statement);
      const hint = typeDef?.name === 'TypeDef' ? children(typeDef).find((c) => c.name !== ':') : undefined;
      if (target?.name !== 'VariableName' || !hint) continue;
      const member = this.file.of(target);
      const read = this.read(hint, [...path, member], depth + 1);
      if (!read.ok) {
        this.reading.delete(name);
        return read;
      }
      const head = this.file.of(hint).replace(/^typing(?:_extensions)?\./, '');
      const required = head.startsWith('NotRequired[') ? false : head.startsWith('Required[') ? true : declared.total;
      members.push({ name: member, type: read.type, required });
    }
    this.reading.delete(name);
    const shape: TypedShape = { members, path, title: name };
    this.shapes.set(name, shape);
    return { ok: true, type: { kind: 'typed', shape } };
  }
}

const JSON_SCALAR: Record<PyScalar, string> = { str: 'string', int: 'integer', float: 'number', bool: 'boolean', None: 'null' };

/** The document's schema for a hint: the plain JSON Schema it means. */
export function schemaOfHint(type: PyType): JsonSchema {
  switch (type.kind) {
    case 'scalar':
      return { type: JSON_SCALAR[type.name] };
    case 'any':
      return {};
    case 'dict':
      return { type: 'object' };
    case 'list':
      return type.items.kind === 'any' ? { type: 'array' } : { type: 'array', items: schemaOfHint(type.items) };
    case 'literal':
      return { type: typeof type.values[0] === 'string' ? 'string' : 'integer', enum: [...type.values] };
    case 'union': {
      if (type.members.every((m) => m.kind === 'scalar')) return { type: type.members.map((m) => JSON_SCALAR[(m as { name: PyScalar }).name]) };
      return { anyOf: type.members.map(schemaOfHint) };
    }
    case 'typed': {
      const required = type.shape.members.filter((m) => m.required).map((m) => m.name);
      return {
        type: 'object',
        // The class's name: the `$defs` entry the SDK's schema names it by, and the class the export declares.
        ...(type.shape.title ? { title: type.shape.title } : {}),
        properties: Object.fromEntries(type.shape.members.map((m) => [m.name, schemaOfHint(m.type)])),
        ...(required.length ? { required } : {}),
      };
    }
  }
}

/** The type without None: what an optional parameter's `X | None = None` declares of its value. */
export function withoutNone(type: PyType): PyType | undefined {
  if (type.kind === 'scalar' && type.name === 'None') return undefined;
  if (type.kind !== 'union') return type;
  const rest = type.members.filter((m) => !(m.kind === 'scalar' && m.name === 'None'));
  return rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : { kind: 'union', members: rest };
}
