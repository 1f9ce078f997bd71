import ts from 'typescript';
import type { StateField, Tool } from '../../../model';
import { readMembers, type MembersRead } from './import-class';
import { memberName, type ImportContext } from './import-util';
import type { PinecallPreserved } from './preserved';

// Inheritance within one file (formats/pinecall.md, "Checked against Pinecall's source"):
// Pinecall's toolsOf walks the prototype chain, so `class Busca extends ClinicaNorte` offers its
// own tools and all of ClinicaNorte's, and the base's fields and getters come along. The base
// class stays in the file as written (preserved `before`/`after`); the document models what the
// agent offers, and the exporter leaves out of the subclass whatever the base still declares as
// it was read (preserved `inherited`), so that editing an inherited tool writes an override.

/** How far `extends` is followed through the file: a chain longer than this is not an agent's. */
const MAX_BASES = 16;

/** The classes `agentClass` extends that this file declares, nearest first. */
export function baseClassesInFile(sf: ts.SourceFile, agentClass: ts.ClassDeclaration): ts.ClassDeclaration[] {
  const classes = new Map(sf.statements.filter(ts.isClassDeclaration).filter((c) => c.name).map((c) => [c.name!.text, c]));
  const chain: ts.ClassDeclaration[] = [];
  let current = agentClass;
  while (chain.length < MAX_BASES) {
    const base = current.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    const next = base && ts.isIdentifier(base) ? classes.get(base.text) : undefined;
    if (!next || next === agentClass || chain.includes(next)) break;
    chain.push(next);
    current = next;
  }
  return chain;
}

export interface Inherited {
  state: Set<string>;
  tools: Set<string>;
  stage: boolean;
  render: boolean;
}

/**
 * Folds the bases' members into the subclass's (the bases of this file, then those of the files it imports them from): its own win by name; state and tools of the
 * bases come first, root first, as a Pinecall instance holds them. Returns what was inherited.
 * The bases' kept members (helpers, getters) go to `preserved.baseMembers` for the simulator.
 */
export function inheritMembers(ctx: ImportContext, bases: ts.ClassDeclaration[], own: MembersRead, preserved: PinecallPreserved, contextOf: (base: ts.ClassDeclaration) => ImportContext = () => ctx): Inherited {
  const inherited: Inherited = { state: new Set(), tools: new Set(), stage: false, render: false };
  if (bases.length === 0) return inherited;
  const ownState = new Set(own.state.map((f) => f.name));
  const ownTools = new Set(own.toolMethods.map((m) => memberName(m.name)));
  const state: StateField[] = [];
  const tools: ts.MethodDeclaration[] = [];
  const baseMembers: string[] = [];
  for (const base of [...bases].reverse()) {
    const scratch: PinecallPreserved = { comments: {}, tools: {}, fields: {} };
    // A base of another file (import-files.ts) is read in its own file's context: its text, its lines.
    const read = readMembers(contextOf(base), base, scratch, base.name?.text ?? 'Base');
    baseMembers.push(...(scratch.members ?? []));
    for (const field of read.state) {
      if (ownState.has(field.name)) continue;
      const at = state.findIndex((f) => f.name === field.name);
      if (at >= 0) state.splice(at, 1);
      state.push(field);
      inherited.state.add(field.name);
    }
    for (const method of read.toolMethods) {
      const name = memberName(method.name);
      if (ownTools.has(name)) continue;
      const at = tools.findIndex((m) => memberName(m.name) === name);
      if (at >= 0) tools.splice(at, 1);
      tools.push(method);
      if (name !== undefined) inherited.tools.add(name);
    }
    if (!own.stage && read.stage) { own.stage = read.stage; inherited.stage = true; }
    if (!own.renderMethod && read.renderMethod) { own.renderMethod = read.renderMethod; inherited.render = true; }
  }
  own.state = [...state, ...own.state];
  own.toolMethods = [...tools, ...own.toolMethods];
  if (baseMembers.length) preserved.baseMembers = baseMembers;
  return inherited;
}

const withoutId = <T extends { id: string }>(entity: T): Omit<T, 'id'> => {
  const { id: _id, ...rest } = entity;
  return rest;
};

/** What the base declares, as read: the exporter writes an inherited entity only once it differs. */
export function inheritedSnapshot(inherited: Inherited, state: StateField[], tools: Tool[], stage: { names: string[]; entry?: string } | undefined, instructions: Record<string, string>): PinecallPreserved['inherited'] {
  if (!inherited.state.size && !inherited.tools.size && !inherited.stage && !inherited.render) return undefined;
  return {
    state: Object.fromEntries(state.filter((f) => inherited.state.has(f.name)).map((f) => [f.name, withoutId(f)])),
    tools: Object.fromEntries(tools.filter((t) => inherited.tools.has(t.name)).map((t) => [t.name, withoutId(t)])),
    ...(inherited.stage && stage ? { stage } : {}),
    ...(inherited.render ? { render: instructions } : {}),
  };
}
