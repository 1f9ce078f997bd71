// Block Agent templates (Jinja) rendered inside QuickJS by an interpreter (@huggingface/jinja,
// bundled as ./jinja-guest.generated.ts). A template is data from an agent file: it must never
// become host code (nunjucks, which this replaces, compiled templates to JavaScript and let
// `{{ range.constructor("…")() }}` run on the host), and it must never hang or exhaust the host.
// So each render has a deadline (QuickJS's interrupt handler), a memory limit (a `range(0, 3e8)`
// fails inside the guest, not in V8), and an output cap; only strings cross the boundary.
//
// Loading the interpreter into a context costs ~45 ms, a render ~1–3 ms, so one context is kept
// and reused; after a failure that may leave it in a bad state (deadline, memory, stack) it is
// thrown away and the next render starts a fresh one.
import { newQuickJSWASMModule, type QuickJSContext, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten';
import { JINJA_GUEST } from './jinja-guest.generated';
import { describeTemplateError } from './template-errors';

export const DEFAULT_TEMPLATE_TIMEOUT_MS = 1000;
/** A system prompt is read by a model: 200,000 characters is far past any context window's use. */
export const MAX_TEMPLATE_OUTPUT_CHARS = 200_000;
const MEMORY_BYTES = 64 * 1024 * 1024;
const STACK_BYTES = 256 * 1024;
const CACHE_ENTRIES = 200;

export type TemplateFailure = 'syntax' | 'timeout' | 'memory' | 'output';

export type JinjaResult = { ok: true; text: string } | { ok: false; text: string; error: string; failure: TemplateFailure };

export interface RenderOptions {
  /** How long the render may run; the step budget may give less than the default. */
  timeoutMs?: number;
  /** Which text this is ("the personality", "stage verify"), for the step budget's message. */
  what?: string;
}

/** A view's render in the sandbox: the guest's answer as JSON, or the sandbox's own failure. */
export type ViewAnswer = { answer: string } | { failure: TemplateFailure; error: string };

/** Renders `text` over `scope`; on any failure the text comes back as written, with the reason. */
export type RenderTemplate = (text: string, scope: Record<string, unknown>, options?: RenderOptions) => JinjaResult;

interface Loaded {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
}

function messageOf(dumped: unknown): string {
  if (typeof dumped === 'string') return dumped;
  if (dumped && typeof dumped === 'object' && typeof (dumped as { message?: unknown }).message === 'string') return (dumped as { message: string }).message;
  return String(dumped);
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/** Plain text (no tag, no expression, no comment) is common and needs no sandbox at all. */
export const isPlainText = (text: string) => !/\{[{%#]/.test(text);

export class TemplateSandbox {
  private loaded: Loaded | undefined;
  private deadline = 0;
  private timedOut = false;
  /** Recent renders by text and variables, oldest first (a Map keeps insertion order). */
  private cache = new Map<string, JinjaResult>();

  constructor(private readonly quickjs: QuickJSWASMModule) {}

  private load(): Loaded {
    if (this.loaded) return this.loaded;
    const runtime = this.quickjs.newRuntime();
    runtime.setMemoryLimit(MEMORY_BYTES);
    runtime.setMaxStackSize(STACK_BYTES);
    runtime.setInterruptHandler(() => {
      if (Date.now() <= this.deadline) return false;
      this.timedOut = true;
      return true;
    });
    const context = runtime.newContext();
    this.deadline = Date.now() + 10_000;
    const out = context.evalCode(JINJA_GUEST, 'jinja.js');
    if (out.error) {
      const message = messageOf(context.dump(out.error));
      out.error.dispose();
      context.dispose();
      runtime.dispose();
      throw new Error(`the template interpreter did not load: ${message}`);
    }
    out.value.dispose();
    this.loaded = { runtime, context };
    return this.loaded;
  }

  /** Set when a runtime could not be freed: QuickJS then aborts its WASM instance, so use a new one. */
  broken = false;

  private discard(): void {
    const loaded = this.loaded;
    this.loaded = undefined;
    if (!loaded) return;
    try {
      loaded.context.dispose();
      loaded.runtime.dispose();
    } catch {
      this.broken = true;
    }
  }

  render: RenderTemplate = (text, scope, options = {}) => {
    if (isPlainText(text)) return { ok: true, text };
    if (this.broken) return { ok: false, text, error: 'the template sandbox failed earlier; run the step again', failure: 'memory' };
    const timeoutMs = Math.max(0, options.timeoutMs ?? DEFAULT_TEMPLATE_TIMEOUT_MS);
    const fail = (failure: TemplateFailure, error: string): JinjaResult => ({ ok: false, text, error, failure });
    let json: string;
    try {
      json = JSON.stringify(scope);
    } catch (error) {
      return fail('syntax', `the variables could not be read: ${messageOf(error)}`);
    }
    // A render is a pure function of the text and the variables, and a step renders the same ones
    // before each of its model calls: a hit costs a lookup instead of a trip through the interpreter.
    const key = `${text.length}:${text}\u0000${json}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.ok ? hit : { ...hit, text };
    }
    const rendered = this.renderFresh(text, json, timeoutMs);
    // Failures from a deadline or the memory limit depend on the moment (a busy machine): not kept.
    if (rendered.ok || rendered.failure === 'syntax') {
      this.cache.set(key, rendered);
      if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    }
    return rendered;
  };

  private renderFresh(text: string, json: string, timeoutMs: number): JinjaResult {
    const out = this.callGuest('__renderJinja', text, json, timeoutMs);
    if ('failure' in out) return { ok: false, text, error: out.failure === 'syntax' ? describeTemplateError(text, out.error) : out.error, failure: out.failure };
    return { ok: true, text: out.text };
  }

  /**
   * A Pinecall class's Jinja view (`views/<slug>.jinja`) rendered with Python's meaning of each
   * step (scripts/jinja-guest/py-view.js), over `input` (JSON: the fields, the properties, the
   * remembered facts): the guest's answer as JSON (`{text}` or `{error: {kind, …}}`), or the
   * sandbox's own failure (deadline, memory, output). A render is a pure function of the two, so
   * it is kept in the same cache as the templates'.
   */
  renderPythonView(source: string, input: string, options: RenderOptions = {}): ViewAnswer {
    return this.renderView('__renderPythonView', 'py', source, input, options);
  }

  /**
   * A Pinecall Ruby class's ERB view (`views/<slug>.erb`): ERB's `trim_mode: "-"` and the subset
   * of Ruby a view uses, interpreted with Ruby's meaning (scripts/jinja-guest/erb-view.js; never
   * run as code), over `input` (JSON: the fields, the stage, the derived fields' mock answers, the
   * remembered facts). Same answer, deadline, limits and cache as a Python view.
   */
  renderRubyView(source: string, input: string, options: RenderOptions = {}): ViewAnswer {
    return this.renderView('__renderRubyView', 'rb', source, input, options);
  }

  private renderView(fn: string, prefix: string, source: string, input: string, options: RenderOptions): ViewAnswer {
    if (this.broken) return { failure: 'memory', error: 'the template sandbox failed earlier; run the step again' };
    const timeoutMs = Math.max(0, options.timeoutMs ?? DEFAULT_TEMPLATE_TIMEOUT_MS);
    const key = `${prefix}:${source.length}:${source}\u0000${input}`;
    const hit = this.cache.get(key);
    if (hit?.ok) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return { answer: hit.text };
    }
    const out = this.callGuest(fn, source, input, timeoutMs);
    if ('failure' in out) return out;
    this.cache.set(key, { ok: true, text: out.text });
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    return { answer: out.text };
  }

  /** Calls the guest's `fn(text, json, maxChars)`: its string, or why it failed (the context is thrown away after a deadline, memory or stack failure). */
  private callGuest(fn: string, text: string, json: string, timeoutMs: number): { text: string } | { failure: TemplateFailure; error: string } {
    const { context } = this.load();
    this.timedOut = false;
    this.deadline = Date.now() + timeoutMs;
    const call = context.getProp(context.global, fn);
    const args = [context.newString(text), context.newString(json), context.newNumber(MAX_TEMPLATE_OUTPUT_CHARS)];
    let result: { text: string } | { failure: TemplateFailure; error: string };
    try {
      const out = context.callFunction(call, context.undefined, ...args);
      if (out.error) {
        const message = messageOf(context.dump(out.error));
        out.error.dispose();
        if (this.timedOut) result = { failure: 'timeout', error: `the template took longer than ${seconds(timeoutMs)} s to render` };
        else if (message === '__output_cap__') result = { failure: 'output', error: `the rendered text is longer than ${MAX_TEMPLATE_OUTPUT_CHARS.toLocaleString('en-US')} characters` };
        else if (/out of memory/i.test(message)) result = { failure: 'memory', error: `the template needs more than ${MEMORY_BYTES / 1024 / 1024} MB to render` };
        else if (/stack overflow/i.test(message)) result = { failure: 'memory', error: 'the template nests too deeply (stack overflow)' };
        else result = { failure: 'syntax', error: message };
      } else {
        result = { text: context.getString(out.value) };
        out.value.dispose();
      }
    } finally {
      for (const handle of args) handle.dispose();
      call.dispose();
    }
    // A deadline, the memory limit or a stack overflow may stop the interpreter midway: start clean.
    if ('failure' in result && result.failure !== 'syntax') this.discard();
    return result;
  }
}

let shared: Promise<TemplateSandbox> | undefined;

/**
 * One template sandbox per thread (page worker, Node process), with a QuickJS module of its own so
 * that a render which breaks its instance cannot take tool runs down with it (and is replaced).
 */
export async function prepareTemplateSandbox(): Promise<TemplateSandbox> {
  const current = shared ? await shared.catch(() => undefined) : undefined;
  if (current && !current.broken) return current;
  shared = newQuickJSWASMModule().then((quickjs) => new TemplateSandbox(quickjs));
  shared.catch(() => (shared = undefined));
  return shared;
}
