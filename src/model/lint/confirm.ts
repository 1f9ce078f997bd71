import { parameterNames, type JsonSchema } from '../json-schema';
import { getOwn } from '../own';
import type { Tool } from '../types';
import { toolLabel } from './context';
import { pointer } from './pointer';
import type { Finding, LintContext } from './types';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESULT_FIELD = /^result(\.[A-Za-z_$][A-Za-z0-9_$]*)+$/;
const ARGUMENT_FIELD = /^([A-Za-z_$][A-Za-z0-9_$]*)((?:\.[A-Za-z_$][A-Za-z0-9_$]*)+)$/;

/** Whether an argument's schema holds the field path: an object without declared properties holds any. */
function hasFieldPath(schema: JsonSchema | undefined, path: string[]): boolean {
  let at = schema;
  for (const key of path) {
    if (!at || (at.type !== undefined && at.type !== 'object')) return false;
    if (!at.properties) return at.type === 'object';
    at = getOwn(at.properties, key);
    if (!at) return false;
  }
  return true;
}

/** Openings of a question: a receipt says what happened, it does not ask. */
const QUESTION_START = /^(shall|should|do you|would you|will you|are you|can (i|we|you)|could (i|we|you)|may (i|we)|is (it|that|this))\b/i;

/** The `{{…}}` placeholders of a confirm, trimmed; an unclosed `{{` comes back as the rest of the text. */
function placeholders(text: string): string[] {
  const found: string[] = [];
  let at = 0;
  for (let open = text.indexOf('{{', at); open >= 0; open = text.indexOf('{{', at)) {
    const close = text.indexOf('}}', open + 2);
    if (close < 0) {
      found.push(text.slice(open));
      break;
    }
    found.push(text.slice(open + 2, close).trim());
    at = close + 2;
  }
  return found;
}

/**
 * Pinecall fills `{{name}}` from an argument and `{{result.x}}` from the return value, and says
 * the receipt word for word after the tool ran: anything else would be read out literally.
 */
export function checkConfirm(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  ctx.doc.tools.forEach((tool, i) => {
    if (tool.confirm === undefined) return;
    out.push(...placeholderFindings(tool, i));
    const text = tool.confirm.trim();
    if (text.endsWith('?') || QUESTION_START.test(text)) {
      out.push({
        rule: 'confirm-question', path: pointer('tools', i, 'confirm'), entity: { kind: 'tool', id: tool.id },
        message: `${toolLabel(tool, i)}: confirm is a receipt said after the tool ran; write it as a statement, and make the model ask before it calls the tool`,
      });
    }
  });
  return out;
}

function placeholderFindings(tool: Tool, i: number): Finding[] {
  const out: Finding[] = [];
  const params = parameterNames(tool.parameters);
  const path = pointer('tools', i, 'confirm');
  const entity = { kind: 'tool' as const, id: tool.id };
  const label = toolLabel(tool, i);
  const choices = [...params.map((p) => `{{${p}}}`), '{{result.<field>}}'].join(', ');
  for (const inner of placeholders(tool.confirm ?? '')) {
    if (IDENTIFIER.test(inner) && params.includes(inner)) continue;
    if (RESULT_FIELD.test(inner)) continue;
    // `{{slot.when}}` of an object argument: Pinecall fills it by path, as the simulator does.
    const dotted = ARGUMENT_FIELD.exec(inner);
    if (dotted && params.includes(dotted[1]) && hasFieldPath(getOwn(tool.parameters.properties, dotted[1]), dotted[2].slice(1).split('.'))) continue;
    if (IDENTIFIER.test(inner) && inner !== 'result') {
      out.push({
        rule: 'confirm-placeholder-unknown', path, entity,
        message: `${label}: confirm says {{${inner}}}, but the tool has no argument ${inner}; write one of ${choices}`,
      });
    } else {
      const shown = inner.startsWith('{{') ? inner : `{{${inner}}}`;
      out.push({
        rule: 'confirm-placeholder-malformed', path, entity,
        message: `${label}: confirm placeholder ${shown} is neither an argument nor a field of the result, so it would be said as written; write one of ${choices}`,
      });
    }
  }
  return out;
}
