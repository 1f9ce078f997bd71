// The shape of a loss, shared by lossesFor (losses.ts) and its two per-runtime lists.
import { RUNTIME_TRAITS } from './runtime-homes';
import type { EntityKind, Target } from './types';

/** One path of the document the target runtime cannot express: the export drops or rewrites it. */
export interface Loss {
  /**
   * JSON pointer to what is dropped or rewritten. It always resolves in the document; where the
   * round trip adds a key (a field's description taken from its parameter), it names the entity.
   */
  path: string;
  entity: { kind: EntityKind; id?: string };
  /** Short name of what is lost, e.g. 'natural-language condition'. */
  feature: string;
  /** "<feature> is not expressed in <runtime>: <what happens and what to write instead>". */
  message: string;
}

/**
 * The rule of the problem a loss becomes (lint/index.ts lossProblem): a note, never a problem to
 * fix. Here rather than beside the rules table so that the Problems panel, on the first paint,
 * does not bring the table with it.
 */
export const LOSS_RULE = 'loss';

export const TARGET_LABEL = Object.fromEntries(Object.entries(RUNTIME_TRAITS).map(([target, traits]) => [target, traits.label])) as Record<Target, string>;

/** Every runtime a document can target, in the order the app lists them (src/runtimes builds on it). */
export const TARGETS = Object.keys(RUNTIME_TRAITS) as readonly Target[];

/** A kept map with something in it: an empty one says nothing, and a round trip may drop it. */
export const hasKeys = (value: Record<string, unknown> | undefined): boolean => value !== undefined && Object.keys(value).length > 0;

export type AddLoss = (path: string, entity: Loss['entity'], feature: string, why: string) => void;

/** The losses `fill` adds, each worded "<feature> is not expressed in <runtime>: <why>". */
export function collectLosses(target: Target, fill: (add: AddLoss) => void): Loss[] {
  const losses: Loss[] = [];
  fill((path, entity, feature, why) => losses.push({ path, entity, feature, message: `${feature} is not expressed in ${TARGET_LABEL[target]}: ${why}` }));
  return losses;
}
