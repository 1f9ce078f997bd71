// Pinecall classes in Ruby (issue 36, part 4), as far as the gem's documentation describes them:
// export, import, and the round trip between them. Nothing here runs Ruby (RubyGems is not
// reachable): the shapes are the documentation's, the fixture a class written in them.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importJson } from '../../../../formats/json';
import { documentArbitrary } from '../../../../formats/testing/arbitraries';
import type { AgentDocument } from '../../../../model';
import { exportPinecallRuby } from './export';
import { importPinecallRuby } from './import';
import { readRubyLiteral, rubyJson } from './ruby-literal';

const root = (path: string) => new URL(`../../../../../${path}`, import.meta.url).pathname;
const FIXTURE = root('test/fixtures/pinecall/ruby/front-desk/');
const read = (doc: string, view?: string) => {
  const out = importPinecallRuby(doc, { view });
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.doc;
};

describe('a hand-written Ruby class in the documented shapes', () => {
  const text = readFileSync(`${FIXTURE}agent.rb`, 'utf8');
  const view = readFileSync(`${FIXTURE}views/riverside-dental.erb`, 'utf8');

  it('reads the comment above the class, stage, state, tools with their options, params: types and the view', () => {
    const doc = read(text, view);
    expect(doc.name).toBe('Riverside Dental');
    expect(doc.persona).toBe('You are the front desk of Riverside Dental. Short sentences: everything you say is read aloud.\nNever invent an hour: hours come from the agenda.');
    expect(doc.stages.map((s) => [s.name, s.instructions])).toEqual([
      ['identify', 'Greet the caller and ask for their name and phone.'],
      ['book', 'You are speaking with {{ patient }}. Offer the free hours, two at a time.'],
      ['done', 'Say goodbye.'],
    ]);
    expect(doc.entryStageId).toBe(doc.stages[0].id);
    expect(doc.state.map((f) => [f.name, f.default, f.pii])).toEqual([['patient', null, true], ['slots', [], false], ['attempts', 0, false]]);
    const [find, slots, book] = doc.tools;
    expect(find).toMatchObject({ name: 'find_patient', pii: ['name', 'phone'], parameters: { properties: { name: { type: 'string' }, phone: { type: 'string' } }, required: ['name', 'phone'] } });
    expect(slots).toMatchObject({ name: 'free_slots', preview: 2, timeout: 8, parameters: { properties: { day: { type: 'string' }, how_many: { type: 'integer' } }, required: ['day'] } });
    expect(book).toMatchObject({ name: 'book', confirm: 'Booked for {{result.when}}.' });
    expect(doc.tools.map((t) => t.scope)).toEqual([1, 2, 2].map((i) => ({ kind: 'stages', stageIds: [doc.stages[i - 1].id] })));
  });

  it('keeps what the document has no place for (language, on_call, the bodies) and writes it back', () => {
    const doc = read(text, view);
    const kept = doc.preserved?.pinecallRuby as { members: string[]; bodies: Record<string, string> };
    expect(kept.members.join('\n')).toContain('language :en');
    expect(kept.members.join('\n')).toContain('def on_call(call)');
    expect(kept.bodies.book).toContain('raise ArgumentError');
    const out = exportPinecallRuby(doc);
    expect(out.text).toContain('  def on_call(call)\n    self.patient = Agenda.by_phone(call.from.to_s)');
    expect(out.text).toContain('    raise ArgumentError, "#{slot} is not an hour I offered" unless found');
    expect(out.files.map((f) => f.path)).toEqual(['agents/riverside-dental/agent.rb', 'agents/riverside-dental/views/riverside-dental.erb']);
    // Read back, it says the same.
    const again = read(out.text, out.files[1].text);
    expect(exportPinecallRuby(again).text).toBe(out.text);
  });

  it('refuses what the gem refuses, each at its line, all in one pass', () => {
    const broken = text
      .replace('  # Book the hour the patient chose, by its id.\n', '')
      .replace('def find_patient(name:, phone:)', 'def find_patient(name, phone:)')
      .replace('pii: %i[name phone]', 'pii: %i[name dni]');
    const out = importPinecallRuby(broken);
    expect(out.ok).toBe(false);
    const errors = out.ok ? [] : out.errors.map((e) => [broken.split('\n')[e.line - 1].trim(), e.message]);
    expect(errors).toEqual([
      // The gem's own words (pinecall/ruby Agent::Spec), each at the line that says it.
      ['def find_patient(name, phone:)', 'tool find_patient: a model fills a JSON object by name, so a tool takes keyword arguments; name is not one'],
      ['tool stage: :identify, pii: %i[name dni]', 'tool find_patient: pii names parameters the tool has; unknown: name, dni'],
      ['def book(slot:)', 'tool book: without a docstring no model can choose it; write a `# one line` comment above it, or pass doc: "…" for a class with no source to read'],
    ]);
  });

  it('says where a class never ends, and that a file without one holds no agent', () => {
    expect(importPinecallRuby(text.replace(/end\n$/, ''))).toMatchObject({ ok: false, errors: [{ line: 8, message: 'class RiversideDental never ends: add `end` after its last member' }] });
    expect(importPinecallRuby('puts 1\n')).toMatchObject({ ok: false, errors: [{ message: expect.stringMatching(/^no agent class here/) }] });
  });
});

