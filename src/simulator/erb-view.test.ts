// A Ruby class's kept ERB view, rendered as the pinecall gem renders it (lib/pinecall/view.rb:
// `ERB.new(template, trim_mode: "-")`, the state's names in scope, then `tidy`), by Callboard's
// interpreter of ERB and a subset of Ruby (scripts/jinja-guest/erb-*.js) in the template sandbox.
// Each rule has a near miss beside it: a template one step away, which must come out otherwise.
// The expected texts are Ruby 3.1's (ERB 2.2, Hash#inspect as `{:k=>"v"}`).
import { beforeAll, describe, expect, it } from 'vitest';
import { rubyTemplateAnswer, tidyRuby } from './erb-view';
import { prepareTemplateSandbox, type TemplateSandbox } from './sandbox/templates';

let sandbox: TemplateSandbox;
beforeAll(async () => {
  sandbox = await prepareTemplateSandbox();
});

interface Extra { stage?: string; floats?: string[]; symbols?: string[]; derived?: Record<string, { value: unknown } | null>; remembered?: unknown }
const input = (fields: Record<string, unknown>, extra: Extra = {}) =>
  JSON.stringify({ fields, floats: extra.floats ?? [], symbols: extra.symbols ?? [], stage: extra.stage ?? null, derived: extra.derived ?? {}, resumed: false, channel: 'web', remembered: extra.remembered === undefined ? { facts: [] } : extra.remembered });

/** The text ERB gives, before the tidy. */
function raw(template: string, fields: Record<string, unknown> = {}, extra: Extra = {}): string {
  const out = sandbox.renderRubyView(template, input(fields, extra));
  if ('failure' in out) throw new Error(out.error);
  const answer = JSON.parse(out.answer) as { text?: string; error?: unknown };
  if (answer.text === undefined) throw new Error(JSON.stringify(answer.error));
  return answer.text;
}

/** The view as the gem sends it (tidied), Ruby's exception as `{error}`, a need, or why Callboard does not render it. */
function view(template: string, fields: Record<string, unknown> = {}, extra: Extra = {}) {
  const out = rubyTemplateAnswer(sandbox, template, input(fields, extra));
  if ('text' in out) return out.text;
  if ('raises' in out) return { error: out.raises };
  if ('needs' in out) return { needs: out.needs.map((n) => n.helper) };
  return out;
}

describe('ERB with trim_mode "-"', () => {
  it('-%> eats the line break after it; %> keeps it', () => {
    expect(raw('a\n<% if true -%>\nb\n<% end -%>\nc\n')).toBe('a\nb\nc\n');
    expect(raw('a\n<% if true %>\nb\n<% end %>\nc\n')).toBe('a\n\nb\n\nc\n');
    expect(raw('<% if true -%>\r\nb\r\n<% end -%>\r\n')).toBe('b\r\n');
    expect(raw('x<%= 1 -%>')).toBe('x1');
  });

  it('<%- at the start of a line takes the indentation before it; <% keeps it; <%- after text keeps the text', () => {
    expect(raw('a\n  <%- if true -%>\nb\n  <%- end -%>\n')).toBe('a\nb\n');
    expect(raw('a\n  <% if true -%>\nb\n  <% end -%>\n')).toBe('a\n  b\n  ');
    expect(raw('x <%- if true -%>y<% end %>')).toBe('x y');
  });

  it('<%% is a literal <%, <%# %> a comment (its -%> eats the line break too)', () => {
    expect(raw('<%% x %>')).toBe('<% x %>');
    expect(raw('a<%# note %>b')).toBe('ab');
    expect(raw('<%# note -%>\nb')).toBe('b');
    expect(raw('<%# note %>\nb')).toBe('\nb');
  });
});

describe('tidy (View#tidy)', () => {
  it('right-strips each line, cuts 3+ line breaks to 2, strips the ends', () => {
    expect(tidyRuby('  \n  x  \n\n\n\ny\t\n\n')).toBe('x\n\ny');
    expect(tidyRuby('a\r\nb')).toBe('a\nb');
    expect(tidyRuby('a\n\nb')).toBe('a\n\nb');
    expect(tidyRuby('')).toBe('');
  });
});

