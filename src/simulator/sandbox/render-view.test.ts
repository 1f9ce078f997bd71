// A kept view rendered in the real sandbox by Pinecall's text rules (pinecall/agents
// src/views/jsx-runtime.ts and components.ts): what renders nothing, what is a paragraph, arrays,
// numbers, nested fragments, the text components; `@render(Component)` declared in the file or
// imported (a need, with a mock answer that is the text); JSX in a helper; `this.log` in tools.
import { describe, expect, it } from 'vitest';
import type { AgentDocument, Tool } from '../../model';
import { viewNeeds } from '../class-code/needs';
import { sandboxToolRunner } from '../sandbox-runner';
import { sampleAgent } from '../testing';
import { renderedView } from '../view';

interface Kept {
  members?: string[];
  classDecorators?: string[];
  before?: string[];
  imports?: string[];
  agentsImports?: string[];
}

function agent(kept: Kept, helpers?: Record<string, unknown>): AgentDocument {
  return { ...sampleAgent(), target: 'pinecall', preserved: { pinecall: { ...kept } }, ...(helpers ? { mocks: { helpers } } : {}) };
}
const render = (body: string) => `render() {\n  return (\n${body}\n  );\n}`;

describe('JSX to text, as Pinecall renders it', () => {
  it('null, undefined, booleans and "" render nothing; 0 and 42 are numbers; arrays, fragments and other tags are their children', async () => {
    const doc = agent({
      members: [render(`    <>
      {false}{null}{undefined}{""}{this.missing && <p>never</p>}
      {0}
      <p>
        Two   spaces and
        a break
      </p>
      {["a", <p>b</p>, [<p>c</p>]]}
      <>
        <>nested</>
      </>
      {42}
      <div><p>inside a div</p></div>
    </>`)],
    });
    expect(await renderedView(doc, {})).toEqual({ text: '0\n\nTwo spaces and a break\n\na\n\nb\n\nc\n\nnested\n\n42\n\ninside a div' });
  });

  it('inside a <p> children are inline: strings as written, numbers, nothing for a falsy one', async () => {
    const doc = agent({ members: [render('    <p>Hello {this.name}, you have {this.count} slots{this.vip && " (VIP)"}{[".", ""]}</p>')] });
    expect(await renderedView(doc, { name: 'Ana', count: 3, vip: false })).toEqual({ text: 'Hello Ana, you have 3 slots.' });
  });

  it("Pinecall's own components imported from @pinecall/agents: Section, Rules, Rule, Example", async () => {
    const doc = agent({
      agentsImports: ['Section', 'Rules', 'Rule', 'Example'],
      members: [render(`    <Section title="Booking">
      <p>Offer two slots.</p>
      <Rules>
        <Rule>One question per turn.</Rule>
        <Rule>Never invent a time.</Rule>
      </Rules>
      <Example><p>Monday at nine or at ten?</p></Example>
    </Section>`)],
    });
    expect(await renderedView(doc, {})).toEqual({
      text: '## Booking\n\nOffer two slots.\n\n<rules>\n- One question per turn.\n- Never invent a time.\n</rules>\n\n<example>\nMonday at nine or at ten?\n</example>',
    });
    // They are the sandbox's own: no need, nothing to mock.
    expect(viewNeeds(doc)).toEqual([]);
  });

  it('a helper method that returns JSX is called from render(), and a tool beside it still runs', async () => {
    const members = [
      'private slotLine(slot: string) {\n  return <p>Slot {slot}</p>;\n}',
      'get count(): number {\n  return this.slots.length;\n}',
      render('    <>{this.slots.map((s: string) => this.slotLine(s))}<p>{this.count} in all</p></>'),
    ];
    const doc = agent({ members });
    expect(await renderedView(doc, { slots: ['a', 'b'] })).toEqual({ text: 'Slot a\n\nSlot b\n\n2 in all' });
    const tool: Tool = { ...doc.tools[0], kind: 'function', name: 'count_slots', implementation: 'return this.count;', parameters: { type: 'object', properties: {} } };
    expect(await sandboxToolRunner(doc).run(tool, {}, { slots: ['a'] }, {})).toMatchObject({ result: 1 });
  });

  it('a render() that returns a promise is refused; one that does not transpile says where', async () => {
    expect(await renderedView(agent({ members: ['async render() {\n  return <p>late</p>;\n}'] }), {})).toEqual({
      text: '', error: 'render() returned a promise; Pinecall renders a view synchronously', failure: 'thrown',
    });
    const broken = await renderedView(agent({ members: ['render() {\n  return (<p>unclosed);\n}'] }), {});
    expect(broken).toMatchObject({ text: '', failure: 'syntax' });
    expect(broken.error).toMatch(/^render\(\) line \d+:\d+: /);
  });
});

