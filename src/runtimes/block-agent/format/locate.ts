// Where a problem sits in a Block Agent YAML file (formats/locator.ts): the document's entities
// under the keys the file spells them with (turn_id, block_id, a tool per block). Loaded on demand
// by the kind's locator (files.ts): it brings the `yaml` parser.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';
import { edgesFrom, type AgentDocument } from '../../../model';
import { pointerSegments } from '../../../formats/json-locate';
import type { Locator, Position } from '../../../formats/locator';


const pairOf = (map: YAMLMap, key: string) => map.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
const valueOf = (node: unknown, key: string): Node | undefined => (isMap(node) ? (pairOf(node, key)?.value as Node | undefined) ?? undefined : undefined);
const textOf = (node: unknown, key: string): string | undefined => {
  const value = valueOf(node, key);
  return isScalar(value) && value.value !== null ? String(value.value) : undefined;
};
const itemsOf = (node: unknown): Node[] => (isSeq(node) ? (node.items as Node[]) : []);

/** Document keys that the Block Agent file spells differently. */
const YAML_KEYS: Record<string, string> = {
  persona: 'personality', llm: 'llm_settings', instructions: 'content', kind: 'type', waitToken: 'wait_token',
  connectTo: 'connect_to', expected: 'expected_value', toolId: 'tool', text: 'nlu',
  serverLabel: 'server_label', serverUrl: 'server_url', allowedTools: 'allowed_tools',
};

export function yamlLocator(text: string, doc: AgentDocument): Locator {
  const lines = new LineCounter();
  // uniqueKeys: false: only positions are read here, and the library's duplicate check is quadratic in the keys.
  const parsed = parseDocument(text.replace(/^\uFEFF/, ''), { lineCounter: lines, uniqueKeys: false });
  const root = parsed.contents;
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const at = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col + (line === 1 ? bom : 0) };
  };

  const blocks = itemsOf(valueOf(root, 'blocks'));
  const turns = blocks.flatMap((b) => itemsOf(valueOf(b, 'turns')));
  // A whole agent holds its tools per block; a bare list of tools is one at the top.
  const tools = isSeq(root) ? itemsOf(root) : blocks.flatMap((b) => itemsOf(valueOf(b, 'tools')));
  // Looked up by name from maps built once (the first node of a name wins, as a search would find
  // it): searching the list per problem made a file with thousands of tools quadratic.
  const firstBy = (nodes: Node[], names: (node: Node) => (string | undefined)[]) => {
    const found = new Map<string, Node>();
    for (const node of nodes) for (const name of names(node)) if (name !== undefined && !found.has(name)) found.set(name, node);
    return found;
  };
  const toolsByName = firstBy(tools, (t) => [textOf(valueOf(t, 'function'), 'name'), textOf(t, 'server_label')]);
  const turnsByRef = firstBy(turns, (t) => [textOf(t, 'turn_id')]);
  const blocksByRef = firstBy(blocks, (b) => [textOf(b, 'block_id')]);
  const toolNode = (name: string) => toolsByName.get(name);
  const turnNode = (ref: string) => turnsByRef.get(ref);
  const blockNode = (ref: string) => blocksByRef.get(ref);
  const stageById = new Map(doc.stages.map((s) => [s.id, s]));
  const edgeIndex = new Map<object, number>();
  // Each edge's index among its stage's edges (edgesFrom), counted in one pass over the edges rather than a filter per stage.
  const stageIds = new Set(doc.stages.map((s) => s.id));
  const counted = new Map<string, number>();
  for (const edge of doc.edges) {
    if (!stageIds.has(edge.from)) continue;
    const k = counted.get(edge.from) ?? 0;
    counted.set(edge.from, k + 1);
    if (!edgeIndex.has(edge)) edgeIndex.set(edge, k);
  }
  /** The first parameter key of each name, over the tools in file order (where a state field is captured). */
  const parameterKeys = new Map<string, Node>();
  for (const tool of tools) {
    const properties = valueOf(valueOf(valueOf(tool, 'function'), 'parameters'), 'properties');
    if (!isMap(properties)) continue;
    for (const pair of properties.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key !== undefined && !parameterKeys.has(key)) parameterKeys.set(key, pair.key as Node);
    }
  }

  /** The node the segments lead to from `start`, as deep as they go, at the key that holds it. */
  const walk = (start: Node, segments: string[]): Position => {
    let node: unknown = start;
    let offset = (start.range ?? [0])[0];
    for (const segment of segments) {
      if (isMap(node)) {
        const pair = pairOf(node, segment) ?? pairOf(node, YAML_KEYS[segment] ?? segment);
        if (!pair) break;
        offset = (pair.key as Node).range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && /^\d+$/.test(segment) && Number(segment) < node.items.length) {
        node = node.items[Number(segment)];
        offset = (node as Node).range?.[0] ?? offset;
      } else break;
    }
    return at(offset);
  };

  return ({ path }) => {
    const [collection, index, ...rest] = pointerSegments(path);
    const i = Number(index);
    switch (collection) {
      case 'persona':
      case 'llm': {
        return isMap(root) ? walk(root, pointerSegments(path)) : undefined;
      }
      case 'tools': {
        const tool = doc.tools[i];
        const node = tool && toolNode(tool.name);
        if (!node) return undefined;
        // A function tool's name, description and parameters sit under `function:`, in the document's shape.
        const fn = valueOf(node, 'function');
        if (fn && ['name', 'description', 'parameters'].includes(rest[0])) return walk(fn, rest);
        // An mcp tool's settings (document /mcp/headers/…) are keys of the entry itself.
        return rest[0] === 'mcp' ? walk(node, rest.slice(1)) : walk(node, []);
      }
      case 'stages': {
        const node = doc.stages[i] && turnNode(doc.stages[i].ref);
        return node ? walk(node, rest) : undefined;
      }
      case 'blocks': {
        const node = doc.blocks[i] && blockNode(doc.blocks[i].ref);
        return node ? walk(node, rest) : undefined;
      }
      case 'edges': {
        const edge = doc.edges[i];
        const from = edge && stageById.get(edge.from);
        const turn = from && turnNode(from.ref);
        if (!edge || !turn) return undefined;
        const k = edgeIndex.get(edge) ?? edgesFrom(doc, edge.from).indexOf(edge);
        const written = itemsOf(valueOf(turn, 'edges'))[k];
        return written ? walk(written, rest) : walk(turn, []);
      }
      case 'state': {
        // State fields come from the tools' parameters: point at the first parameter of that name.
        const name = doc.state[i]?.name;
        const key = name === undefined ? undefined : parameterKeys.get(name);
        return key ? at(key.range?.[0] ?? 0) : undefined;
      }
      default:
        return undefined;
    }
  };
}
