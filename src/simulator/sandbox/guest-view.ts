/**
 * Source evaluated inside QuickJS: Pinecall's JSX runtime and its text components, so that a kept
 * `render()` (or `@render(Component)`) renders to the text Pinecall's own runtime would send.
 * Written after pinecall/agents `src/views/jsx-runtime.ts` and `src/views/components.ts`:
 * - an element is `{kind: "element", type, props}` with `children` in the props;
 * - at block level null, undefined and booleans render nothing, a string is trimmed (and dropped
 *   when empty), a number is its digits, arrays and fragments are their children, siblings are
 *   paragraphs one blank line apart;
 * - `<p>` is a paragraph: its children inline (strings exactly as written), line breaks with their
 *   indentation folded to one space, runs of spaces to one, trimmed; every other lowercase tag is
 *   its children; a function is called with the props (an `inline` one renders on one line).
 * Nothing of the host is handed in.
 */

/** The view components and runtime functions `@pinecall/agents` exports, by their exported name. */
export const PINECALL_VIEW_NAMES: readonly string[] = [
  'Fragment', 'jsx', 'jsxs', 'jsxDEV', 'renderToText', 'renderInline', 'blocks',
  'Prompt', 'Knowledge', 'Rule', 'Rules', 'Protocols', 'Section', 'Example', 'p', 'Memory', 'Retrieved', 'marker', 'tagged',
];

/**
 * Defines `__jsx` and `__Fragment` (what transpile.ts compiles JSX to) and `__views`, the runtime
 * with `renderToText` and `define(local, exported)`, which binds one of PINECALL_VIEW_NAMES under
 * the name the file imported it as. Installed first in every context, so a helper that returns JSX
 * gives the same tree in a tool as in a render.
 */
export const JSX_RUNTIME = `(() => {
  const defineProperty = Object.defineProperty;
  const isArray = Array.isArray;
  const stringify = JSON.stringify;
  const Fragment = Symbol.for('pinecall.views.fragment');
  const element = (type, props) => ({ kind: 'element', type, props: props == null ? {} : props });
  // The classic factory: one child is the child itself, several an array (the automatic runtime's shape).
  const factory = (type, props, ...children) => {
    const all = {};
    if (props != null) for (const key of Object.keys(props)) defineProperty(all, key, { value: props[key], writable: true, enumerable: true, configurable: true });
    if (children.length === 1) all.children = children[0];
    else if (children.length > 1) all.children = children;
    return element(type, all);
  };
  const childrenOf = (props) => (props.children === undefined || props.children === null ? null : props.children);
  const empty = (child) => child === null || child === undefined || typeof child === 'boolean';
  const paragraph = (text) => text.replace(/\\s*\\n\\s*/g, ' ').replace(/[ \\t]{2,}/g, ' ').trim();
  const renderInline = (child) => {
    if (empty(child)) return '';
    if (typeof child === 'string') return child;
    if (typeof child === 'number') return String(child);
    if (isArray(child)) return child.map(renderInline).join('');
    if (typeof child !== 'object') return String(child);
    const { type, props } = child;
    if (typeof type === 'function') return renderInline(type(props || {}));
    return renderInline(childrenOf(props || {}));
  };
  const blocks = (child) => {
    if (empty(child)) return [];
    if (typeof child === 'string') return child.trim() ? [child.trim()] : [];
    if (typeof child === 'number') return [String(child)];
    if (isArray(child)) return child.flatMap(blocks);
    if (typeof child !== 'object') return [String(child)];
    const { type } = child;
    const props = child.props || {};
    if (typeof type === 'function') {
      if (type.inline) {
        const line = paragraph(renderInline(child));
        return line ? [line] : [];
      }
      return blocks(type(props));
    }
    if (type === 'p') {
      const line = paragraph(renderInline(childrenOf(props)));
      return line ? [line] : [];
    }
    return blocks(childrenOf(props));
  };
  const renderToText = (child) => blocks(child).join('\\n\\n');
  const marker = (name, payload) => '<!-- ' + name + ': ' + payload + ' -->';
  const tagged = (name, body) => (body ? '<' + name + '>\\n' + body + '\\n</' + name + '>' : '');
  const lines = (props) => blocks(childrenOf(props)).join('\\n');
  // A render prop cannot travel in a marker: Pinecall keeps it under an id the gateway fills later.
  let fills = 0;
  const placeholder = (name, props, keys) => {
    const payload = {};
    for (const key of keys) if (props[key] !== undefined) payload[key] = props[key];
    if (typeof props.children === 'function') payload.fill = 'fill-' + ++fills;
    return marker(name, stringify(payload));
  };
  const Rule = (props) => '- ' + renderInline(childrenOf(props)).trim();
  Rule.inline = true;
  const p = (props) => renderInline(childrenOf(props));
  p.inline = true;
  const Section = (props) => {
    const body = renderToText(childrenOf(props));
    const title = String(props.title ?? '').trim();
    if (!title) return body;
    return body ? '## ' + title + '\\n\\n' + body : '## ' + title;
  };
  const exported = {
    Fragment, jsx: element, jsxs: element, jsxDEV: element, renderToText, renderInline, blocks, marker, tagged,
    Prompt: (props) => renderToText(childrenOf(props)),
    Knowledge: (props) => marker('knowledge', String(props.file ?? '')),
    Rule, p, Section,
    Rules: (props) => tagged('rules', lines(props)),
    Protocols: (props) => tagged('protocols', lines(props)),
    Example: (props) => tagged('example', renderToText(childrenOf(props))),
    Memory: (props) => placeholder('memory', props, ['kinds', 'limit']),
    Retrieved: (props) => placeholder('retrieved', props, ['k', 'minScore']),
  };
  const hidden = (name, value) => defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  hidden('__jsx', factory);
  hidden('__Fragment', Fragment);
  hidden('__views', {
    renderToText,
    define(local, name) {
      if (Object.prototype.hasOwnProperty.call(exported, name)) defineProperty(globalThis, local, { value: exported[name], writable: true, configurable: true });
    },
  });
})();`;

/**
 * Renders the view on `this` (BIND, guest-agent.ts) into `text`. `input.view` is `{kind: "method"}`
 * (the kept render(), transpiled as `class __View`) or `{kind: "component", name}` (`@render(Name)`:
 * Pinecall calls `Name(this)`, the instance whole, getters and all). Spliced after BIND, so `self`
 * and `input` are in scope.
 */
export const RENDER_VIEW = `
  const views = globalThis.__views;
  let tree;
  if (input.view.kind === 'method') {
    // A class declaration is a lexical global, not a property of globalThis: read it by name.
    const View = typeof __View === 'function' ? __View : undefined;
    if (!View || typeof View.prototype.render !== 'function') throw new TypeError('render() could not be read');
    tree = View.prototype.render.call(self);
  } else {
    const component = globalThis[input.view.name];
    if (typeof component !== 'function') throw new TypeError('@render(' + input.view.name + '): ' + input.view.name + ' is not a function component');
    tree = component(self);
  }
  if (tree && typeof tree.then === 'function') throw new TypeError('render() returned a promise; Pinecall renders a view synchronously');
  const text = views.renderToText(tree);
`;
