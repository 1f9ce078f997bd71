/**
 * The JSX a Pinecall `render()` uses, declared without React: `<p>` is a paragraph, fragments
 * group them, and a falsy child renders nothing. Mapped as `react/jsx-runtime` (what
 * `jsx: react-jsx` imports) when tests compile an exported agent.
 */
export declare namespace JSX {
  /** What `render()` returns: text for the prompt. */
  interface Element {
    readonly text: string;
  }
  interface IntrinsicElements {
    p: { children?: unknown };
  }
}

export declare function jsx(type: unknown, props: unknown, key?: string): JSX.Element;
export declare function jsxs(type: unknown, props: unknown, key?: string): JSX.Element;
export declare const Fragment: unique symbol;
