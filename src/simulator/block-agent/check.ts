// A Block Agent tool call's arguments, checked against the tool's full JSON Schema with ajv
// (formats/block-agent.md, step 3: types, enum, pattern, required).
import Ajv, { type ValidateFunction } from 'ajv';
import type { Tool } from '../../model';
import { parseArguments } from '../pinecall/check-args';

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new Map<string, ValidateFunction>();

function validatorFor(tool: Tool): ValidateFunction {
  const key = JSON.stringify(tool.parameters);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(tool.parameters);
    compiled.set(key, validate);
  }
  return validate;
}

/** The parsed arguments, or the message the trace keeps on why nothing was captured. */
export function checkToolCall(tool: Tool, text: string): { args: Record<string, unknown> } | { error: string } {
  const parsed = parseArguments(tool, text);
  if ('error' in parsed) return parsed;
  let validate: ValidateFunction;
  try {
    validate = validatorFor(tool);
  } catch (error) {
    return { error: `${tool.name}: the parameters schema does not compile (${(error as Error).message})` };
  }
  if (validate(parsed.args)) return parsed;
  return { error: `${tool.name}: ${ajv.errorsText(validate.errors, { dataVar: 'arguments' })}` };
}
