// The Block Agent system prompt (formats/block-agent.md, step 2): `personality` + the current
// stage's `content`, each rendered as Jinja over the variables captured so far and `call` (the
// facts a tool reads as this.call). A template error keeps that text as written and says why.
import type { AgentDocument, Stage } from '../../../model';
import type { RenderTemplate } from '../../../simulator/sandbox/templates';
import type { CallFacts, Session } from '../../../simulator/types';

export interface Prompt {
  system: string;
  /** Trace notes: which text failed to render, and the error. */
  notes: string[];
}

/** What a template sees: every state field, and `call`. */
export function jinjaScope(session: Session, call: CallFacts | undefined): Record<string, unknown> {
  return { ...structuredClone(session.state), call: structuredClone(call ?? {}) };
}

/**
 * `renderTemplate` is the sandbox's (the step's deps always carry one, see budget.ts); without one
 * a template is sent as written and the trace says so.
 */
export function blockAgentSystemPrompt(doc: AgentDocument, stage: Stage | undefined, session: Session, call: CallFacts | undefined, renderTemplate: RenderTemplate | undefined): Prompt {
  const scope = jinjaScope(session, call);
  const notes: string[] = [];
  const render = (text: string, where: string): string => {
    if (!renderTemplate) {
      if (/\{[{%#]/.test(text)) notes.push(`Jinja in ${where} not rendered (no template sandbox): the text is sent as written`);
      return text.trim();
    }
    const out = renderTemplate(text, scope, { what: `the Jinja of ${where}` });
    if (!out.ok) notes.push(`Jinja error in ${where}: ${out.error}; the text is sent as written`);
    return out.text.trim();
  };
  const parts = [render(doc.persona, 'the personality'), stage ? render(stage.instructions, `stage ${stage.name}`) : ''];
  return { system: parts.filter(Boolean).join('\n\n'), notes };
}

/** The short yes/no call that decides a natural-language condition over the history. */
export function nluSystemPrompt(sentence: string): string {
  return `Answer with one word, yes or no. Given the conversation so far, does this hold? ${sentence}`;
}
