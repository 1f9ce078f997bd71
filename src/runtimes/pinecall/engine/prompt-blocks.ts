// The framework's own blocks of a Pinecall prompt, as the SDK renders them (pinecall 0.11.24
// `blocks.render`, `_rules`; its comment says the TypeScript package's built-in rules and the gem's
// are the same words): the identity block is the class's docstring line, then `<rules>`,
// `<protocols>` and `<channel>`; the tools block lists every tool the class declares, seen in this
// stage or not, by name and description; the view follows. conformance/checks/c10_pinecall_sdk.py
// compares each block with the SDK's own for every agent of the corpus.

import { blockInTags } from '../../../model/prompt-blocks';
import { traits } from '../traits';

// Word for word `pinecall._rules` (0.11.24).
export const PINECALL_RULES = [
  '- Invent nothing: if it did not come from a tool or from the knowledge, do not say it.',
  '- One question per turn, and wait for the answer.',
  '- Answer in the language the caller speaks.',
].join('\n');

export const PINECALL_PROTOCOLS = [
  '- To act, call a tool in the same reply; saying you have done something, or that you are about to, does not do it.'
    + ' Never ask the caller to wait: once you stop talking, nothing happens until they speak again.',
  '- Before an irreversible action read back what you are about to do and wait for an explicit yes.',
  '- If you cannot solve it, say so and offer to hand over to a person.',
].join('\n');

/** The channel's words for a phone call, the line a call has when none says otherwise (`Line()`). */
export const PINECALL_SPOKEN = 'You are on a phone call. Everything you write is read aloud by a voice: short spoken'
  + ' sentences, no lists, no bold, no symbols, no links. Say an email or a web address the way'
  + ' a person says it out loud.';

/** A body inside its tag, or nothing when there is no body (`blocks.tagged`). */
export const tagged = (name: string, body: string): string => (body ? `<${name}>\n${body}\n</${name}>` : '');

/** The identity block: the docstring's line (as the runtime reads it), the rules, the protocols and, unless the class turns them off, the channel's. */
export function identityBlock(persona: string, channelRules = true): string {
  return [persona, tagged('rules', PINECALL_RULES), tagged('protocols', PINECALL_PROTOCOLS), channelRules ? tagged('channel', PINECALL_SPOKEN) : '']
    .filter((part) => part.trim() !== '').join('\n\n');
}

/** The tools block: every tool the class declares, by the name and description its spec has. */
export function toolsBlock(declared: readonly { name: string; description: string }[]): string {
  return tagged('tools', declared.map((t) => `- ${t.name}: ${t.description}`).join('\n'));
}

/** Whether a block of the prompt is the framework's (a tagged block its traits name), not the class's words. */
export const isFrameworkBlock = blockInTags(traits.frameworkBlocks);

/** The class's own words of a prompt (its identity line and the view), the framework's blocks left out. */
export const classWords = (system: string): string => system.split(/\n\s*\n/).filter((p) => !isFrameworkBlock(p)).join('\n\n');
