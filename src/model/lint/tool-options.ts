import { parameterNames } from '../json-schema';
import { closest, quoteList, toolLabel } from './context';
import { predicateScope, unknownNamesRead } from './expression-names';
import { expressionSyntaxError } from './js-syntax';
import { pinecallRefusal } from './pinecall-refusals';
import { pointer } from './pointer';
import type { Finding, LintContext } from './types';

/** pii, preview, timeout and when: Pinecall's tool options, checked as Pinecall would. */
export function checkToolOptions(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  ctx.doc.tools.forEach((tool, i) => {
    const entity = { kind: 'tool' as const, id: tool.id };
    const label = toolLabel(tool, i);
    const params = parameterNames(tool.parameters);
    const unknown = tool.pii.filter((name) => !params.includes(name));
    if (unknown.length > 0) {
      out.push({
        rule: 'tool-pii-unknown', path: pointer('tools', i, 'pii', tool.pii.indexOf(unknown[0])), entity,
        // Pinecall's own refusal, then what to write instead.
        message: `${pinecallRefusal.piiUnknown(tool.name || `#${i + 1}`, unknown)}; write some of ${quoteList(params)}`,
      });
    }
    if (tool.preview !== undefined && !(tool.preview >= 1)) {
      out.push({
        rule: 'tool-preview-range', path: pointer('tools', i, 'preview'), entity,
        message: `${label}: preview ${tool.preview} would let the model read no row of the result; write 1 or more, or remove preview to let it read them all`,
      });
    }
    if (tool.timeout !== undefined && !(tool.timeout > 0 && tool.timeout <= 300)) {
      out.push({
        rule: 'tool-timeout-range', path: pointer('tools', i, 'timeout'), entity,
        message: `${label}: timeout ${tool.timeout} is out of range; write seconds from 1 to 300, or remove it for the default 30`,
      });
    }
    if (tool.when !== undefined) {
      const error = expressionSyntaxError(tool.when);
      const scope = error ? undefined : predicateScope(ctx.doc);
      for (const read of scope ? unknownNamesRead(tool.when, scope) : []) {
        out.push({
          rule: 'tool-when-unknown-name', path: pointer('tools', i, 'when'), entity,
          message: `${label}: when reads ${read.written}, which names nothing: no state field, captured parameter or class member is called ${read.name}; write one of ${quoteList([...scope!].sort())}, or add a state field ${read.name}${closest(read.name, scope!)}`,
        });
      }
      if (error) {
        out.push({
          rule: 'tool-when-syntax', path: pointer('tools', i, 'when'), entity,
          message: `${label}: when does not parse as JavaScript (${error}); write an arrow function over the state, e.g. (s) => s.slots.length > 0`,
        });
      }
    }
  });
  return out;
}