describe('@render(Component)', () => {
  it('a component declared in the file is called with the instance: state, stage and getters', async () => {
    const doc = agent({
      classDecorators: ['@render(SupportPrompt)'],
      before: [
        'const SupportPrompt = ({ stage, order, label }: Support) => (\n  <>\n    {stage === "identify" && <p>Ask for the order number.</p>}\n    {order && <p>About order {order} ({label}).</p>}\n  </>\n);',
      ],
      members: ['get label(): string {\n  return this.order ? "known" : "unknown";\n}'],
    });
    expect(await renderedView(doc, { stage: 'resolve', order: 'TS-8001' })).toEqual({ text: 'About order TS-8001 (known).' });
    expect(await renderedView(doc, { stage: 'identify', order: null })).toEqual({ text: 'Ask for the order number.' });
  });

  it('an imported component is a need, named like the others; its mock answer is the text', async () => {
    const kept = { classDecorators: ['@render(SupportPrompt)'], imports: ['import { SupportPrompt } from "./prompt";'] };
    const message = 'render() needs SupportPrompt (imported from "./prompt"), which cannot run in the simulator; give it a mock answer';
    expect(await renderedView(agent(kept), { stage: 'identify' })).toEqual({
      text: '', error: message, failure: 'needs-mock', needs: [{ helper: 'SupportPrompt', kind: 'import', from: './prompt' }],
    });
    expect(viewNeeds(agent(kept))).toEqual([{ helper: 'SupportPrompt', kind: 'import', from: './prompt', via: [], mocked: false }]);
    const mocked = agent(kept, { SupportPrompt: 'Ask for the order number.' });
    expect(await renderedView(mocked, { stage: 'identify' })).toEqual({ text: 'Ask for the order number.' });
    expect(viewNeeds(mocked)[0].mocked).toBe(true);
  });
});

describe('this.log in the sandbox', () => {
  const logTool = (implementation: string): Tool => ({ ...sampleAgent().tools[0], kind: 'function', name: 'book', implementation, parameters: { type: 'object', properties: {} } });

  it('a tool and the helpers it calls log named facts, copied when logged; they are kept when the tool throws after', async () => {
    const doc = agent({ members: ['private note(what: string) {\n  this.log("helper.noted", what);\n}'] });
    const runner = sandboxToolRunner(doc);
    const ok = await runner.run(logTool('const slot = { when: "Mon" };\nthis.log("slot.picked", slot);\nslot.when = "Tue";\nthis.note("x");\nthis.log("done");\nreturn 1;'), {}, {}, {});
    expect(ok).toEqual({ result: 1, writes: {}, logs: [], logged: [{ name: 'slot.picked', data: { when: 'Mon' } }, { name: 'helper.noted', data: 'x' }, { name: 'done' }] });
    const thrown = await runner.run(logTool('this.log("tried", { n: 1 });\nthrow new Error("agenda down");'), {}, {}, {});
    expect(thrown).toMatchObject({ error: 'agenda down', failure: 'thrown', logged: [{ name: 'tried', data: { n: 1 } }] });
  });

  it("a class's own log method wins over Pinecall's, as an override does; log is never a state field", async () => {
    const doc = agent({ members: ['log(name: string): string {\n  return "own " + name;\n}'] });
    expect(await sandboxToolRunner(doc).run(logTool('return [this.log("x"), Object.keys(this)];'), {}, { n: 0 }, {})).toEqual({ result: ['own x', ['n']], writes: {}, logs: [] });
  });
});
