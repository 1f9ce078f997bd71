// The document's TypeScript types are generated from agent.schema.json (npm run gen:types);
// this module re-exports them with the few derived names the rest of the code uses.
export type {
  AgentDocument, Block, Stage, Edge, Tool, StateField, Condition, ToolCondition, ExternalCondition,
  NluCondition, ExpressionCondition, ToolScope, McpServer, Layout, LlmSettings, Looping, Point, Size,
  Target, JsonType, Preserved, ConversationTest, TestExpectations, TestStart, Kpi,
  PlayedTurn, PlayedToolCall,
} from './generated/agent';
export type { JsonSchema } from './json-schema';

import type { AgentDocument, Kpi } from './generated/agent';

/** A KPI as a person reads it: its name, or a written KPI's `kpi_name` (else the map as JSON). */
export const kpiName = (kpi: Kpi): string =>
  typeof kpi === 'string' ? kpi : typeof kpi.kpi_name === 'string' ? kpi.kpi_name : JSON.stringify(kpi);

export const DOCUMENT_FORMAT = 'callboard.agent';
export const CURRENT_VERSION = 1 satisfies AgentDocument['version'];

/** The kinds of entity a selection, a problem or a search result can point at. */
export type EntityKind = 'agent' | 'block' | 'stage' | 'edge' | 'tool' | 'state';
