// Two files of one agent in two formats (`callboard diff agent.json agent.yaml`) are compared on
// what both formats express (and two files of one format on what that format expresses). A difference that one format cannot hold — the agent's name, which a
// Block Agent file has none of and so takes from its file name; a wait stage in a Pinecall class —
// is a format detail: it says how the formats differ, not how the agents do. Which those are is
// read from the formats' own declared losses (lossesFor), so diff and export agree.
import type { AgentDocument } from '../model';
import type { AgentDifference } from '../model/diff';
import type { FileFormat } from './file-format';
import { lossesFor } from './losses';
import { targetOfFileFormat } from './runtime-formats';


const COLLECTION: Partial<Record<AgentDifference['entity']['kind'], 'blocks' | 'stages' | 'edges' | 'tools' | 'state'>> = {
  block: 'blocks', stage: 'stages', edge: 'edges', tool: 'tools', state: 'state',
};

/** The document field a view's field stands for (the diff's views name some apart). */
const documentField = (field: AgentDifference['field']): (string | number)[] => {
  if (field[0] === 'scopeAs') return ['scope'];
  // The agent's model settings compare as one value.
  if (field[0] === 'llm') return ['llm'];
  return field;
};

/** Where the difference's entity (and field) sits in `doc`, by the id it has there. */
function pathIn(doc: AgentDocument, d: AgentDifference, id: string | undefined): string | undefined {
  const field = documentField(d.field).map((part) => `/${String(part)}`).join('');
  if (d.entity.kind === 'agent') return field;
  const collection = COLLECTION[d.entity.kind];
  if (!collection || id === undefined) return undefined;
  const index = (doc[collection] as { id: string }[]).findIndex((e) => e.id === id);
  return index < 0 ? undefined : `/${collection}/${index}${field}`;
}

/** A loss at `loss` covers a difference at `path` when one holds the other. */
const covers = (loss: string, path: string) => path === loss || path.startsWith(`${loss}/`) || loss.startsWith(`${path}/`);

/**
 * The differences, each one that only a format's own limits explain marked `apart: 'format'`:
 * the target when the formats differ (it is the format), and whatever a declared loss of either
 * agent toward the other file's format covers. Two files of one format are read the same way: two
 * YAML files hold no name, so names taken from their file names are no difference of the agents.
 * JSON holds everything: two JSON files compare as they are.
 */
export function markFormatDetails(a: AgentDocument, formatA: FileFormat, b: AgentDocument, formatB: FileFormat, differences: readonly AgentDifference[]): AgentDifference[] {
  const lossesOf = (doc: AgentDocument, format: FileFormat) => {
    const runtime = targetOfFileFormat(format);
    return runtime ? lossesFor(doc, runtime).map((l) => l.path) : [];
  };
  // What A cannot be written as in B's format, at A's paths; and the reverse, at B's.
  const lostFromA = lossesOf(a, formatB);
  const lostFromB = lossesOf(b, formatA);
  // A Block Agent file offers a block's tools in all of its stages; a class names each tool's stages.
  const blocksLost = (paths: string[]) => paths.includes('/blocks');
  return differences.map((d) => {
    if (d.apart) return d;
    const inA = pathIn(a, d, d.entity.a);
    const inB = pathIn(b, d, d.entity.b);
    const lostBlock = (d.entity.kind === 'block' || d.field[0] === 'blockId') && (blocksLost(lostFromA) || blocksLost(lostFromB));
    const explained = (formatA !== formatB && d.entity.kind === 'agent' && d.field[0] === 'target')
      || lostBlock
      || (inA !== undefined && lostFromA.some((l) => covers(l, inA)))
      || (inB !== undefined && lostFromB.some((l) => covers(l, inB)));
    return explained ? { ...d, apart: 'format' as const } : d;
  });
}
