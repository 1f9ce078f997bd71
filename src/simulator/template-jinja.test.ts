// Jinja as Block Agent writes it, rendered by the interpreter in the sandbox: what a prompt author can rely on.
import { beforeAll, describe, expect, it } from 'vitest';
import { blockAgentSystemPrompt } from '../runtimes/block-agent/engine/prompt';
import { newSession } from './session';
import { fillTemplate } from './template';
import { prepareTemplateSandbox, type RenderTemplate } from './template-jinja';
import { sampleAgent } from './testing';

let renderJinja: RenderTemplate;
beforeAll(async () => {
  renderJinja = (await prepareTemplateSandbox()).render;
});
const render = (text: string, scope: Record<string, unknown> = {}) => renderJinja(text, scope);

describe('renderJinja', () => {
  it('fills variables and dotted paths', () => {
    expect(render('Hi {{ name }}, born {{ dob.year }}.', { name: 'Ana', dob: { year: 1990 } })).toEqual({ ok: true, text: 'Hi Ana, born 1990.' });
  });

  it('runs {% if %} / {% else %} on the values', () => {
    const text = '{% if verified %}Offer slots.{% else %}Verify first.{% endif %}';
    expect(render(text, { verified: true }).text).toBe('Offer slots.');
    expect(render(text, { verified: false }).text).toBe('Verify first.');
  });

  it('runs {% for %} over a list', () => {
    const out = render('{% for s in slots %}{{ loop.index }}. {{ s.when }}\n{% endfor %}', { slots: [{ when: 'Mon 9:00' }, { when: 'Tue 10:30' }] });
    expect(out.text).toBe('1. Mon 9:00\n2. Tue 10:30\n');
  });

  it('prints a list or an object as JSON (where Jinja prints its repr), and still loops over it and measures it', () => {
    const slots = [{ id: 'Mon-0', when: 'Mon 9:00' }];
    expect(render('Slots: {{ slots }}; first {{ slots[0] }}', { slots }).text).toBe('Slots: [{"id":"Mon-0","when":"Mon 9:00"}]; first {"id":"Mon-0","when":"Mon 9:00"}');
    expect(render('{{ slots | length }} {% for s in slots %}{{ s }}{% endfor %} {{ slots | join(",") }}', { slots: ['a', 'b'] }).text).toBe('2 ab a,b');
    // The scope itself is not touched: only the copy rendered prints as JSON.
    expect(String(slots[0])).toBe('[object Object]');
  });

  it('applies filters: upper and default', () => {
    expect(render('{{ name | upper }} / {{ missing | default("no booking") }}', { name: 'ana' }).text).toBe('ANA / no booking');
  });

  it('prints an undefined name as nothing, and does not escape HTML', () => {
    expect(render('[{{ nobody }}][{{ a.b.c }}]', {}).text).toBe('[][]');
    expect(render('{{ x }}', { x: '<b>&' }).text).toBe('<b>&');
  });

  it('keeps the text as written on a syntax error, and says what is wrong', () => {
    const out = render('Hi {{ name ', { name: 'Ana' });
    expect(out).toMatchObject({ ok: false, text: 'Hi {{ name ' });
    expect(out.ok ? '' : out.error).toMatch(/^the \{\{ at line 1:4 is never closed by \}\}/);
    const tag = render('{% if %}x{% endif %}');
    expect(tag.ok).toBe(false);
  });

  it('leaves text without any tag untouched (no parse needed)', () => {
    expect(render('Plain {text} with } braces')).toEqual({ ok: true, text: 'Plain {text} with } braces' });
  });
});

describe('the Block Agent system prompt', () => {
  const doc = sampleAgent();
  const verify = doc.stages.find((s) => s.id === 's_verify')!;

  it('renders personality and stage content over the state and `call`', () => {
    const d = { ...doc, persona: 'Front desk; today is {{ call.today }}.' };
    const stage = { ...verify, instructions: 'Tell {{ caller_name }} you are checking their record{% if verified %} again{% endif %}.' };
    const s = { ...newSession(d), state: { ...newSession(d).state, caller_name: 'Ana Ruiz' } };
    const out = blockAgentSystemPrompt(d, stage, s, { today: '2026-12-01' }, renderJinja);
    expect(out).toEqual({ system: 'Front desk; today is 2026-12-01.\n\nTell Ana Ruiz you are checking their record.', notes: [] });
  });

  it('names the stage and the error when its content does not render, and sends it as written', () => {
    const broken = { ...verify, instructions: 'Tell {{ caller_name the caller to wait.' };
    const out = blockAgentSystemPrompt(doc, broken, newSession(doc), {}, renderJinja);
    expect(out.system).toContain('Tell {{ caller_name the caller to wait.');
    expect(out.notes).toEqual([expect.stringMatching(/^Jinja error in stage verify: the \{\{ at line 1:6 is never closed by \}\}.*; the text is sent as written$/)]);
  });
});

describe("Pinecall's placeholders", () => {
  it('fill only {{ name }} paths: Jinja statements are not Pinecall and stay as written', () => {
    expect(fillTemplate('Thank {{ caller_name }}{% if x %}!{% endif %}', { caller_name: 'Ana' })).toBe('Thank Ana{% if x %}!{% endif %}');
  });
});
