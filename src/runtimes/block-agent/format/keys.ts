// The keys the Block Agent format models, level by level. The importer keeps every other key in
// `extra` (or `preserved.blockAgent` at the top) and the exporter writes those back: a Shape says,
// for one YAML map, which keys are modelled and which modelled keys hold maps (or lists of maps)
// whose own unknown keys must be kept too.
import type { LlmSettings } from '../../../model';
import {
  CONDITION_FIELD, CONDITION_NLU, CONDITION_TOOL, EDGE_CONNECT_TO, MCP_ALLOWED_TOOLS, MCP_HEADERS,
  MCP_SERVER_DESCRIPTION, MCP_SERVER_LABEL, MCP_SERVER_URL,
} from './inferred-keys';

export interface Shape {
  keys: readonly string[];
  /** Modelled keys whose value is a map (`map`) or a list of maps (`each`). */
  nested?: Record<string, { map?: Shape; each?: Shape }>;
}

export const LLM_KEYS = [
  'temperature', 'top_p', 'max_tokens', 'request_timeout', 'max_retries', 'frequency_penalty', 'presence_penalty',
] as const satisfies readonly (keyof LlmSettings)[];

const CONNECT_TO_SHAPE: Shape = { keys: ['turn_id'] };

export const TOP_SHAPE: Shape = { keys: ['personality', 'llm_settings', 'blocks'], nested: { llm_settings: { map: { keys: LLM_KEYS } } } };

export const LOOPING_SHAPE: Shape = {
  keys: ['threshold', 'messages', 'connect_to', 'kpis'],
  nested: { connect_to: { map: CONNECT_TO_SHAPE } },
};
export const BLOCK_SHAPE: Shape = { keys: ['block_id', 'name', 'tools', 'turns', 'looping'], nested: { looping: { map: LOOPING_SHAPE } } };

export const TURN_SHAPE: Shape = { keys: ['turn_id', 'name', 'type', 'wait_token', 'content', 'edges'] };

export const CONDITION_SHAPE: Shape = { keys: ['source', CONDITION_TOOL, CONDITION_FIELD, 'expected_value', CONDITION_NLU] };
export const EDGE_SHAPE: Shape = {
  keys: ['type', 'conditions', EDGE_CONNECT_TO],
  nested: { conditions: { each: CONDITION_SHAPE }, [EDGE_CONNECT_TO]: { map: CONNECT_TO_SHAPE } },
};

export const FUNCTION_TOOL_SHAPE: Shape = {
  keys: ['type', 'function'],
  nested: { function: { map: { keys: ['name', 'description', 'parameters'] } } },
};
export const MCP_TOOL_SHAPE: Shape = {
  keys: ['type', MCP_SERVER_LABEL, MCP_SERVER_URL, MCP_SERVER_DESCRIPTION, MCP_ALLOWED_TOOLS, MCP_HEADERS],
};
