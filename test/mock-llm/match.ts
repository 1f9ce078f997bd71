// Reading both wire shapes into one NormalisedRequest, so a script says "toolChoice: required"
// once and it holds for OpenAI's `tool_choice: "required"` and Anthropic's `{type: "any"}` alike.
import type { MockTurn, NormalisedRequest, ToolChoiceKind } from './types';

type Json = Record<string, any>;

/** Text of a message content: a string, or the text parts/blocks of an array. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part: Json) => part && part.type === 'text' && typeof part.text === 'string')
    .map((part: Json) => part.text as string)
    .join('\n');
}

function openAiChoice(body: Json, hasTools: boolean): ToolChoiceKind {
  if (!hasTools || body.tool_choice === 'none') return 'none';
  const choice = body.tool_choice;
  // A named function (`{type: 'function', ...}`) forces a call, as "required" does.
  if (choice === 'required' || (choice && typeof choice === 'object')) return 'required';
  return 'auto';
}

function anthropicChoice(body: Json, hasTools: boolean): ToolChoiceKind {
  const type = body.tool_choice?.type;
  if (!hasTools || type === 'none') return 'none';
  return type === 'any' || type === 'tool' ? 'required' : 'auto';
}

export function normaliseRequest(provider: 'openai' | 'anthropic', body: Json): NormalisedRequest {
  const messages: Json[] = Array.isArray(body.messages) ? body.messages : [];
  const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
  if (provider === 'openai') {
    const system = messages
      .filter((m) => m.role === 'system' || m.role === 'developer')
      .map((m) => textOf(m.content))
      .join('\n');
    const users = messages.filter((m) => m.role === 'user');
    return {
      provider,
      model: String(body.model ?? ''),
      stream: body.stream === true,
      toolChoice: openAiChoice(body, hasTools),
      hasTools: hasTools && body.tool_choice !== 'none',
      lastUser: textOf(users[users.length - 1]?.content),
      system,
      tools: hasTools ? JSON.stringify(body.tools) : '',
    };
  }
  // Anthropic tool results are user messages too: the caller's last line is the last user text.
  const userTexts = messages.filter((m) => m.role === 'user').map((m) => textOf(m.content)).filter((t) => t !== '');
  const choice = anthropicChoice(body, hasTools);
  return {
    provider,
    model: String(body.model ?? ''),
    stream: body.stream === true,
    toolChoice: choice,
    hasTools: choice !== 'none',
    lastUser: userTexts[userTexts.length - 1] ?? '',
    system: typeof body.system === 'string' ? body.system : textOf(body.system),
    tools: hasTools ? JSON.stringify(body.tools) : '',
  };
}

export function turnMatches(turn: MockTurn, request: NormalisedRequest): boolean {
  const match = turn.match ?? {};
  if (match.toolChoice !== undefined && match.toolChoice !== request.toolChoice) return false;
  if (match.model !== undefined && match.model !== request.model) return false;
  if (match.hasTools !== undefined && match.hasTools !== request.hasTools) return false;
  if (match.lastUserIncludes !== undefined && !request.lastUser.includes(match.lastUserIncludes)) return false;
  if (match.systemIncludes !== undefined && !request.system.includes(match.systemIncludes)) return false;
  if (match.toolsInclude !== undefined && !(request.tools ?? '').includes(match.toolsInclude)) return false;
  return true;
}

/** A script whose turns count their uses; the first matching turn with uses left answers. */
export class MockScript {
  private turns: { turn: MockTurn; used: number }[] = [];

  replace(turns: MockTurn[]): void {
    this.turns = turns.map((turn) => ({ turn, used: 0 }));
  }

  take(request: NormalisedRequest): MockTurn | undefined {
    const entry = this.turns.find(({ turn, used }) => {
      const times = turn.times ?? 1;
      return (times === 0 || used < times) && turnMatches(turn, request);
    });
    if (!entry) return undefined;
    entry.used += 1;
    return entry.turn;
  }
}
