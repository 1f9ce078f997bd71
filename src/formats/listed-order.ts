// An order of items that keeps every list's own order where one exists: shared by the Block Agent
// import (a tool listed by several blocks) and the Pipecat import (a function listed by several nodes).

/**
 * `tools` (in the order first met) reordered so that every list of `listed` (a block's tools as
 * its file lists them) keeps its order, where one order can. The exporter writes a block's tools
 * in the document's order, so a tool shared by blocks kept in first-met order (A: note, crm;
 * B: ticket, note, crm → note, crm, ticket) would move in B on the way back; this order (ticket,
 * note, crm) keeps both. Ties go to the earlier met; where blocks list shared tools in opposite
 * orders no order keeps both, and the earliest met goes first.
 */
export function orderAsListed<T>(tools: readonly T[], listed: Iterable<readonly T[]>): T[] {
  const index = new Map(tools.map((t, i) => [t, i]));
  const followers = new Map<T, Set<T>>(tools.map((t) => [t, new Set()]));
  const waitingFor = new Map<T, number>(tools.map((t) => [t, 0]));
  for (const list of listed) {
    for (let i = 1; i < list.length; i++) {
      const after = followers.get(list[i - 1])!;
      if (after.has(list[i])) continue;
      after.add(list[i]);
      waitingFor.set(list[i], waitingFor.get(list[i])! + 1);
    }
  }
  const out: T[] = [];
  const left = new Set(tools);
  while (left.size > 0) {
    let next: T | undefined;
    for (const tool of left) if (waitingFor.get(tool)! <= 0 && (next === undefined || index.get(tool)! < index.get(next)!)) next = tool;
    next ??= left.values().next().value!;
    left.delete(next);
    out.push(next);
    for (const after of followers.get(next)!) waitingFor.set(after, waitingFor.get(after)! - 1);
  }
  return out;
}