describe('Ruby literals', () => {
  it('reads strings, symbols, %i lists, hashes and class names as data; #{…} is refused (it runs code)', () => {
    expect(rubyJson(readRubyLiteral('{ day: String, slot: { "type" => "object" }, tags: %i[a b], n: -1.5, ok: true, x: nil }').value))
      .toEqual({ day: 'String', slot: { type: 'object' }, tags: ['a', 'b'], n: -1.5, ok: true, x: null });
    expect(rubyJson(readRubyLiteral(String.raw`"tab\there \u00e9 'q'"`).value)).toBe("tab\there é 'q'");
    expect(() => readRubyLiteral('"#{system("rm")}"')).toThrow(/runs code/);
    expect(() => readRubyLiteral('->{ 1 }')).toThrow(/not a literal/);
    expect(() => readRubyLiteral('['.repeat(40) + ']'.repeat(40))).toThrow(/nested deeper/);
  });
});

describe('the export', () => {
  const sample = importJson(readFileSync(root('public/examples/clinic-booking.json'), 'utf8'));
  if (!sample.ok) throw new Error('the sample does not read');

  it('writes the sample as the gem\'s shapes: stage, state with visibility, tool options, keyword arguments, the view in ERB', () => {
    const out = exportPinecallRuby(sample.doc);
    expect(out.text).toContain('class ClinicBooking < Pinecall::Agent\n  stage :greet, :identify, :verify, :choose, :goodbye\n');
    expect(out.text).toContain('  state :caller_name, "", visibility: :pii\n');
    expect(out.text).toContain('  tool stage: :choose, announce: "Let me check the agenda.", preview: 2, timeout: 10, params: { day: ');
    expect(out.text).toContain('  def collect_identity(caller_name:, phone:)\n');
    expect(out.text).toContain('    if stage == :identify && !phone.to_s.empty?\n      self.stage = :verify\n    elsif stage == :verify\n      self.stage = :choose\n    end\n');
    expect(out.files[1].text).toContain('<% if stage == :verify -%>\nTell <%= caller_name %> you are checking');
  });

  it('round-trips: the import of an export exports the same file, with the same stages, state, tools and moves', () => {
    const check = (doc: AgentDocument) => {
      const out = exportPinecallRuby(doc);
      const back = importPinecallRuby(out.text, { view: out.files[1]?.text });
      if (!back.ok) throw new Error(`${JSON.stringify(back.errors)}\n${out.text}`);
      const again = exportPinecallRuby(back.doc);
      expect(again.text).toBe(out.text);
      expect(again.files[1]?.text).toBe(out.files[1]?.text);
    };
    check(sample.doc);
    fc.assert(fc.property(documentArbitrary('pinecall'), check), { numRuns: 60 });
  });
});
