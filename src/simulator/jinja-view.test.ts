// A Python class's kept Jinja view, rendered as pinecall 0.11.24 renders it. The truth is the SDK's
// own output: test/fixtures/pinecall/jinja-views/expected.json, written by check.py in that folder
// (each template rendered by `pinecall._view.rendered`). Near misses sit beside each rule: a
// template one step from the rule, which must come out otherwise.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { pythonProperties, pythonTemplateAnswer, pythonViewInput, renderJinjaView, tidy } from './jinja-view';
import { keptViewOf } from './class-code/kept-view';
import { prepareTemplateSandbox, type TemplateSandbox } from './sandbox/templates';
import { sampleAgent } from './testing';

const DIR = fileURLToPath(new URL('../../test/fixtures/pinecall/jinja-views/', import.meta.url));
interface Case { name: string; template: string; fields: Record<string, unknown>; floats?: string[]; remembered?: string[]; callboard?: 'refuses' }
const CASES = JSON.parse(readFileSync(`${DIR}cases.json`, 'utf8')) as Case[];
const EXPECTED = JSON.parse(readFileSync(`${DIR}expected.json`, 'utf8')) as Record<string, string | { error: string }>;

let sandbox: TemplateSandbox;
beforeAll(async () => {
  sandbox = await prepareTemplateSandbox();
});

/** A template rendered over plain fields, as the SDK's answer is written: the text, or `{error: "Type: message"}`; else what Callboard says. */
function rendered(template: string, fields: Record<string, unknown>, extra: { floats?: string[]; remembered?: unknown; derived?: Record<string, unknown> } = {}) {
  const input = JSON.stringify({ fields, floats: extra.floats ?? [], derived: extra.derived ?? {}, remembered: extra.remembered === undefined ? { facts: [] } : extra.remembered });
  const out = pythonTemplateAnswer(sandbox, template, input);
  if ('text' in out) return out.text;
  if ('raises' in out) return { error: out.raises };
  if ('needs' in out) return { needs: out.needs.map((n) => n.helper) };
  return out;
}

describe('every template of the fixture renders as the SDK rendered it', () => {
  it.each(CASES.filter((c) => !c.callboard).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(rendered(c.template, c.fields, { floats: c.floats, remembered: c.remembered ? { facts: c.remembered } : undefined })).toEqual(EXPECTED[c.name]);
  });
  it.each(CASES.filter((c) => c.callboard === 'refuses').map((c) => [c.name, c] as const))('%s: said not rendered, never another text', (_name, c) => {
    const out = rendered(c.template, c.fields);
    expect(typeof out).toBe('object');
    expect(Object.keys(out as object)[0]).toMatch(/^(unsupported|unreadable)$/);
  });
});

describe('whitespace control (trim_blocks, lstrip_blocks)', () => {
  it('a tag alone on its line leaves no line; indentation before it goes too', () => {
    expect(rendered('A\n    {% if t %}\n  B\n    {% endif %}\nC', { t: true })).toBe('A\n  B\nC');
  });
  it('near miss: a tag after text on the same line keeps the spaces before it', () => {
    expect(rendered('A  {% if t %}B{% endif %}', { t: true })).toBe('A  B');
  });
  it('near miss: an expression is no block: its line and newline stay', () => {
    expect(rendered('  {{ x }}\nB', { x: 1 })).toBe('1\nB');
    expect(rendered('A\n  {{ x }}\nB', { x: 1 })).toBe('A\n  1\nB');
  });
});

describe('StrictUndefined', () => {
  it('a name the scope lacks raises the SDK\'s UndefinedError', () => {
    expect(rendered('Hi {{ who }}', {})).toEqual({ error: "UndefinedError: 'who' is undefined" });
  });
  it('near miss: a field that is None prints None, and is defined', () => {
    expect(rendered('{{ who }} {{ who is defined }}', { who: null })).toBe('None True');
  });
  it('near miss: a name only a branch not taken uses is never looked up', () => {
    expect(rendered('{% if false %}{{ who }}{% endif %}ok', {})).toBe('ok');
  });
});

