// The names a Pinecall class in Python can give its members (pinecall 0.11.24).
import { className } from '../../../../model/names';

/** Python's keywords and soft keywords: no parameter, field or method may be named so. */
export const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else',
  'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise',
  'return', 'try', 'while', 'with', 'yield',
]);

/**
 * What `pinecall.Agent` already has (dir(Agent) of 0.11.24, public names): a state field of one of
 * these names is refused (`_state.fields_of`), and so is a tool (`_tools.declared_tools`).
 */
export const PYTHON_AGENT_MEMBERS: ReadonlySet<string> = new Set([
  'accepts', 'call', 'changes', 'channel_rules', 'collapse', 'has_call', 'knowledge', 'last', 'log', 'logged', 'on_call',
  'on_change', 'on_end', 'on_event', 'on_log', 'on_memory', 'reads_last_from', 'reply', 'restore', 'run_hook', 'run_tool',
  'say', 'seal', 'sealed', 'serving', 'slug', 'snapshot', 'start_in', 'tools', 'view_template', 'visible_tools',
]);

/** The class's environment (`_config.ENVIRONMENT`): annotated as state, each is refused. */
export const PYTHON_ENVIRONMENT: ReadonlySet<string> = new Set([
  'language', 'voice', 'llm', 'realtime', 'stt', 'judge', 'greeting', 'hangup', 'turn', 'says', 'hears', 'knowledge', 'docs',
  'memory', 'record',
]);

/**
 * The names the exported file itself binds at its top level (its imports): a nested type of one
 * of these names would shadow what the class needs.
 */
export const PYTHON_FILE_NAMES: ReadonlySet<string> = new Set([
  'Agent', 'tool', 'state', 'Any', 'Literal', 'NotRequired', 'TypedDict', 'str', 'int', 'float', 'bool', 'dict', 'list', 'object',
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** An ASCII identifier that is no keyword: what a parameter or a TypedDict member can be called. */
export const isPythonIdentifier = (name: string): boolean => IDENTIFIER.test(name) && !PYTHON_KEYWORDS.has(name) && name !== '_';

/** The class's name: the TypeScript export's (className), unless Python reads it as a keyword or the file binds it. */
export const pyClassName = (agentName: string): string => {
  const name = className(agentName);
  return PYTHON_KEYWORDS.has(name) || PYTHON_FILE_NAMES.has(name) ? `${name}Agent` : name;
};
