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

const CONDITIONAL = /\b(?:when|if|once|after|unless|until|whenever)\b/i;
const AT_ONCE = /\b(?:right away|immediately|at once|straight away|without (?:saying|asking|waiting|speaking))\b/i;

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
  const asked = r.agentLines.at(-1)?.trim().endsWith('?') ?? false;
  if (scored.length === 1 && scored[0].complete && asked && r.stepCalls.length === 0) {
    return { kind: 'call', s: scored[0], rule: 'node-done-by-its-function', why: `the node's question was answered, and ${scored[0].tool.name} is the one function it offers: in a flow that is how a node says its task is done` };
  }
  return undefined;
}
