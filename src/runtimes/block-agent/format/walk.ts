// Every node of a parsed or built YAML document, in the order the yaml package's `visit` meets
// them: a pair, then its key, then its value; a map or list before its items. A walk of its own:
// `visit` freezes a copy of the path at every node, which was a large share of reading a big file.
import { isMap, isPair, isSeq, type Node, type Pair } from 'yaml';

/** Calls `onNode` on `root` and everything in it, until it returns true; whether it did. */
export function walkNodes(root: unknown, onNode: (node: Node | Pair) => boolean | void): boolean {
  if (root === null || root === undefined || typeof root !== 'object') return false;
  const node = root as Node | Pair;
  if (onNode(node)) return true;
  if (isPair(node)) return walkNodes(node.key, onNode) || walkNodes(node.value, onNode);
  if (isMap(node) || isSeq(node)) {
    for (const item of node.items) if (walkNodes(item, onNode)) return true;
  }
  return false;
}
