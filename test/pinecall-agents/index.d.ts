/**
 * `@pinecall/agents` as formats/pinecall.md describes it: declarations only (no runtime), so
 * that tests can compile exported agents under `tsc --strict`, `experimentalDecorators` and
 * `jsx: react-jsx` without the real package. `compile-agent.ts` maps the module name here.
 */

/** The stage field's type: `@state stage: Stages<"a" | "b"> = "a"`. */
export type Stages<S extends string> = S;

/** Facts about the call the runtime sets (`this.call.today` and the like). */
export interface CallFacts {
  today?: string;
  callerNumber?: string;
  [fact: string]: unknown;
}

/**
 * The base class's own members (pinecall/agents, src/agent/agent.ts), so that a class whose field
 * or tool takes one of these names is refused here as Pinecall's compiler refuses it.
 */
export declare abstract class Agent {
  readonly call: CallFacts;
  /** The part of the prompt that changes during the call: JSX that renders to plain text. */
  render(): unknown;
  doc(): string | undefined;
  tools(): object[];
  visibleTools(): object[];
  collapse(summary: string): void;
  restore(state: Record<string, unknown>): void;
  startIn(state: Record<string, unknown>): void;
  last(contact: string): Promise<Record<string, unknown> | null>;
  /** A named fact in the call's log. */
  log(name: string, data?: unknown): void;
  say(text: string, options?: { allowInterruptions?: boolean }): Promise<boolean>;
  reply(instructions: string, options?: { allowInterruptions?: boolean }): Promise<boolean>;
  on(type: 'state' | 'event', listener: (heard: object) => void): () => void;
  onEvent(name: string, data: Record<string, unknown>, meta: object): unknown;
  /** The call opened: writes here are authored `hook:onCall`. */
  onCall(call: object): unknown;
  onEnd(call: object): unknown;
  onMemory(ops: object[], call: object): unknown;
}

export interface StateOptions {
  /** Masked (`***`) in logs. */
  pii?: boolean;
  visibility?: 'private' | 'public';
}

/** `@state` or `@state({ pii: true })` / `@state({ visibility: "public" })` on a field. */
export declare function state(target: object, field: string | symbol): void;
export declare function state(options?: StateOptions): (target: object, field: string | symbol) => void;

export interface ToolOptions<S extends string> {
  /** Visible only in these stages. */
  stage?: S | readonly S[];
  /** Visible only while it holds; with `stage`, both must hold. */
  when?: (state: any) => boolean;
  /** A receipt said word for word after the tool ran: `{{arg}}`, `{{result.x}}`. */
  confirm?: string;
  /** Said as the tool starts, when the model's turn said nothing itself. */
  announce?: string;
  /** The model reads the first n rows of a longer array result. */
  preview?: number;
  /** Parameters masked in logs. */
  pii?: readonly string[];
  /** Seconds; 30 when unset, 300 at most. */
  timeout?: number;
}

type StageOf<T> = T extends { stage: infer S } ? S : never;

/**
 * `@tool({...})` on an async method. A `stage` value must be one of the class's own stages: the
 * compiler refuses any other (and any `stage` in a class without a stage field) through the
 * decorated class's `stage` type.
 */
export declare function tool<S extends string = never>(options?: ToolOptions<S>): <T extends object>(
  target: T & ([S] extends [StageOf<T>] ? unknown : { 'a stage option names a value of the class stage field': S }),
  method: string | symbol,
  descriptor: PropertyDescriptor,
) => void;
