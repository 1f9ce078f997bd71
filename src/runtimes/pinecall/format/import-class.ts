import ts from 'typescript';
import type { StateField } from '../../../model';
import { environmentAsState, environmentTwice, isEnvironmentField, PINECALL_CONFIG_FIELDS, PINECALL_DECORATED, pinecallRefusal } from '../../../model/lint/pinecall-refusals';
import { getOwn, setOwn } from '../../../model/own';
import { stageDeclaration, stateDeclaration } from './export-members';
import { readStageField, readStateField, type RenderRead, type StageField } from './import-members';
import { findDecorator, leadingComments, memberName, splitComments, textWithComments, withIndent, type ImportContext } from './import-util';
import { otherMemberKey, type MemberSlot } from './member-layout';
import { memberKey, type PinecallPreserved } from './preserved';

// The members of an agent class: which are state, the stage field, render(), the tools, and
// what is kept as written; and the class's own decorators.

export interface MembersRead {
  state: StateField[];
  stage?: StageField;
  render?: RenderRead;
  renderMethod?: ts.MethodDeclaration;
  toolMethods: ts.MethodDeclaration[];
}

/**
 * State fields, the stage field, render() and the tool methods; every other member is kept as
 * written (config fields, getters, helper methods…). The world's fields and `@tool` on anything
 * but a method are refused, as Pinecall refuses them when the class loads.
 */
