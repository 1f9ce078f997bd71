// What a Pinecall class in Ruby cannot say of the document, computed, never listed by hand: the
// document is exported to Ruby and the class read back, and every path where the two differ is a
// loss, named by where it stands and what the class reads back there. So the list and the file
// cannot disagree, whatever either learns later.
//
// Entities are matched by name (a read-back has fresh ids), ids inside an entity are replaced by
// the names they point at, and a view's placeholder spacing (`{{x}}`, `{{ x }}`) is one way of
// writing the same thing. What the read-back adds that the document lacks (the kept Ruby of an
// exported TypeScript body) is no loss.
import type { AgentDocument, Loss } from '../../../../model';
import { collectLosses } from '../../../../model/loss';
import { pointer } from '../../../../model/lint/pointer';
import { toolVisibleIn } from '../../../../model/document';
import { exportPinecallRuby } from './export';
import { importPinecallRuby } from './import';

type Json = unknown;
const isMap = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How much of a value the loss's sentence shows of what the class reads back. */
const SHOWN = 80;

/** What to do about a part the class reads back otherwise, where there is something to say beyond the value. */
const WHY: Record<string, string> = {
  'tools/implementation': 'the TypeScript body is written as comments to port: write the method\'s Ruby in its place',
  'tools/when': 'a when in JavaScript is not written: the gem\'s when: is a Ruby lambda over the state, write one',
  'state/description': 'the gem\'s state declares no description: a comment above it is kept only as code',
  'tools/fallback': 'a class has no fallback tool: the model chooses among the tools offered',
};

/** The document with each id replaced by the name of what it names, and what only layout or ids say left out. */
function byNames(doc: AgentDocument): Record<string, Json> {
  const name = new Map<string, string>([...doc.stages, ...doc.tools, ...doc.state, ...doc.blocks].map((e) => [e.id, e.name]));
  const named = (id: string | null) => (id === null ? null : name.get(id) ?? id);
  const placeholders = (text: string) => text.replace(/\{\{\s*([A-Za-z_$][\w.$]*)\s*\}\}/g, '{{ $1 }}').trimEnd();
  // A ref following its name is how the app keeps refs, not what the class says.
  const withoutId = <T extends { id: string }>(entity: T) => Object.fromEntries(Object.entries(entity).filter(([k]) => k !== 'id' && k !== 'refFollowsName'));
  return {
    name: doc.name,
    persona: doc.persona.trimEnd(),
    llm: doc.llm,
    opening: doc.opening,
    entryStageId: named(doc.entryStageId),
    blocks: doc.blocks.length,
    state: Object.fromEntries(doc.state.map((f) => [f.name, withoutId(f)])),
    stages: Object.fromEntries(doc.stages.map((s) => [s.name, { ...withoutId(s), blockId: undefined, ref: undefined, instructions: placeholders(s.instructions) }])),
    tools: Object.fromEntries(doc.tools.map((t) => [t.name, {
      ...withoutId(t),
      ref: undefined,
      // However the scope is written (all, blocks, stages), what it says is the stages that offer the tool.
      scope: doc.stages.filter((s) => toolVisibleIn(t, s)).map((s) => s.name).sort(),
    }])),
    edges: doc.edges.map((e) => JSON.stringify({
      from: named(e.from), to: named(e.to), kind: e.kind,
      conditions: e.conditions.map((c) => (c.kind === 'tool' ? { ...c, toolId: named(c.toolId), expected: c.expected.toLowerCase() } : c)),
    })),
    preserved: Object.fromEntries(Object.entries(doc.preserved ?? {}).filter(([key]) => key !== 'pinecallRuby')),
  };
}