describe('printing is to_s (Ruby 3.1)', () => {
  it('nil is empty, a symbol its name, an Array and a Hash their inspect, a Float 2.0', () => {
    expect(view('[<%= n %>]', { n: null })).toBe('[]');
    expect(view('<%= stage %>', {}, { stage: 'greet' })).toBe('greet');
    expect(view('<%= xs %>', { xs: ['a', 1, null, true, 1.5] })).toBe('["a", 1, nil, true, 1.5]');
    expect(view('<%= h %>', { h: { k: 'v', n: [1] } })).toBe('{:k=>"v", :n=>[1]}');
    expect(view('<%= [:a, "b\\n"] %>')).toBe('[:a, "b\\n"]');
    expect(view('<%= 2.0 %> <%= 2 %> <%= 1e20 %> <%= 0.1 + 0.2 %> <%= 0.0001 %> <%= 0.00001 %>')).toBe('2.0 2 1.0e+20 0.30000000000000004 0.0001 1.0e-05');
    expect(view('<%= price %>', { price: 3 }, { floats: ['price'] })).toBe('3.0');
    expect(view('<%= price %>', { price: 3 })).toBe('3');
  });
});

describe('expressions', () => {
  it('strings: "#{…}" interpolates; \'#{…}\' does not', () => {
    expect(view('<%= "Hi #{name}, #{n}!" %>', { name: 'Ann', n: null })).toBe('Hi Ann, !');
    expect(view("<%= 'Hi #{name}' %>", { name: 'Ann' })).toBe('Hi #{name}');
  });

  it('==, != and case/when compare symbols with the stage; a text against a symbol is not guessed', () => {
    expect(view('<% if stage == :greet -%>yes<% else -%>no<% end -%>', {}, { stage: 'greet' })).toBe('yes');
    expect(view('<% if stage != :greet -%>yes<% else -%>no<% end -%>', {}, { stage: 'book' })).toBe('yes');
    expect(view('<% if kind == :full -%>full<% end -%>', { kind: 'full' }, { symbols: ['kind'] })).toBe('full');
    expect(view('<% if kind == :full -%>full<% end -%>', { kind: 'full' })).toMatchObject({ unsupported: expect.stringContaining('compares the text "full" with the symbol :full') });
  });

  it('truthiness is Ruby\'s: 0 and "" are true; && and || give a side, not a boolean', () => {
    expect(view('<% if n -%>y<% end -%><% if s -%>z<% end -%>', { n: 0, s: '' })).toBe('yz');
    expect(view('<%= a && b %>|<%= nil || "x" %>|<%= d || "the day" %>', { a: 1, b: 2, d: null })).toBe('2|x|the day');
    expect(view('<%= !a %> <%= not a %> <%= (a and b) %> <%= (nil or false) %>', { a: 1, b: 2 })).toBe('false false 2 false');
  });

  it('comparisons and arithmetic, with Ruby\'s exceptions', () => {
    expect(view('<%= 1 < 2 %> <%= 2 <= 1 %> <%= "a" < "b" %> <%= i + 1 %> <%= 1.5 * 2 %> <%= "ab" * 2 %> <%= 5 - 7 %>', { i: 1 })).toBe('true false true 2 3.0 abab -2');
    expect(view('<%= n < 2 %>', { n: null })).toEqual({ error: "NoMethodError: undefined method `<' for nil:NilClass" });
    expect(view('<%= 1 < "a" %>')).toEqual({ error: 'ArgumentError: comparison of Integer with String failed' });
    expect(view('<%= "a" + 1 %>')).toEqual({ error: 'TypeError: no implicit conversion of Integer into String' });
    expect(view('<%= 1 + "a" %>')).toEqual({ error: "TypeError: String can't be coerced into Integer" });
    expect(view('<%= 1 + n %>', { n: null })).toEqual({ error: "TypeError: nil can't be coerced into Integer" });
  });

  it('the ternary', () => {
    expect(view('<%= car ? "#{car[:make]} car" : "no car" %>', { car: { make: 'Ford' } })).toBe('Ford car');
    expect(view('<%= car ? "#{car[:make]} car" : "no car" %>', { car: null })).toBe('no car');
  });

  it('x[:key], x[0], x[-1], state[:x], call[:channel]; a text key on a state hash is not guessed', () => {
    expect(view('<%= h[:a] %> <%= xs[0] %> <%= xs[-1] %> <%= xs[9] %>|<%= state[:n] %> <%= state["n"] %> <%= call[:channel] %>', { h: { a: 'A' }, xs: [1, 2], n: 7 })).toBe('A 1 2 |7 7 web');
    expect(view('[<%= call["channel"] %>]')).toBe('[]');
    expect(view('<%= h["a"] %>', { h: { a: 'A' } })).toMatchObject({ unsupported: expect.stringContaining('x["a"] on a hash from the state') });
    expect(view('<%= h[:a] %>', { h: null })).toEqual({ error: "NoMethodError: undefined method `[]' for nil:NilClass" });
    expect(view('<%= xs[:a] %>', { xs: [] })).toEqual({ error: 'TypeError: no implicit conversion of Symbol into Integer' });
  });

  it('the methods: any?, empty?, nil?, size, length, count, first, last, join, upcase, downcase, capitalize, to_s, include?', () => {
    const fields = { xs: ['a', 'b', 'c'], none: [], h: {}, s: 'héllo wORLD', n: null };
    expect(view('<%= xs.any? %> <%= none.any? %> <%= h.any? %> <%= none.empty? %> <%= s.empty? %> <%= n.nil? %> <%= xs.nil? %>', fields)).toBe('true false false true false true false');
    expect(view('<%= xs.size %> <%= s.length %> <%= xs.count %> <%= xs.first %> <%= xs.last %> <%= xs.first(2) %> <%= none.first %>', fields)).toBe('3 11 3 a c ["a", "b"]');
    expect(view('<%= xs.join(", ") %>|<%= xs.join %>|<%= s.upcase %>|<%= s.downcase %>|<%= s.capitalize %>|<%= 5.to_s %>', fields)).toBe('a, b, c|abc|HÉLLO WORLD|héllo world|Héllo world|5');
    expect(view('<%= xs.include?("b") %> <%= s.include?("llo") %> <%= :ab.upcase %>', fields)).toBe('true true AB');
    expect(view('<%= n.any? %>', fields)).toEqual({ error: "NoMethodError: undefined method `any?' for nil:NilClass" });
    expect(view('<%= s.any? %>', fields)).toEqual({ error: 'NoMethodError: undefined method `any?\' for "héllo wORLD":String' });
    expect(view('<%= s.include?(:a) %>', fields)).toEqual({ error: 'TypeError: no implicit conversion of Symbol into String' });
  });

  it('a name nobody set raises NameError, as the gem\'s Context does', () => {
    expect(view('<%= who %>')).toEqual({ error: "NameError: undefined local variable or method `who' for #<Pinecall::View::Context:0x…>" });
    expect(view('<%= state.who %>')).toEqual({ error: "NoMethodError: undefined method `who' for #<Pinecall::Reading:0x…>" });
    expect(view('<%= resumed %>')).toBe('false');
  });
});