export function readMembers(ctx: ImportContext, agentClass: ts.ClassDeclaration, preserved: PinecallPreserved, className: string): MembersRead {
  const sf = ctx.sf;
  const read: MembersRead = { state: [], toolMethods: [] };
  const isStatic = (m: ts.ClassElement) => ts.getCombinedModifierFlags(m as ts.Declaration) & ts.ModifierFlags.Static;
  const fields = agentClass.members.filter((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && !isStatic(m));
  // "When one field is decorated, only decorated fields are state."
  const anyDecorated = fields.some((f) => findDecorator(f, 'state'));
  if (!anyDecorated && fields.length > 0) preserved.undecoratedState = true;
  const members: string[] = [];
  const comment = (key: string, text: string) => { if (text) preserved.comments![key] = text; };
  const order: MemberSlot[] = [];
  let previousEnd = agentClass.members.pos;
  const declared = new Map<string, { kind: string; line: number }[]>();
  for (const member of agentClass.members) {
    const name = memberName(member.name);
    const twice = name === undefined ? undefined : declaredTwice(declared, member, name, sf);
    if (twice) {
      ctx.error(member.name ?? member, twice);
      continue;
    }
    const { jsDoc, others } = splitComments(sf, member);
    // A blank line between the previous member (or the `{`) and this one's first comment.
    const ranges = leadingComments(sf, member);
    const gap = /\n[ \t]*\r?\n/.test(sf.text.slice(previousEnd, ranges.length ? ranges[0].pos : member.getStart(sf)));
    previousEnd = member.end;
    const place = (key: string) => order.push({ key, gap });
    if (!ts.isMethodDeclaration(member) && name !== undefined && ts.canHaveDecorators(member) && findDecorator(member, 'tool')) {
      ctx.error(member.name ?? member, pinecallRefusal.toolNotOnMethod(name));
      continue;
    }
    // The class's environment (Pinecall 0.11): a static member or a class decorator, never a call's state.
    if (ts.isPropertyDeclaration(member) && name !== undefined && isEnvironmentField(name) && !PINECALL_CONFIG_FIELDS.has(name)) {
      if (!isStatic(member)) {
        ctx.error(member.name ?? member, environmentAsState(name));
        continue;
      }
      if (name === 'knowledge') {
        ctx.error(member.name ?? member, environmentAsState(name));
        continue;
      }
      if (getOwn(PINECALL_DECORATED, name) && classDecoratorNames(agentClass).includes(name)) {
        ctx.error(member.name ?? member, environmentTwice(className, name));
        continue;
      }
    }
    const isState = ts.isPropertyDeclaration(member) && fields.includes(member) && name !== undefined && !PINECALL_CONFIG_FIELDS.has(name);
    if (isState && (!anyDecorated || findDecorator(member, 'state'))) {
      const decorated = !preserved.undecoratedState;
      if (name === 'stage') {
        read.stage = readStageField(ctx, member, agentClass);
        place(memberKey.stage);
        comment(memberKey.stage, [jsDoc ? withIndent(sf, jsDoc.pos, jsDoc.end) : '', others].filter(Boolean).join('\n'));
        const written = withIndent(sf, member.getStart(sf), member.end);
        if (read.stage && written !== stageDeclaration(read.stage.names, read.stage.entry, decorated)) {
          preserved.stageField = { text: written, names: read.stage.names, ...(read.stage.entry === undefined ? {} : { entry: read.stage.entry }) };
        }
        continue;
      }
      const field = readStateField(ctx, member, name, jsDoc?.text, className);
      read.state.push(field);
      place(memberKey.state(name));
      comment(memberKey.state(name), others);
      const written = withIndent(sf, member.getStart(sf), member.end);
      const { id: _id, ...rest } = field;
      if (written !== stateDeclaration(field, decorated)) setOwn(preserved.fields!, name, { text: written, field: rest });
      continue;
    }
    if (ts.isMethodDeclaration(member) && !isStatic(member) && findDecorator(member, 'tool')) {
      read.toolMethods.push(member);
      place(memberKey.tool(memberName(member.name) ?? member.name.getText(sf)));
      continue;
    }
    if (ts.isMethodDeclaration(member) && !isStatic(member) && name === 'render' && !read.renderMethod) {
      // Read once the stage field is known (it may stand further down).
      read.renderMethod = member;
      place(memberKey.render);
      comment(memberKey.render, [jsDoc ? withIndent(sf, jsDoc.pos, jsDoc.end) : '', others].filter(Boolean).join('\n'));
      continue;
    }
    place(otherMemberKey(members.length));
    members.push(textWithComments(sf, member));
  }
  preserved.members = members;
  // import.ts drops it when the exporter would lay the members out this way anyway.
  preserved.memberOrder = order;
  return read;
}

/** The names of the class's called decorators (`@voice("…")` → voice). */
function classDecoratorNames(agentClass: ts.ClassDeclaration): string[] {
  return (ts.getDecorators(agentClass) ?? []).flatMap((d) => (ts.isCallExpression(d.expression) && ts.isIdentifier(d.expression.expression) ? [d.expression.expression.text] : []));
}

/**
 * The class's own decorators, kept as written; `@render(View)` beside a `render()` method and a
 * second `@view` are refused, as Pinecall refuses them.
 */
export function readClassDecorators(ctx: ImportContext, agentClass: ts.ClassDeclaration, className: string, renderMethod: ts.MethodDeclaration | undefined): string[] {
  const decorators = ts.getDecorators(agentClass) ?? [];
  const called = (d: ts.Decorator, name: string) => ts.isCallExpression(d.expression) && ts.isIdentifier(d.expression.expression) && d.expression.expression.text === name ? d.expression : undefined;
  const argumentText = (call: ts.CallExpression) => call.arguments[0]?.getText(ctx.sf) ?? '';
  const render = decorators.map((d) => called(d, 'render')).find((c) => c !== undefined);
  if (render && renderMethod) ctx.error(render, pinecallRefusal.bothViews(className, argumentText(render)));
  const views = decorators.map((d) => called(d, 'view')).filter((c): c is ts.CallExpression => c !== undefined);
  if (views.length > 1) ctx.error(views[1], pinecallRefusal.twoViews(className, viewName(views[0], ctx.sf), viewName(views[1], ctx.sf)));
  return decorators.map((d) => d.getText(ctx.sf));
}

/** What Pinecall calls a view: its given name, else the function's spaced (`CustomerCard` → "Customer Card"). */
function viewName(call: ts.CallExpression, sf: ts.SourceFile): string {
  const [draw, name] = call.arguments;
  if (name && (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))) return name.text;
  const written = (draw && ts.isIdentifier(draw) ? draw.text : draw?.getText(sf) ?? '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim();
  return written === '' ? 'View' : written.charAt(0).toUpperCase() + written.slice(1);
}


/**
 * Why TypeScript refuses `member` beside the members of its name met before (a field, or a method
 * with a body, declared twice; a getter and a setter, and overload signatures, pair), or undefined.
 */
function declaredTwice(declared: Map<string, { kind: string; line: number }[]>, member: ts.ClassElement, name: string, sf: ts.SourceFile): string | undefined {
  const kind = ts.isGetAccessorDeclaration(member) ? 'get' : ts.isSetAccessorDeclaration(member) ? 'set'
    : ts.isMethodDeclaration(member) ? (member.body ? 'method' : 'overload') : ts.isPropertyDeclaration(member) ? 'field' : undefined;
  if (kind === undefined || kind === 'overload') return undefined;
  const key = `${ts.getCombinedModifierFlags(member as ts.Declaration) & ts.ModifierFlags.Static ? 'static ' : ''}${name}`;
  const before = declared.get(key) ?? [];
  const clash = before.find((b) => !((b.kind === 'get' && kind === 'set') || (b.kind === 'set' && kind === 'get')));
  const line = sf.getLineAndCharacterOfPosition(member.getStart(sf)).line + 1;
  if (clash) return `the class declares ${name} twice (first on line ${clash.line}); TypeScript refuses a member declared twice: keep one, or rename this one`;
  declared.set(key, [...before, { kind, line }]);
  return undefined;
}
