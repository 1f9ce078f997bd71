// Which blocks of a system prompt are a runtime's own, not an agent's words: a block wholly in one
// of the tags some runtime writes around the agent's words (its traits' frameworkBlocks: Pinecall's
// <rules>, <protocols>, <channel>, <tools>). Here, on the ground floor, so that a reader of a prompt
// (the offline model) asks the runtimes' traits rather than one runtime's engine.
import { RUNTIME_TRAITS } from './runtime-homes';

/** A test for a paragraph that is wholly one block in one of `tags` (`<rules>\n…\n</rules>`). */
export function blockInTags(tags: readonly string[]): (paragraph: string) => boolean {
  if (tags.length === 0) return () => false;
  const block = new RegExp(`^<(${tags.join('|')})>\\n[\\s\\S]*\\n</\\1>$`);
  return (paragraph) => block.test(paragraph.trim());
}

/** Whether a paragraph of a prompt is a block a runtime writes itself (a tagged block of its traits' frameworkBlocks), not the agent's words. */
export const isFrameworkBlock = blockInTags([...new Set(Object.values(RUNTIME_TRAITS).flatMap((t) => t.frameworkBlocks))]);
