// The shape of a semantic diff between two agents (issue 15): what a reviewer reads, what the CLI
// prints as --json, what the canvas overlay colours. One difference is one fact a person can check
// ("tool book: description", old → new), never a line of a file.

/** What a difference is about. Tests have no id: they are matched and named by their name. */
export type DiffEntityKind = 'agent' | 'block' | 'stage' | 'edge' | 'tool' | 'state' | 'test';

export type ChangeKind = 'added' | 'removed' | 'renamed' | 'changed';

/** A run of a word-level text diff: unchanged, only in the old text, or only in the new. */
export interface WordPart {
  op: 'same' | 'removed' | 'added';
  text: string;
}

export interface DiffEntity {
  kind: DiffEntityKind;
  /** The entity's id in the first agent (absent when added); a test's name. */
  a?: string;
  /** Its id in the second agent (absent when removed). */
  b?: string;
  /** The name a person reads: the second agent's, or the first's when removed; an edge by its stages. */
  name: string;
}

export interface AgentDifference {
  entity: DiffEntity;
  change: ChangeKind;
  /** The field inside the entity, as keys from the entity down: ['parameters', 'properties', 'date', 'type']. */
  field: (string | number)[];
  /** JSON Pointer into the document the difference is read in: the second agent, or the first when removed. */
  path: string;
  /** "tool book: description", "edge greet → identify: condition 1", "stage greet: added". */
  label: string;
  /** The values as a person reads them: references by name, not id. Absent for an added or removed entity's value. */
  old?: unknown;
  new?: unknown;
  /** For text of more than a few words: the word-level diff of old and new. */
  words?: WordPart[];
  /**
   * Reported apart and hidden by default: positions and sizes on the canvas ('layout'), and what a
   * format keeps for its own round trip that the agent's behaviour does not depend on ('format').
   */
  apart?: 'layout' | 'format';
}

export interface DiffOptions {
  /** Include layout differences (positions, sizes). Off by default. */
  layout?: boolean;
  /** Include what formats keep for their own round trip (`preserved`, `extra`). Off by default. */
  format?: boolean;
}
