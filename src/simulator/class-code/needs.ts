// Which tool needs what the simulator cannot run, found before any run (pure, the TypeScript
// parser only): the names a tool's body uses, and those of the helper methods, getters and
// top-level declarations it reaches, transitively, that are imported from another file or a
// package, or are the world's calls (`this.knowledge.search`, `this.remembers`). The UI lists them
// ("book needs agendaFor") so the user can give a mock answer before the run fails for want of one.
import type ts from 'typescript';
import type { AgentDocument, Tool } from '../../model';
import type { MockNeed } from '../types';
import { keptViewOf } from './kept-view';
import { helperMocksOf } from './mocks';
import { classCodeOf, WORLD_CALLS, type ClassCode } from './read';
import { parsePiece, refsOf, type CodeRefs } from './refs';

/** A need of one tool, found by reading the code. */
export interface HelperNeed extends MockNeed {
  /** The helpers between the tool and the need, in call order: `["this.agenda"]` for book → this.agenda() → agendaFor. */
  via: string[];
  /** Whether the document holds a mock answer for it (doc.mocks.helpers). */
  mocked: boolean;
}

export interface ToolNeeds {
  tool: string;
  needs: HelperNeed[];
}

/** The name of the sandbox's wrapper for a tool body (sandbox/transpile.ts); any name that cannot collide will do. */
function toolSource(tool: Tool): string {
  return `async function __tool(${Object.keys(tool.parameters.properties ?? {}).join(', ')}) {\n${tool.implementation ?? ''}\n}`;
}

function firstFunction(sf: ts.SourceFile): ts.Node {
  return sf.statements[0] ?? sf;
}

type Node = { key: string; label: string; refs: CodeRefs };

/** The graph of helpers a class's code forms: members by name, declarations by the names they declare. */
interface Graph {
  members: Map<string, Node>;
  declarations: Map<string, Node>;
}

const graphs = new WeakMap<ClassCode, Graph>();

function graphOf(code: ClassCode): Graph {
  const known = graphs.get(code);
  if (known) return known;
  const members = new Map<string, Node>();
  for (const member of code.members) {
    const refs = refsOf(firstFunction(parsePiece(`class __M {\n${member.source}\n}`)));
    const before = members.get(member.name);
    // A getter and its setter are one name on `this`: their references are one node's.
    if (before) for (const key of Object.keys(refs) as (keyof CodeRefs)[]) for (const v of refs[key]) before.refs[key].add(v);
    else members.set(member.name, { key: `member:${member.name}`, label: `this.${member.name}`, refs });
  }
  const declarations = new Map<string, Node>();
  code.declarations.forEach((declaration, index) => {
    const node: Node = { key: `declaration:${index}`, label: declaration.names[0], refs: refsOf(parsePiece(declaration.source), declaration.names) };
    for (const name of declaration.names) if (!declarations.has(name)) declarations.set(name, node);
  });
  const graph = { members, declarations };
  graphs.set(code, graph);
  return graph;
}

/** The needs a node names directly, and the helpers it reaches. */
function step(doc: AgentDocument, code: ClassCode, graph: Graph, refs: CodeRefs): { needs: MockNeed[]; next: Node[] } {
  const fields = new Set(doc.state.map((f) => f.name));
  const needs: MockNeed[] = [];
  const next: Node[] = [];
  const onThis = (name: string) => fields.has(name) || graph.members.has(name);
  for (const name of refs.thisMembers) {
    const member = graph.members.get(name);
    if (member && !fields.has(name)) next.push(member);
  }
  for (const world of WORLD_CALLS) {
    const [head] = world.helper.split('.');
    const used = world.helper.includes('.') ? refs.thisDotted.has(world.helper) || refs.thisMembers.has(head) : refs.thisMembers.has(head);
    if (used && !onThis(head)) needs.push({ helper: world.helper, kind: 'world', from: world.what });
  }
  for (const name of refs.names) {
    const declaration = graph.declarations.get(name);
    if (declaration) {
      next.push(declaration);
      continue;
    }
    const imported = code.imports.find((i) => i.local === name);
    if (!imported) continue;
    const why = imported.why ? { why: imported.why } : {};
    if (imported.imported !== '*') {
      needs.push({ helper: name, kind: 'import', from: imported.from, ...why });
      continue;
    }
    const members = [...refs.dotted].filter((d) => d.startsWith(`${name}.`));
    for (const helper of members.length ? members : [name]) needs.push({ helper, kind: 'import', from: imported.from, ...why });
  }
  return { needs, next };
}

