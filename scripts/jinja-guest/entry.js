// The guest side of the template sandbox (src/simulator/sandbox/templates.ts): @huggingface/jinja,
// an interpreter (it never turns a template into JavaScript), bundled from its TypeScript source to
// run inside QuickJS. Only strings cross: the template, the scope as JSON, and the rendered text
// (or the error's message). A Pinecall class's Jinja view is rendered with Python's meaning of
// each step (py-view.js), by `__renderPythonView`; a Ruby class's ERB view by `__renderRubyView`
// (erb-view.js: ERB's trim mode and a subset of Ruby, interpreted).
import { Template } from '../../node_modules/@huggingface/jinja/src/index.ts';
import { ArrayValue, NamespaceValue, ObjectValue } from '../../node_modules/@huggingface/jinja/src/runtime.ts';
import { renderRubyView } from './erb-view.js';
import { renderPythonView } from './py-view.js';

// A list or an object printed with `{{ x }}` reads as compact JSON, as Callboard has always printed
// it (Python's Jinja prints a repr; `| tojson` keeps Jinja's own spacing).
function plain(value) {
  if (value instanceof ArrayValue) return value.value.map(plain);
  if (value instanceof ObjectValue || value instanceof NamespaceValue) {
    const out = {};
    for (const [key, item] of value.value) Object.defineProperty(out, key, { value: plain(item), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value && typeof value === 'object' && 'value' in value ? value.value : value;
}
for (const kind of [ArrayValue, ObjectValue, NamespaceValue]) {
  kind.prototype.toString = function () {
    return JSON.stringify(plain(this)) ?? '';
  };
}

globalThis.__renderJinja = function (source, scopeJson, maxChars) {
  const text = new Template(source).render(JSON.parse(scopeJson));
  if (text.length > maxChars) throw new RangeError('__output_cap__');
  return text;
};

globalThis.__renderPythonView = renderPythonView;
globalThis.__renderRubyView = renderRubyView;
