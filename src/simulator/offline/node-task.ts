// A runtime that gives the model a node's task as messages and moves on when a function is called
// (Pipecat Flows): each node asks for one thing, and its functions say the thing is done. Two rules
// the other runtimes do not need:
// - a node just entered (after the caller last spoke) is spoken, not acted on, unless its task
//   says to call a function at once (a sentence opening with the call, or saying to make it first);
//   the caller's words were said to the node before;
// - once the caller answers the node's question, a node offering one function calls it: in a flow
//   that function is how the node says its task is done (its name and description may be empty,
//   as they are without the handlers.py).
import type { Reading } from './reading';
import { namedByInstructions, type Scored } from './choose';
import { decideCondition } from './condition';
import { countedOrder, counts } from './counted-orders';

const CONDITIONAL = /\b(?:when|if|once|after|unless|until|whenever)\b/i;
const AT_ONCE = /\b(?:right away|immediately|at once|straight away|without (?:saying|asking|waiting|speaking))\b/i;

/**
 * The node's task names a function outright ("call select_order with them", "- Use finish when the
 * caller confirms"): each such sentence is an order, under the condition it states, if any, read
 * over the caller's lines as a natural-language condition is. Exactly one order standing: call it.
 */
function calledByName(r: Reading, scored: Scored[], conditionalOnly = false): NodeTaskMove {
  // On entry the step's calls were the node before's (they moved the flow here); else a call this
  // step means the order was followed.
  if (r.stepCalls.length > 0 && !conditionalOnly) return undefined;
  const standing: { s: Scored; why: string }[] = [];
  for (const sentence of r.instructions.split(/(?<=[.!?])\s+|\n+/)) {
    // A count ("after 3 exchanges") is decided by counting (counted-orders.ts), not by its words.
    if (counts(sentence)) continue;
    for (const s of scored) {
      if (!s.complete || !namesTheCall(sentence, s)) continue;
      // "the caller says the package is late": what they say is the condition, not whether they spoke.
      // The condition runs from "when"/"if" to the clause's end (a comma, or the order itself).
      const condition = /\b(?:when|if|once|whenever)\b(.*?)(?:,|\b(?:call|use)\b|[.!?]?\s*$)/i.exec(sentence)?.[1].replace(/^\s*(?:the\s+)?(?:caller|customer|user|guest|patient|they)\s+(?:says?|said|tells? you|mentions?)\s+(?:that\s+)?/i, '').trim();
      if (condition === undefined) {
        if (!conditionalOnly) standing.push({ s, why: `the node's task says to call ${s.tool.name} ("${sentence.trim().slice(0, 80)}")` });
      }
      else {
        // Said to this node: the caller's latest line only.
        const decided = decideCondition(condition, r.callerLines.slice(0, 1));
        // On entry the line was said to the node before: only what it affirms counts ("once
        // confirmed" and a yes), never a condition held for want of its words ("if they would rather not").
        const affirmed = !conditionalOnly || !/\b(?:not|never|no|rather not|n['’]t)\b/i.test(condition);
        if (decided.holds && affirmed) standing.push({ s, why: `the node's task says to call ${s.tool.name} when "${condition.slice(0, 60)}", and it holds: ${decided.why}` });
      }
    }
  }
  const distinct = [...new Map(standing.map((x) => [x.s.tool.name, x])).values()];
  return distinct.length === 1 ? { kind: 'call', s: distinct[0].s, rule: 'node-task-names-the-call', why: distinct[0].why } : undefined;
}

/** "use the wrap_up function", "call select_order": the sentence orders this function. */
function namesTheCall(sentence: string, s: Scored): boolean {
  const name = s.tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b(?:call|use)\\s+(?:the\\s+)?${name}\\b`, 'i').test(sentence);
}

/**
 * The task's counted orders: the one that holds and counts the larger unit is called; while none
 * holds the node goes on talking (a follow-up question), whatever words the caller used.
 */
function countedMove(r: Reading, scored: Scored[]): NodeTaskMove {
  if (r.stepCalls.length > 0) return undefined;
  const orders = r.instructions.split(/(?<=[.!?])\s+|\n+/).flatMap((sentence) => {
    const order = countedOrder(sentence, r);
    const s = order && scored.find((x) => x.complete && namesTheCall(sentence, x));
    return order && s ? [{ ...order, s }] : [];
  });
  if (!orders.length) return undefined;
  const due = orders.filter((o) => o.holds);
  if (!due.length) return { kind: 'speak', why: `the task's counts are not met yet (${orders.map((o) => `${o.s.tool.name}: ${o.why}`).join('; ')})` };
  const top = Math.max(...due.map((o) => o.rank));
  const chosen = [...new Map(due.filter((o) => o.rank === top).map((o) => [o.s.tool.name, o])).values()];
  if (chosen.length !== 1) return undefined;
  return { kind: 'call', s: chosen[0].s, rule: 'node-task-count-met', why: `the node's task says to call ${chosen[0].s.tool.name} after a count, and it is met: ${chosen[0].why}` };
}

export type NodeTaskMove = { kind: 'speak'; why: string } | { kind: 'call'; s: Scored; rule: string; why: string } | undefined;

export function nodeTaskMove(r: Reading, scored: Scored[]): NodeTaskMove {
  if (!r.task) return undefined;
  if (r.task.entered) {
    for (const sentence of r.instructions.split(/(?<=[.!?])\s+/)) {
      // "Call X …" is an order for now; "Use X when …" waits for what it names.
      const opensWithCall = /^\s*(?:[-*]\s*)?(?:call|use)\b/i.test(sentence) && !CONDITIONAL.test(sentence);
      if (!opensWithCall && !AT_ONCE.test(sentence)) continue;
      const named = namedByInstructions(scored, sentence).find(({ s }) => s.complete);
      if (named) return { kind: 'call', s: named.s, rule: 'node-call-at-once', why: `the node's task says to call ${named.s.tool.name} at once ("${sentence.trim().slice(0, 80)}")` };
    }
    // "Once confirmed, … use complete_intake": a condition the caller's line that moved the flow
    // here already meets (a model reads it just above the task).
    const met = calledByName(r, scored, true);
    if (met?.kind === 'call' && !r.stepCalls.some((c) => c.name === met.s.tool.name)) return { ...met, rule: 'node-task-met-on-entry' };
    return { kind: 'speak', why: 'the node was entered after the caller last spoke: its task is said first; what came before is not an answer to it' };
  }
  const byCount = countedMove(r, scored);
  if (byCount) return byCount;
  const byName = calledByName(r, scored);
  if (byName) return byName;
  const asked = r.agentLines.at(-1)?.trim().endsWith('?') ?? false;
  if (scored.length === 1 && scored[0].complete && asked && r.stepCalls.length === 0) {
    return { kind: 'call', s: scored[0], rule: 'node-done-by-its-function', why: `the node's question was answered, and ${scored[0].tool.name} is the one function it offers: in a flow that is how a node says its task is done` };
  }
  return undefined;
}