/** Every need reachable from `refs`, each once, with the first way it was reached. */
function needsFrom(doc: AgentDocument, code: ClassCode, refs: CodeRefs): { need: MockNeed; via: string[] }[] {
  const graph = graphOf(code);
  const found = new Map<string, { need: MockNeed; via: string[] }>();
  const seen = new Set<string>();
  // Breadth first, so the path reported is the shortest one.
  let frontier: { refs: CodeRefs; via: string[] }[] = [{ refs, via: [] }];
  while (frontier.length) {
    const later: { refs: CodeRefs; via: string[] }[] = [];
    for (const at of frontier) {
      const { needs, next } = step(doc, code, graph, at.refs);
      for (const need of needs) if (!found.has(need.helper)) found.set(need.helper, { need, via: at.via });
      for (const node of next) {
        if (seen.has(node.key)) continue;
        seen.add(node.key);
        later.push({ refs: node.refs, via: [...at.via, node.label] });
      }
    }
    frontier = later;
  }
  return [...found.values()];
}

/**
 * For each function tool with an implementation, in the document's order: what its body needs
 * that cannot run in the simulator, directly or through the class's and the file's helpers.
 */
export function helperNeeds(doc: AgentDocument): ToolNeeds[] {
  const code = classCodeOf(doc);
  const mocks = helperMocksOf(doc);
  return doc.tools
    .filter((tool) => tool.kind === 'function' && tool.implementation?.trim())
    .map((tool) => {
      const refs = refsOf(firstFunction(parsePiece(toolSource(tool))));
      const needs = needsFrom(doc, code, refs).map(({ need, via }) => ({ ...need, via, mocked: Object.hasOwn(mocks, need.helper) }));
      return { tool: tool.name, needs };
    });
}

/** What a getter needs, as helperNeeds says it of a tool (a getter may call an imported helper too). */
export function getterNeeds(doc: AgentDocument, getter: string): HelperNeed[] {
  const code = classCodeOf(doc);
  const node = graphOf(code).members.get(getter);
  if (!node) return [];
  const mocks = helperMocksOf(doc);
  return needsFrom(doc, code, node.refs).map(({ need, via }) => ({ ...need, via, mocked: Object.hasOwn(mocks, need.helper) }));
}

/** The references of the class's kept view: its render() method, or a call of the `@render` component. */
function viewRefs(doc: AgentDocument): CodeRefs | undefined {
  const view = keptViewOf(doc);
  // A Python class's Jinja view, a Ruby class's ERB, is no TypeScript: it calls nothing of the class's code.
  if (!view || view.kind === 'jinja' || view.kind === 'erb') return undefined;
  // Pinecall calls the component with the instance: `Name(this)`.
  if (view.kind === 'component') return refsOf(parsePiece(`${view.name}(this);`));
  return refsOf(firstFunction(parsePiece(`class __M {\n${view.source}\n}`)));
}

/** What the kept view (render() or `@render(Component)`) needs, as helperNeeds says it of a tool: an imported component is one. */
export function viewNeeds(doc: AgentDocument): HelperNeed[] {
  const refs = viewRefs(doc);
  if (!refs) return [];
  const mocks = helperMocksOf(doc);
  return needsFrom(doc, classCodeOf(doc), refs).map(({ need, via }) => ({ ...need, via, mocked: Object.hasOwn(mocks, need.helper) }));
}

/**
 * The names the sandbox stubs, with whether any code of the agent calls them (`agendaFor(…)`) or
 * only reads them as values (an imported constant): a called stub answers its mock when called,
 * a read one is the mock itself.
 */
export function stubbedNames(doc: AgentDocument): { need: MockNeed; called: boolean }[] {
  const code = classCodeOf(doc);
  const graph = graphOf(code);
  const all: CodeRefs[] = [...graph.members.values(), ...new Set(graph.declarations.values())].map((n) => n.refs);
  for (const tool of doc.tools) if (tool.kind === 'function' && tool.implementation?.trim()) all.push(refsOf(firstFunction(parsePiece(toolSource(tool)))));
  // The view too: an imported `@render` component is called, so its mock is what the call answers (the text).
  const view = viewRefs(doc);
  if (view) all.push(view);
  const called = new Set(all.flatMap((r) => [...r.called]));
  const dotted = new Set(all.flatMap((r) => [...r.dotted]));
  const out: { need: MockNeed; called: boolean }[] = [];
  for (const imported of code.imports) {
    if (imported.imported !== '*') {
      out.push({ need: { helper: imported.local, kind: 'import', from: imported.from, ...(imported.why ? { why: imported.why } : {}) }, called: called.has(imported.local) });
      continue;
    }
    out.push({ need: { helper: imported.local, kind: 'import', from: imported.from }, called: false });
    for (const d of dotted) if (d.startsWith(`${imported.local}.`)) out.push({ need: { helper: d, kind: 'import', from: imported.from }, called: called.has(d) });
  }
  for (const world of WORLD_CALLS) out.push({ need: { helper: world.helper, kind: 'world', from: world.what }, called: true });
  return out;
}
