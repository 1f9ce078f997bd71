// Test support for the offline model's unit tests: a small agent's tools and messages, and one
// agent call against the model, the way the runtime builds its requests.
import type { JsonSchema } from '../../model';
import type { ChatMessage, ModelRequest, ModelResponse, ToolSpec } from '../types';
import { createOfflineModel } from './index';
import { preparePatternSandbox } from '../sandbox/patterns';
import { patternReader, type PatternReader } from './patterns';

/** This thread's pattern sandbox, loaded once for the tests. */
export const patternSandbox = await preparePatternSandbox();
/** A fresh reader of the tools' patterns, as one answer of the model has (FillContext.patterns). */
export const patterns = (): PatternReader => patternReader(patternSandbox);

export const model = createOfflineModel({ today: '2026-12-01' });
export const tool = (name: string, description: string, properties: Record<string, JsonSchema>, required = Object.keys(properties)): ToolSpec => ({ name, description, parameters: { type: 'object', properties, required } });
export const user = (content: string): ChatMessage => ({ role: 'user', content });
export const agent = (content: string): ChatMessage => ({ role: 'assistant', content });
export const ask = (tools: ToolSpec[], messages: ChatMessage[], instructions = 'Help the caller.'): Promise<ModelResponse> =>
  model.complete({ purpose: 'agent', system: `You are the desk.\n\n${instructions}`, messages, tools, toolChoice: 'auto' } satisfies ModelRequest);
export const calls = (out: ModelResponse) => out.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)]);