describe('tidy, as pinecall._view.tidy', () => {
  it('strips each line\'s trailing spaces, cuts blank-line runs to one, strips the ends', () => {
    expect(tidy('\n  a  \t\n\n\n\nb \n\n')).toBe('a\n\nb');
  });
  it('near miss: one blank line stays, and leading spaces inside the text stay', () => {
    expect(tidy('a\n\n  b')).toBe('a\n\n  b');
  });
  it('takes Python\'s line breaks and whitespace, not JavaScript\'s', () => {
    expect(tidy('a\u2028b\u00a0\n\u3000')).toBe('a\nb');
    expect(tidy('a\ufeff')).toBe('a\ufeff');
  });
});

const PIZZA = `{% if items %}
{% for item in items %}
{{ loop.index }}. {{ item.pizza | title }}
{% endfor %}
Subtotal: {{ "%.2f" | format(subtotal) }}.
{% else %}
Nothing yet.
{% endif %}
{% if remembers("gluten") %}
Offer the gluten-free base.
{% endif %}`;

function pizzaDoc(mocks: Record<string, unknown> = {}): AgentDocument {
  const base = sampleAgent();
  return {
    ...base,
    target: 'pinecall',
    language: 'python',
    stages: base.stages.map((s) => ({ ...s, instructions: '' })),
    state: [
      { id: 's1', name: 'items', type: 'array', default: [], pii: false, visibility: 'private' },
      { id: 's2', name: 'fee', type: 'number', default: 0, pii: false, visibility: 'private' },
      { id: 's3', name: 'note', type: 'string', pii: false, visibility: 'private' },
    ],
    mocks: { helpers: mocks },
    preserved: { pinecallPython: { view: PIZZA, members: ['# the order\n@property\ndef subtotal(self) -> float:\n    return 1.0', '@property\ndef _hidden(self):\n    return 1', 'def helper(self):\n    return 2'] } },
  };
}

describe('the scope the SDK gives a view', () => {
  it('reads the class\'s public properties from its kept members', () => {
    expect(pythonProperties(pizzaDoc())).toEqual(['subtotal']);
  });
  it('every field (None when unset), a number field as a float, each property\'s mock answer or a need', () => {
    const input = JSON.parse(pythonViewInput(pizzaDoc({ subtotal: 9.5 }), { items: [], fee: 2, stage: 'order' }));
    expect(input).toEqual({ fields: { items: [], fee: 2, note: null, stage: 'order' }, floats: ['fee'], derived: { subtotal: { value: 9.5 } }, remembered: null });
    expect(rendered('{{ fee }} {{ note }}', input.fields, { floats: input.floats })).toBe('2.0 None');
  });

  it('a property the view uses needs a mock answer, named; one it does not reach needs nothing', () => {
    const doc = pizzaDoc({ remembers: [] });
    expect(renderJinjaView(sandbox, PIZZA, doc, { items: [] })).toEqual({ text: 'Nothing yet.' });
    const out = renderJinjaView(sandbox, PIZZA, doc, { items: [{ pizza: 'margherita' }] });
    expect(out).toMatchObject({ text: '', failure: 'needs-mock', needs: [{ helper: 'subtotal', kind: 'world' }] });
    expect(out.error).toBe('the Jinja view needs subtotal (a property of the class, in Python), which the simulator cannot compute; give it a mock answer');
  });
  it('with a mock answer the property is its value', () => {
    const out = renderJinjaView(sandbox, PIZZA, pizzaDoc({ subtotal: 12.5, remembers: [] }), { items: [{ pizza: 'quattro formaggi' }] });
    expect(out).toEqual({ text: '1. Quattro Formaggi\nSubtotal: 12.50.' });
  });
  it('near miss: `is defined` of a property needs no value (the SDK always has one)', () => {
    expect(rendered('{{ total is defined }}', {}, { derived: { total: null } })).toBe('True');
    expect(rendered('{{ total + 1 }}', {}, { derived: { total: null } })).toEqual({ needs: ['total'] });
  });

  it('remembers(text) searches the remembered facts case-blind (the mock answer of remembers: the facts)', () => {
    const doc = pizzaDoc({ remembers: ['Asked for GLUTEN-free last time'] });
    expect(renderJinjaView(sandbox, PIZZA, doc, { items: [] }).text).toBe('Nothing yet.\nOffer the gluten-free base.');
  });
  it('near miss: a fact that only shares words does not match; true or false answers every question', () => {
    expect(renderJinjaView(sandbox, PIZZA, pizzaDoc({ remembers: ['gluten intolerant cousin'] }), { items: [] }).text).toContain('gluten-free base');
    expect(renderJinjaView(sandbox, PIZZA, pizzaDoc({ remembers: ['no glu ten'] }), { items: [] }).text).toBe('Nothing yet.');
    expect(renderJinjaView(sandbox, PIZZA, pizzaDoc({ remembers: true }), { items: [] }).text).toContain('gluten-free base');
  });
  it('without a mock answer, remembers() is a need, as this.remembers is for a TypeScript class', () => {
    expect(renderJinjaView(sandbox, PIZZA, pizzaDoc(), { items: [] })).toMatchObject({ failure: 'needs-mock', needs: [{ helper: 'remembers' }] });
  });
  it('call is Line() and resumed is false', () => {
    expect(rendered('{{ call.channel }} {{ call }} {{ resumed }}', {})).toBe("phone Line(channel='phone', medium=None, claimed=None) False");
  });
});

