// The bounds of expanding a Pinecall file's parameter types into JSON Schema (import-signature.ts).
// Every reference to a same-file interface is written out in full where it is used, so 30
// interfaces that each use the previous one twice (a kilobyte of text) would expand to 2^30
// schema nodes, and a chain of 10,000 aliases would recurse 10,000 levels. The budget stops the
// expansion at the reference that passes a bound and says where, which interface, and what to
// write instead; the import then fails with that error.
import type ts from 'typescript';
import { formatCount, MAX_DEPTH, MAX_TYPE_NODES } from '../../../model/limits';

/** Where an expansion is: what it is inside of, how deep, and the budget it spends. */
export interface Expansion {
  /** The interfaces and type aliases being expanded, outermost first (one that contains itself stops at its name). */
  names: readonly string[];
  /** JSON levels of the schema being made, inside the tool's parameters (a parameter's own schema is at 2). */
  depth: number;
  /** The reference being expanded, and how messages name what it refers to ("interface Address"). */
  at?: { node: ts.Node; label: string };
  budget?: TypeBudget;
}

/** A parameter's type, at the top of its tool's parameters. */
export const parameterExpansion = (budget?: TypeBudget): Expansion => ({ names: [], depth: 2, budget });
/** The same place, `levels` JSON levels further in (1 for array items, 2 for an object's properties). */
export const deeper = (x: Expansion, levels: number): Expansion => ({ ...x, depth: x.depth + levels });
/** Inside the declaration `name`, reached by the reference `node`. */
export const into = (x: Expansion, name: string, node: ts.Node, kind: 'interface' | 'type'): Expansion =>
  ({ ...x, names: [...x.names, name], at: { node, label: `${kind} ${name}` } });

/** "A › B › C", or "A › B › … › Y › Z" for a long chain. */
function chainText(names: readonly string[]): string {
  const shown = names.length > 6 ? [...names.slice(0, 3), '…', ...names.slice(-2)] : names;
  return shown.join(' › ');
}

const OPEN_TYPE = 'any or Record<string, unknown> (an open object)';

export class TypeBudget {
  private nodes = 0;
  /** The first bound passed: the import reports it as an error at `node`. */
  problem?: { node: ts.Node; message: string };

  constructor(readonly maxNodes = MAX_TYPE_NODES, readonly maxDepth = MAX_DEPTH) {}

  /**
   * Whether `node` may become one more schema node at `x`. Once a bound is passed, never again:
   * the rest of the types are not expanded (the import fails anyway).
   */
  admit(node: ts.Node, x: Expansion): boolean {
    if (this.problem) return false;
    this.nodes += 1;
    const where = x.at?.node ?? node;
    const what = x.at ? `the reference to ${x.at.label}` : 'this type';
    const inside = x.names.length > 1 ? ` (inside ${chainText(x.names.slice(0, -1))})` : '';
    if (this.nodes > this.maxNodes) {
      return this.refuse(where, `${what}${inside} makes the parameter types of this file expand past ${formatCount(this.maxNodes)} schema nodes: each reference to an interface is written out in full where it is used, so interfaces that each use another one twice double at every step; Callboard reads at most ${formatCount(this.maxNodes)}: write ${OPEN_TYPE} there instead, or reference the interface fewer times`);
    }
    if (x.depth + 2 > this.maxDepth) {
      return this.refuse(where, `${what}${inside} nests the tool's parameters more than ${this.maxDepth} levels deep; Callboard reads at most ${this.maxDepth} levels: write ${OPEN_TYPE} for the deep part instead`);
    }
    if (x.names.length > this.maxDepth) {
      return this.refuse(where, `${what} is reached through more than ${this.maxDepth} interfaces and type aliases (${chainText(x.names)}); Callboard follows at most ${this.maxDepth}: name the type directly, or write ${OPEN_TYPE} there instead`);
    }
    return true;
  }

  /** Whether an interface may inherit through `depth` levels of `extends`. */
  private refuse(node: ts.Node, message: string): false {
    this.problem = { node, message };
    return false;
  }
}
