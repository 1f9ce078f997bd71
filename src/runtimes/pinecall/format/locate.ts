// Positions of a document's entities in the Pinecall class they were imported from, read with the
// TypeScript parser (already loaded by the importer): tools are methods, state fields and the
// stage list are `@state` properties, an edge is a `this.stage = "…"` in a tool's body.
import ts from 'typescript';
import type { AgentDocument } from '../../../model';
import { pointerSegments } from '../../../formats/json-locate';
import type { Locator, Position } from '../../../formats/locator';

const nameOf = (member: ts.ClassElement): string | undefined =>
  member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) || ts.isPrivateIdentifier(member.name)) ? member.name.text : undefined;

function agentClass(sf: ts.SourceFile): ts.ClassDeclaration | undefined {
  const classes = sf.statements.filter(ts.isClassDeclaration);
  const extendsAgent = (c: ts.ClassDeclaration) =>
    c.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText(sf) === 'Agent')) ?? false;
  const isDefault = (c: ts.ClassDeclaration) => c.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ?? false;
  return classes.find((c) => extendsAgent(c) && isDefault(c)) ?? classes.find(extendsAgent) ?? classes[0];
}

/** Every node under `root` (depth first) that `test` accepts. */
function findAll<T extends ts.Node>(root: ts.Node, test: (node: ts.Node) => node is T): T[] {
  const found: T[] = [];
  const visit = (node: ts.Node) => {
    if (test(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

const isThisStage = (node: ts.Expression) =>
  ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword && node.name.text === 'stage';

/** `this.stage <operator> "name"` anywhere under root. */
function stageComparisons(root: ts.Node, operator: ts.SyntaxKind, name: string): ts.BinaryExpression[] {
  return findAll(root, ts.isBinaryExpression).filter((b) =>
    b.operatorToken.kind === operator && isThisStage(b.left) && ts.isStringLiteralLike(b.right) && b.right.text === name);
}

/** The object literal of the method's `@tool({...})`, if it has one. */
function toolOptions(method: ts.MethodDeclaration): ts.ObjectLiteralExpression | undefined {
  for (const decorator of ts.getDecorators(method) ?? []) {
    const call = decorator.expression;
    if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'tool') {
      const options = call.arguments[0];
      return options && ts.isObjectLiteralExpression(options) ? options : undefined;
    }
  }
  return undefined;
}

/** Tool options whose document key differs from the decorator's. */
const OPTION_KEYS: Record<string, string> = { scope: 'stage' };

export function tsLocator(text: string, doc: AgentDocument): Locator {
  const sf = ts.createSourceFile('agent.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const cls = agentClass(sf);
  const at = (node: ts.Node): Position => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return { line: line + 1, column: character + 1 };
  };
  if (!cls) return () => undefined;
  const classAt = at(cls.name ?? cls);
  const methods = cls.members.filter(ts.isMethodDeclaration);
  const properties = cls.members.filter(ts.isPropertyDeclaration);
  const method = (name: string | undefined) => methods.find((m) => nameOf(m) === name);
  const stageProperty = properties.find((p) => nameOf(p) === 'stage');

  const stageLiteral = (name: string): ts.Node | undefined => {
    const type = stageProperty?.type;
    const union = type && ts.isTypeReferenceNode(type) ? type.typeArguments?.[0] : undefined;
    if (!union) return undefined;
    const literals = findAll(union, ts.isLiteralTypeNode);
    return literals.find((l) => ts.isStringLiteral(l.literal) && l.literal.text === name);
  };

  const toolPosition = (index: number, rest: string[]): Position | undefined => {
    const found = method(doc.tools[index]?.name);
    if (!found) return undefined;
    if (rest[0] === 'parameters') {
      // /parameters/properties/<name>/…: the signature's parameter of that name.
      const name = rest[1] === 'properties' ? rest[2] : undefined;
      const parameter = found.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
      return at(parameter ?? found.name);
    }
    const options = toolOptions(found);
    const key = OPTION_KEYS[rest[0]] ?? rest[0];
    const option = options?.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === key);
    return at(option ?? found.name);
  };

  const edgePosition = (index: number): Position | undefined => {
    const edge = doc.edges[index];
    if (!edge) return undefined;
    const to = doc.stages.find((s) => s.id === edge.to)?.name;
    const from = doc.stages.find((s) => s.id === edge.from)?.name;
    // The tool that fires the edge holds `this.stage = "<to>"`; without one, the stage it leaves.
    const toolIds = edge.conditions.flatMap((c) => (c.kind === 'tool' ? [c.toolId] : []));
    for (const toolId of toolIds) {
      const found = method(doc.tools.find((t) => t.id === toolId)?.name);
      const assignment = found && to !== undefined ? stageComparisons(found, ts.SyntaxKind.EqualsToken, to)[0] : undefined;
      if (assignment) return at(assignment);
      if (found) return at(found.name);
    }
    const literal = from !== undefined ? stageLiteral(from) : undefined;
    return literal ? at(literal) : undefined;
  };

  return ({ path }) => {
    const [collection, index, ...rest] = pointerSegments(path);
    const i = Number(index);
    switch (collection) {
      case 'tools':
        return toolPosition(i, rest);
      case 'stages': {
        const name = doc.stages[i]?.name;
        if (name === undefined) return undefined;
        const render = method('render');
        const section = rest[0] === 'instructions' && render ? stageComparisons(render, ts.SyntaxKind.EqualsEqualsEqualsToken, name)[0] : undefined;
        const literal = section ?? stageLiteral(name);
        return literal ? at(literal) : undefined;
      }
      case 'edges':
        return edgePosition(i);
      case 'state': {
        const property = properties.find((p) => nameOf(p) === doc.state[i]?.name);
        return property ? at(property.name) : undefined;
      }
      case 'blocks':
      case 'persona':
      case 'llm':
      case 'entryStageId':
        return stageProperty && collection === 'entryStageId' ? at(stageProperty.name) : classAt;
      default:
        return undefined;
    }
  };
}
