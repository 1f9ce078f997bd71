import type { Loss } from '../model/loss';
import type { AgentDocument, Target } from '../model/types';
import { LOSSES } from './runtime-homes';

/**
 * Every path of `doc` that `target` cannot express (design.md, "Losses are computed"): the one
 * list. Export warnings, lint notes and the simulator's "skipped in this runtime" lines all read
 * it, and the round-trip oracle `project(doc, target)` (formats/project.ts) is the document with
 * exactly these paths dropped or rewritten.
 *
 * What is a loss and what is not: a loss changes what the agent says or does, or what the user
 * wrote and would miss after a round trip (a setting, a flag, a description, a ref, a name).
 * Representation alone is not a loss, and the round-trip comparison normalises it on both sides
 * (formats/project.ts, `normalizeForDiff`): fresh ids, the order of entities, canvas layout, the
 * target field, line endings, code indentation, `{{name}}` spacing, a tool condition's letter
 * case (compared case-insensitively) and a `field` naming the first parameter, a `tool: *`
 * condition implied by another condition on the same tool, an empty description or connectTo,
 * and how a tool scope is written when it offers the tool in the same stages (all / blocks /
 * stages).
 *
 * Each runtime's list is its format's (`losses` through its door, `<runtime>/format/losses.ts`,
 * read from how its exporter writes a document: the Pinecall tool chains and signatures, the Block
 * Agent export plan), in the table LOSSES (runtime-homes.ts). Apart from RUNTIME_FORMATS: lint
 * runs on first paint, the exporters (and `yaml`) load later.
 */
export function lossesFor(doc: AgentDocument, target: Target): Loss[] {
  return LOSSES[target](doc);
}
