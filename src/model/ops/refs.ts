import { produce, type Draft } from 'immer';
import { refFromName } from '../ids';
import type { AgentDocument, Block, Stage } from '../types';

// A block's or stage's `ref` is its Block Agent block_id / turn_id: the name a deployed agent,
// its logs and other systems know it by. Two kinds of ref, told apart by `refFollowsName`:
//  - made by Callboard (a new entity, a paste, a Pinecall import: Pinecall has no refs of its own)
//    the ref follows the name: every rename remakes it, so the Ref field, the Export preview and
//    every export agree with the name the user sees;
//  - set by a Block Agent import or typed by hand (flag absent): kept through every rename.
// Absent means kept so that a document saved before the flag existed needs no migration and no
// ref it has ever exported changes under a deployed agent (the same as pinning every old ref);
// an old agent whose refs never followed gets them back by clearing the Ref field.

export type RefKind = 'block' | 'stage';

type WithRef = Block | Stage;

const entitiesOf = (doc: AgentDocument, kind: RefKind): WithRef[] => (kind === 'block' ? doc.blocks : doc.stages);

/**
 * The ref `name` gives the entity `id`: snake_case, unique among the refs of the others of its
 * kind (turn_id is unique across the agent, block_id among blocks). Its own old ref is not in
 * the way, so renaming back gives back the ref it had, and no other entity's ref ever moves.
 */
export function refForName(doc: AgentDocument, kind: RefKind, id: string, name: string): string {
  return refFromName(name, entitiesOf(doc, kind).filter((e) => e.id !== id).map((e) => e.ref));
}

/** Inside an operation's draft, after the name changed: remakes the ref if it follows the name. */
export function followName(draft: Draft<AgentDocument>, kind: RefKind, id: string): void {
  const entity = entitiesOf(draft as AgentDocument, kind).find((e) => e.id === id) as Draft<WithRef> | undefined;
  if (entity?.refFollowsName) entity.ref = refForName(draft as AgentDocument, kind, id, entity.name);
}

/**
 * What writing `typed` in the Ref field means: a ref typed by hand is kept from then on; an empty
 * one (or only spaces) hands the ref back to the name, remade from it at once.
 */
export function typedRef(doc: AgentDocument, kind: RefKind, id: string, name: string, typed: string): Pick<WithRef, 'ref' | 'refFollowsName'> {
  if (typed.trim() === '') return { ref: refForName(doc, kind, id, name), refFollowsName: true };
  return { ref: typed, refFollowsName: undefined };
}

/**
 * Every block's and stage's ref follows its name from now on: what an import from a format with
 * no refs of its own gives (Pinecall; its importer made the refs from the names).
 */
export function refsFollowNames(doc: AgentDocument): AgentDocument {
  if ([...doc.blocks, ...doc.stages].every((e) => e.refFollowsName)) return doc;
  return produce(doc, (draft) => {
    for (const entity of [...draft.blocks, ...draft.stages]) entity.refFollowsName = true;
  });
}
