// Who did something in a run, as a person reads it. The engines record an author as a string the
// code can look up: a tool's name, a Block Agent edge's id, `loop`, `looping`, `hook:onCall`. An
// edge id (`gpvpfdzyftgl`) means nothing on screen, so every view names authors through here: the
// chat's stage lines, the change log's chips and Author filter, the turn inspector.
import { byId } from '../model/document';
import { describeEntity } from '../model/describe';
import type { AgentDocument } from '../model';
import { VIA_LOOP, VIA_LOOPING } from '../runtimes/block-agent/engine';

const RUNTIME_AUTHORS: Record<string, string> = {
  [VIA_LOOP]: 'a loop edge',
  [VIA_LOOPING]: "the block's looping threshold",
  runtime: 'the runtime',
  model: 'the model',
};

/** `free_slots`, `edge greet → identify`, `hook:onCall`, `a loop edge`; an author that is gone, as recorded. */
export function authorName(doc: AgentDocument, author: string): string {
  if (doc.tools.some((t) => t.name === author)) return author;
  if (byId(doc.edges, author)) return describeEntity(doc, { kind: 'edge', id: author });
  return RUNTIME_AUTHORS[author] ?? author;
}
