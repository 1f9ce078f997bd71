// Views are run, not guessed: a Pinecall class whose `render()` the importer could not read as
// per-stage sections, or that declares `@render(Component)`, keeps that code (class-code/kept-view.ts),
// and the prompt's view is what it renders for the state now — the state with `this.stage`, the
// getters (live on `this`), `this.call` — evaluated in the sandbox (sandbox/render-view.ts), as
// Pinecall's runtime renders it (pinecall/agents src/views/jsx-runtime.ts). A class in Python that
// keeps its Jinja view whole has it rendered as the SDK renders it (jinja-view.ts), and a class in
// Ruby its ERB view as the gem renders it (erb-view.ts). The engine asks
// `RenderView` before each model call; the inspector asks `renderedView` for a chosen state.
import type { AgentDocument } from '../model';
import { DEFAULT_VIEW_TIMEOUT_MS } from './budget';
import { keptViewOf } from './class-code/kept-view';
import { agentCodeOf } from './class-code/program';
import { renderErbView, type RubyViewSandbox } from './erb-view';
import { renderJinjaView, type PythonViewSandbox } from './jinja-view';
import { renderViewCode, type ViewSource } from './sandbox/render-view';
import { loadQuickJS } from './sandbox/run-tool';
import { prepareTemplateSandbox } from './sandbox/templates';
import type { CallFacts, RenderView, ViewResult } from './types';
import type { QuickJSWASMModule } from 'quickjs-emscripten';

export { keptViewOf, viewFromCode, type KeptView } from './class-code/kept-view';

function viewSource(doc: AgentDocument): ViewSource | undefined {
  const view = keptViewOf(doc);
  if (!view || view.kind === 'jinja' || view.kind === 'erb') return undefined;
  // Extras run as a render() of their own: what they give follows the stage's instructions (pinecall/prompt.ts).
  return view.kind === 'component' ? { kind: 'component', name: view.name } : { kind: 'method', source: view.source };
}

/**
 * A synchronous RenderView over a loaded QuickJS module (and, for a Python class's Jinja view or a
 * Ruby class's ERB view, the template sandbox); a document that keeps no view renders nothing.
 */
export function sandboxRenderView(quickjs: QuickJSWASMModule, timeoutMs = DEFAULT_VIEW_TIMEOUT_MS, templates?: PythonViewSandbox & RubyViewSandbox): RenderView {
  return (doc, state, call, options = {}) => {
    const kept = keptViewOf(doc);
    if (kept?.kind === 'jinja' || kept?.kind === 'erb') {
      const language = kept.kind === 'jinja' ? 'Jinja' : 'ERB';
      if (!templates) return { text: '', error: `the ${language} view was not rendered (no template sandbox here)`, failure: 'thrown' };
      const render = kept.kind === 'jinja' ? renderJinjaView : renderErbView;
      return render(templates, kept.source, doc, state, { timeoutMs: options.timeoutMs ?? timeoutMs });
    }
    const view = viewSource(doc);
    if (!view) return { text: '' };
    return renderViewCode(quickjs, { ...agentCodeOf(doc), view, state, call, timeoutMs: options.timeoutMs ?? timeoutMs });
  };
}

/** The RenderView of this thread, over the tool sandbox's QuickJS module (loaded once) and the thread's template sandbox. */
export async function prepareRenderView(timeoutMs = DEFAULT_VIEW_TIMEOUT_MS): Promise<RenderView> {
  const [quickjs, templates] = await Promise.all([loadQuickJS(), prepareTemplateSandbox()]);
  return sandboxRenderView(quickjs, timeoutMs, templates);
}

/**
 * What the kept view of `doc` renders for `state` and the call facts: `{text}`, or `{text: '',
 * error}` when it threw, ran past its deadline or needs a mock answer. `state` is the class's
 * `this`: the session's state with the stage under `stage` (stateWithStage) — the inspector sets
 * another stage there to see what render() gives in it. A document that keeps no view gives `{text: ''}`.
 */
export async function renderedView(doc: AgentDocument, state: Readonly<Record<string, unknown>>, call: CallFacts = {}, options: { timeoutMs?: number } = {}): Promise<ViewResult> {
  if (!keptViewOf(doc)) return { text: '' };
  return (await prepareRenderView())(doc, state, call, options);
}
