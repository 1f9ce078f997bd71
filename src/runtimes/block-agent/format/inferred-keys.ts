// Every Block Agent key that formats/block-agent.md marks (I), inferred where IntelePeer's public
// pages are silent. They live here alone so that, when the real names turn out different, one
// edit changes the exporter, the importer and the round-trip oracle together.

/** A tool condition names the tool it reads: `{source: tools, tool: <name>, expected_value}`. */
export const CONDITION_TOOL = 'tool';
/** ...and optionally the captured parameter it compares: `field: <param>`. */
export const CONDITION_FIELD = 'field';
/** A natural-language condition: `{nlu: <sentence the LLM judges>}`. */
export const CONDITION_NLU = 'nlu';
/** Where an ordinary edge goes: `connect_to: {turn_id}` (documented for `looping`, inferred for edges). */
export const EDGE_CONNECT_TO = 'connect_to';

/** An mcp tool follows OpenAI's MCP tool shape: `{type: mcp, server_label, server_url, ...}`. */
export const MCP_SERVER_LABEL = 'server_label';
export const MCP_SERVER_URL = 'server_url';
/** OpenAI's optional `server_description`: where an mcp tool's description travels. */
export const MCP_SERVER_DESCRIPTION = 'server_description';
export const MCP_ALLOWED_TOOLS = 'allowed_tools';
export const MCP_HEADERS = 'headers';

/**
 * Block Agent has no state-expression condition (lossesFor names it). The export keeps the edge
 * meaningful by asking the model to judge the expression as a natural-language condition, and
 * marks the line with a comment; re-importing it gives an nlu condition with this sentence.
 */
export const expressionAsNluSentence = (expression: string): string => expression;

/** A condition on a tool's result (a Pipecat branch case) as the sentence Block Agent's model judges. */
export const resultAsNluSentence = (tool: string, field: string, expected: string): string => `${tool} returned ${field} = ${expected}`;
export const EXPRESSION_COMMENT = ' Callboard state expression, written as a sentence the model judges (not expressed in Block Agent)';
