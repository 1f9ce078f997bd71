// What a class read from Ruby keeps as Ruby (runtimes/pinecall/format/ruby/import.ts): the team's
// tool bodies and its other class statements. Only the Ruby export writes them back; every other
// format loses them, and says so here, path by path.
import type { AgentDocument } from '../model';
import type { AddLoss } from '../model/loss';
import { pointer } from '../model/lint/pointer';

export function keptRubyLosses(doc: AgentDocument, add: AddLoss): void {
  const kept = doc.preserved?.pinecallRuby as { bodies?: Record<string, string>; members?: string[] } | undefined;
  if (!kept) return;
  const at = (key: string) => pointer('preserved', 'pinecallRuby', key);
  for (const name of Object.keys(kept.bodies ?? {})) {
    const tool = doc.tools.find((t) => t.name === name);
    add(at('bodies'), tool ? { kind: 'tool', id: tool.id } : { kind: 'agent' }, 'Ruby tool body',
      `${name}'s body is Ruby, kept for the Ruby export only: the method here returns its mock (or its arguments) until the body is written in this language`);
  }
  if (kept.members?.length) add(at('members'), { kind: 'agent' }, 'Ruby class members', 'the class\'s helpers and settings are Ruby: port them by hand');
}
