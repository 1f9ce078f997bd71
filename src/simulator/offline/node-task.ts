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

const CONDITIONAL = /\b(?:when|if|once|after|unless|until|whenever)\b/i;
const AT_ONCE = /\b(?:right away|immediately|at once|straight away|without (?:saying|asking|waiting|speaking))\b/i;

/**
 * The node's task names a function outright ("call select_order with them", "- Use finish when the
 * caller confirms"): each such sentence is an order, under the condition it states, if any, read
 * over the caller's lines as a natural-language condition is. Exactly one order standing: call it.
 */
function calledByName(r: Reading, scored: Scored[]): NodeTaskMove {
  if (r.stepCalls.length > 0) return undefined;
  const standing: { s: Scored; why: string }[] = [];
  for (const sentence of r.instructions.split(/(?<=[.!?])\s+|\n+/)) {
    for (const s of scored) {
      const name = s.tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!s.complete || !new RegExp(`\\b(?:call|use)\\s+(?:the\\s+)?${name}\\b`, 'i').test(sentence)) continue;
      // "the caller says the package is late": what they say is the condition, not whether they spoke.
      // The condition runs from "when"/"if" to the clause's end (a comma, or the order itself).
      const condition = /\b(?:when|if|once|whenever)\b(.*?)(?:,|\b(?:call|use)\b|[.!?]?\s*$)/i.exec(sentence)?.[1].replace(/^\s*(?:the\s+)?(?:caller|customer|user|guest|patient|they)\s+(?:says?|said|tells? you|mentions?)\s+(?:that\s+)?/i, '').trim();
      if (condition === undefined) standing.push({ s, why: `the node's task says to call ${s.tool.name} ("${sentence.trim().slice(0, 80)}")` });
      else {
        // Said to this node: the caller's latest line only.
        const decided = decideCondition(condition, r.callerLines.slice(0, 1));
        if (decided.holds) standing.push({ s, why: `the node's task says to call ${s.tool.name} when "${condition.slice(0, 60)}", and it holds: ${decided.why}` });
      }
    }
  }
  const distinct = [...new Map(standing.map((x) => [x.s.tool.name, x])).values()];
  return distinct.length === 1 ? { kind: 'call', s: distinct[0].s, rule: 'node-task-names-the-call', why: distinct[0].why } : undefined;
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
    return { kind: 'speak', why: 'the node was entered after the caller last spoke: its task is said first; what came before is not an answer to it' };
  }
  const byName = calledByName(r, scored);
  if (byName) return byName;
  const asked = r.agentLines.at(-1)?.trim().endsWith('?') ?? false;
  if (scored.length === 1 && scored[0].complete && asked && r.stepCalls.length === 0) {
    return { kind: 'call', s: scored[0], rule: 'node-done-by-its-function', why: `the node's question was answered, and ${scored[0].tool.name} is the one function it offers: in a flow that is how a node says its task is done` };
  }
  return undefined;
}