/** Each leaf of `a` that `b` lacks or holds otherwise, as the keys down to it. */
function differences(a: Json, b: Json, at: string[], out: string[][]): void {
  if (a === b || a === undefined) return;
  if (isMap(a) && isMap(b)) {
    for (const key of Object.keys(a)) differences(a[key], b[key], [...at, key], out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((v, i) => differences(v, b[i], [...at, String(i)], out));
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(at);
}

const shown = (value: Json): string => {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};

const dig = (value: Json, keys: string[]): Json => keys.reduce<Json>((v, k) => (isMap(v) ? v[k] : Array.isArray(v) ? v[Number(k)] : undefined), value);

/** The document's losses in a Pinecall class in Ruby: where its Ruby export reads back otherwise. */
export function lossesOfPinecallRuby(doc: AgentDocument): Loss[] {
  const exported = exportPinecallRuby(doc);
  const view = exported.files.find((f) => f.path.endsWith('.erb'))?.text;
  const back = importPinecallRuby(exported.text, view !== undefined ? { view } : {});
  return collectLosses('pinecall', (add) => {
    const agent = { kind: 'agent' as const };
    if (!back.ok) {
      add(pointer(), agent, 'Ruby class', `the Ruby export does not read back (${back.errors.map((e) => `line ${e.line}: ${e.message}`).join('; ')}); report it, with the agent`);
      return;
    }
    const a = byNames(doc);
    const b = byNames(back.doc);
    // Edges compare as a set: one the class does not give back is lost whole.
    const backEdges = new Set(b.edges as string[]);
    (a.edges as string[]).forEach((edge, i) => {
      if (!backEdges.has(edge)) add(pointer('edges', i), { kind: 'edge', id: doc.edges[i].id }, 'edge', 'the Ruby class moves the stage in its tools\' bodies, and this move reads back as no move: its tool or conditions are ones a body\'s `if` does not write');
    });
    const found: string[][] = [];
    for (const key of Object.keys(a)) if (key !== 'edges') differences(a[key], b[key], [key], found);
    // One loss per entity's part (a tool's parameters, a stage's instructions), not per leaf.
    const seen = new Set<string>();
    for (const keys of found) {
      const [list, name, part] = keys;
      const entityList = list === 'state' || list === 'stages' || list === 'tools' ? list : undefined;
      // A schema is named leaf by leaf (`additionalProperties`, one parameter's `pattern`); other parts whole.
      const head = entityList ? (part === 'parameters' ? keys : [list, name, ...(part ? [part] : [])]) : keys.slice(0, list === 'preserved' ? 2 : 1);
      const id = head.join('/');
      if (seen.has(id)) continue;
      seen.add(id);
      const readBack = shown(dig(b, head));
      if (entityList) {
        const items = doc[entityList] as { id: string; name: string }[];
        const index = items.findIndex((e) => e.name === name);
        const entity = { kind: entityList === 'state' ? 'state' as const : entityList === 'stages' ? 'stage' as const : 'tool' as const, id: items[index].id };
        const what = entityList === 'state' ? 'state field' : entityList === 'stages' ? 'stage' : 'tool';
        const inside = head.slice(2);
        const why = part ? WHY[`${entityList}/${part}`] : undefined;
        add(pointer(entityList, index, ...inside), entity, part ? `${what} ${part}` : what,
          part ? `${name}'s ${inside.join('.')} reads back from the Ruby class as ${readBack}${why ? ` (${why})` : ''}` : `${name} is not written in the Ruby class`);
      } else if (list === 'blocks') {
        add(pointer('blocks'), agent, 'blocks', `a class is one block: the ${doc.blocks.length} blocks read back as one`);
      } else if (list === 'preserved') {
        add(pointer('preserved', name), agent, 'kept code', `what the agent keeps of its ${name === 'pinecallPython' ? 'Python' : name === 'pinecall' ? 'TypeScript' : name} file is not written in the Ruby class: port it by hand`);
      } else {
        const path = list === 'entryStageId' ? pointer('entryStageId') : pointer(list);
        add(path, agent, list === 'entryStageId' ? 'entry stage' : list, `it reads back from the Ruby class as ${readBack}`);
      }
    }
  });
}