describe('statements', () => {
  it('if / elsif / else, unless', () => {
    const t = '<% if n > 2 -%>many<% elsif n > 0 -%>some<% else -%>none<% end -%>';
    expect([view(t, { n: 3 }), view(t, { n: 1 }), view(t, { n: 0 })]).toEqual(['many', 'some', 'none']);
    expect(view('<% unless xs.empty? -%>has<% else -%>empty<% end -%>', { xs: [] })).toBe('empty');
  });

  it('case with when :a, :b and else', () => {
    const t = '<% case stage -%>\n<% when :a, :b -%>\nfirst\n<% when :c -%>\nthird\n<% else -%>\nother\n<% end -%>\n';
    expect(['a', 'b', 'c', 'd'].map((stage) => view(t, {}, { stage }))).toEqual(['first', 'first', 'third', 'other']);
    // ERB writes text between `case` and its first `when` as a statement there: Ruby's syntax error.
    expect(view('<% case stage %>\n<% when :a -%>x<% end %>', {}, { stage: 'a' })).toMatchObject({ unreadable: expect.stringContaining('between case and its first when') });
  });

  it('each, each_with_index, a Hash\'s each |k, v|, and the block\'s names end with it', () => {
    const fields = { slots: [{ id: 's1', when: 'Mon' }, { id: 's2', when: 'Tue' }], h: { a: 1 } };
    expect(view('<% slots.each do |s| -%>\n- <%= s[:id] %>: <%= s[:when] %>\n<% end -%>\n', fields)).toBe('- s1: Mon\n- s2: Tue');
    expect(view('<% slots.each_with_index do |s, i| -%>\n<%= i + 1 %>. <%= s[:when] %>\n<% end -%>\n', fields)).toBe('1. Mon\n2. Tue');
    expect(view('<% h.each do |k, v| %><%= k %>=<%= v %><% end %>', fields)).toBe('a=1');
    expect(view('<% slots.each do |s| %><% end %><%= s %>', fields)).toEqual({ error: "NameError: undefined local variable or method `s' for #<Pinecall::View::Context:0x…>" });
    expect(view('<% n.each do |x| %><% end %>', { n: null })).toEqual({ error: "NoMethodError: undefined method `each' for nil:NilClass" });
  });

  it('each_line(items) and format(…), as the gem and Kernel give them', () => {
    expect(view('<%= each_line(xs) %>', { xs: [' a ', 'b'] })).toBe('a\nb');
    expect(view('<%= each_line(n) %>|', { n: null })).toBe('|');
    expect(view('<%= format("%.2f", 2.675) %> <%= format("%.1f", 0.25) %> <%= format("%.1f", 0.35) %> <%= format("%d items", 3) %>')).toBe('2.67 0.2 0.3 3 items');
  });

  it('remembers?: a case-sensitive search of the mocked facts; without a mock, a need', () => {
    expect(view('<%= remembers?("vegan") %> <%= remembers?("Vegan") %> <%= state.remembers?("vegan") %>', {}, { remembered: { facts: ['is vegan'] } })).toBe('true false true');
    expect(view('<%= remembers?("vegan") %>', {}, { remembered: { answer: true } })).toBe('true');
    expect(view('<% if remembers?("vegan") %>v<% end %>', {}, { remembered: null })).toEqual({ needs: ['remembers?'] });
  });

  it('a derived field takes its mock answer; without one, a need, only when the view reaches it', () => {
    const t = '<% if stage == :a -%>a<% else -%><%= escalated %><% end -%>';
    expect(view(t, {}, { stage: 'b', derived: { escalated: { value: true } } })).toBe('true');
    expect(view(t, {}, { stage: 'b', derived: { escalated: null } })).toEqual({ needs: ['escalated'] });
    expect(view(t, {}, { stage: 'a', derived: { escalated: null } })).toBe('a');
  });
});