describe('which view is kept', () => {
  it('a Python class\'s kept view, while no stage has instructions of its own (then the export writes the view from them, and so does the prompt)', () => {
    const doc = pizzaDoc();
    expect(keptViewOf(doc)).toEqual({ kind: 'jinja', source: PIZZA });
    const edited = { ...doc, stages: doc.stages.map((s, i) => (i === 0 ? { ...s, instructions: 'Ask for the order.' } : { ...s, instructions: '' })) };
    expect(keptViewOf(edited)).toBeUndefined();
    expect(keptViewOf({ ...doc, language: 'typescript' })).toBeUndefined();
  });
});

describe('what the step is told when the view fails', () => {
  it('the SDK\'s error, with what a live call does then', () => {
    const doc = pizzaDoc({ remembers: [] });
    expect(renderJinjaView(sandbox, '{{ incident.cause }}', doc, {}).error).toBe(
      "the Jinja view raises UndefinedError: 'incident' is undefined, as the SDK's render does (a live call logs render.failed and keeps the view it sent before)");
  });
  it('a template the interpreter cannot read, and one it reads but does not render as Jinja2 does', () => {
    expect(renderJinjaView(sandbox, '{% if x %}', pizzaDoc(), {})).toMatchObject({ failure: 'syntax' });
    expect(renderJinjaView(sandbox, '{{ [1] | random }}', pizzaDoc(), {}).error).toBe(
      'Callboard cannot render the Jinja view as the SDK does: the view uses the filter random, which Callboard does not render as Jinja2 does');
  });
});

describe('the sandbox holds', () => {
  it('a template reaches nothing of the host', () => {
    expect(rendered('{{ range.constructor("return process")() }}', {})).toEqual({ error: "UndefinedError: 'function object' has no attribute 'constructor'" });
    expect(rendered('{{ "".constructor }}', {})).toEqual({ error: "UndefinedError: 'str object' has no attribute 'constructor'" });
    expect(rendered('{{ x.__class__ }}', { x: 1 })).toEqual({ error: "UndefinedError: 'int object' has no attribute '__class__'" });
  });
  it('a runaway loop stops at its deadline', () => {
    const out = sandbox.renderPythonView('{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}', JSON.stringify({ fields: {} }), { timeoutMs: 200 });
    expect(out).toMatchObject({ failure: 'timeout' });
  });
});
