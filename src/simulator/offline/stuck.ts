// Never stuck: the offline model does not ask the same question again and again. When the question
// it is about to ask is the one it just asked, it says what it is still missing and why (what kind
// of answer it can read), in its reply, in the trace and as a runtime note in the chat.
import type { JsonSchema } from '../../model';
import { kindOf } from './fill';
import type { Reading } from './reading';
import { spokenName } from './speech';
import { nameWords } from './words';

/** The kind of answer the model can read for a parameter, as the caller would say it. */
function hintFor(name: string, prop: JsonSchema | undefined): string {
  const p = prop ?? {};
  if (Array.isArray(p.enum) && p.enum.length) {
    const vs = p.enum.map((v) => String(v).replace(/[_-]+/g, ' '));
    return vs.length > 1 ? `one of ${vs.slice(0, -1).join(', ')} or ${vs[vs.length - 1]}` : vs[0];
  }
  switch (kindOf(name, p)) {
    case 'date':
    case 'datetime':
      return 'a day, such as "next Tuesday" or "December 4"';
    case 'month':
      return 'a month, such as "February" or "March next year"';
    case 'time':
      return 'a time, such as "10:30" or "half past two"';
    case 'phone':
      return 'the number with all its digits';
    case 'email':
      return 'the address with its @';
    case 'identifier':
    case 'postcode':
      return 'the letters and digits as they are printed';
    case 'name':
      return 'the name, as in "my name is …"';
    case 'number':
      return 'a number';
    default:
      return p.type === 'boolean' ? 'a yes or a no' : 'a few words about it';
  }
}

export interface Unstuck {
  text: string;
  why: string;
  chatNote: string;
}

/**
 * A different reply when `question` is what the agent said last: first the reason the answer
 * could not be read and the kind of answer that can be; after that, the question put another way.
 */
export function notStuck(question: string, r: Reading, missing: string, prop: JsonSchema | undefined): Unstuck | undefined {
  const [last, before] = [r.agentLines.at(-1), r.agentLines.at(-2)];
  if (last !== question && !(before === question && last !== undefined && last.startsWith('Sorry'))) return undefined;
  const what = `the ${prop?.description ? nameWords(missing).join(' ') : spokenName(missing)}`;
  const heard = r.callerLines[0] ?? '';
  const hint = hintFor(missing, prop);
  const chatNote = `Offline model: ${missing} is still missing — nothing in "${heard.length > 60 ? `${heard.slice(0, 57)}…` : heard}" reads as ${hint}. A real model (⚙ LLM) understands more ways of saying it.`;
  const why = `the same question was just asked and the caller's line still gives no value for ${missing}: said what is missing and what answer can be read`;
  // (A yes/no is no thing to "have": "the hazardous" reads as no person says it. Its question is asked again, to be answered yes or no.)
  const explain = prop?.type === 'boolean'
    ? `Sorry, I could not tell yes or no from what you said. ${question.replace(/^(?:Sorry[^.?!]*[.?!]\s*|Let me ask another way\.\s*)/, '')} Just yes or no is fine.`
    : `Sorry, I still don't have ${what}: I could not read it from what you said. Could you give me ${hint}?`;
  if (last !== explain) return { text: explain, why, chatNote };
  return { text: `Let me ask another way. ${question}`, why: `${why} (put another way, not a third time the same)`, chatNote };
}