describe('Ruby outside the subset: the view is not rendered, and the answer names the construct', () => {
  it.each([
    ['<% x = 1 %>', 'the operator ='],
    ['<%= items.map(&:name) %>', 'the operator &'],
    ['<%= items.sum %>', 'the method .sum'],
    ['<%= Time.now %>', 'the constant Time'],
    ['<% items.each { |i| %><% } %>', 'the operator {'],
    ['<%= display %>', '`display`: every Ruby object has a method by that name'],
    ['<%= x if y %>', 'a modifier if'],
    ['<%= items.first 2 %>', 'a call of first with arguments and no parentheses'],
    ['<% while true %><% end %>', 'the statement'],
  ])('%s', (template, said) => {
    const out = view(template, { items: [], x: 1, y: true, display: 'x' });
    expect(out).toMatchObject({ unsupported: expect.stringContaining(said) });
  });

  it('a template ERB or Ruby cannot read is said as such', () => {
    expect(view('<% if x %>open')).toMatchObject({ unreadable: expect.stringContaining('never ends') });
    expect(view('<% end %>')).toMatchObject({ unreadable: expect.stringContaining('unexpected end') });
    expect(view('<%= x ')).toMatchObject({ unreadable: expect.stringContaining('never closes') });
  });
});

describe('the sandbox', () => {
  it('a runaway render stops at its deadline', () => {
    const xs = Array.from({ length: 3000 }, (_, i) => i);
    const out = sandbox.renderRubyView('<% xs.each do |a| %><% xs.each do |b| %><% xs.each do |c| %><% end %><% end %><% end %>', input({ xs }), { timeoutMs: 200 });
    expect(out).toMatchObject({ failure: 'timeout' });
    expect(view('<%= 1 %>')).toBe('1');
  });

  it('a render past the output cap stops there', () => {
    const out = sandbox.renderRubyView('<%= "a" * 300000 %>', input({}));
    expect(out).toMatchObject({ failure: 'output' });
  });
});
