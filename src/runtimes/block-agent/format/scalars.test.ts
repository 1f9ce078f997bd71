// A plain YAML scalar in a place the document holds as text, read as something else than what is
// written: a warning at its line:column that says what it was read as and how to quote it.
import { describe, expect, it } from 'vitest';
import { parse, parseDocument, type Node } from 'yaml';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentTools, importBlockAgentYaml, type ImportWarning } from './import';
import { misreading } from './scalars';

/** 1-based line and column of `value`, the first time it stands after `before`. */
function at(text: string, before: string, value: string) {
  const start = text.indexOf(before);
  if (start < 0) throw new Error(`no ${before} in the text`);
  const offset = text.indexOf(value, start + before.length);
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

function imported(text: string) {
  const result = importBlockAgentYaml(text);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return result;
}

const TEXT = `personality: 007
blocks:
  - block_id: 1.10
    name: Intake
    tools:
      - type: function
        function:
          name: pick
          description: 0x1F
          parameters:
            type: object
            properties:
              code: {type: string, description: 1e3, enum: [yes, no, on, off, 007, "08", plain]}
              count: {type: number, enum: [1, 2.50]}
              maybe: {type: [string, "null"], enum: [a, null]}
              007: {type: string}
            required: [code, 1.0]
    turns:
      - turn_id: t1
        name: ask
        content: ~
        edges:
          - {type: edge, conditions: [{source: tools, tool: pick, field: code, expected_value: .5}], connect_to: {turn_id: t2}}
          - {type: edge, conditions: [{nlu: off}], connect_to: {turn_id: t2}}
      - turn_id: t2
        name: bye
        content: null
        edges:
          - {type: loop, conditions: [{source: tools, tool: pick, expected_value: true}]}
    looping: {threshold: 2, messages: [Bye., yes], kpis: [1:30]}
`;

/** Each misread scalar of TEXT: where it stands (after `before`) and the start of what the warning says. */
const EXPECTED: [before: string, value: string, message: string][] = [
  ['personality: ', '007', 'personality: 007 is read as the number 7, so the text becomes "7"; write "007", in quotes, to keep it as written'],
  ['block_id: ', '1.10', 'block_id: 1.10 is read as the number 1.1, so the text becomes "1.1"; write "1.10", in quotes'],
  ['description: ', '0x1F', 'pick\'s description: 0x1F is read as the number 31, so the text becomes "31"; write "0x1F", in quotes'],
  ['code: {type: string, description: ', '1e3', 'pick\'s parameter code, description: 1e3 is read as the number 1000, not as text; write "1e3", in quotes'],
  ['enum: [', 'yes', 'pick\'s parameter code, enum of a string: yes is text to this reader, but YAML 1.1 readers (PyYAML among them) read it as the boolean true; write "yes", in quotes'],
  ['enum: [yes, ', 'no', 'pick\'s parameter code, enum of a string: no is text to this reader, but YAML 1.1 readers (PyYAML among them) read it as the boolean false; write "no"'],
  ['enum: [yes, no, ', 'on', 'pick\'s parameter code, enum of a string: on is text to this reader, but YAML 1.1 readers (PyYAML among them) read it as the boolean true; write "on"'],
  ['enum: [yes, no, on, ', 'off', 'pick\'s parameter code, enum of a string: off is text to this reader, but YAML 1.1 readers (PyYAML among them) read it as the boolean false; write "off"'],
  ['enum: [yes, no, on, off, ', '007', 'pick\'s parameter code, enum of a string: 007 is read as the number 7, not as text; write "007", in quotes'],
  ['maybe: {type: [string, "null"], enum: [a, null]}\n              ', '007', 'a key: 007 is read as the number 7, so the text becomes "7"; write "007", in quotes'],
  ['required: [code, ', '1.0', 'pick\'s parameters, required: 1.0 is read as the number 1, not as text; write "1.0", in quotes'],
  ['content: ', '~', 'a turn\'s content: ~ is read as no value (null), not as the text ~; write "~", in quotes, to keep the text'],
  ['expected_value: ', '.5', 'expected_value: .5 is read as the number 0.5, so the text becomes "0.5"; write ".5", in quotes'],
  ['nlu: ', 'off', 'nlu (a sentence): off is text to this reader, but YAML 1.1 readers (PyYAML among them) read it as the boolean false; write "off", in quotes'],
  ['name: bye\n        content: ', 'null', 'a turn\'s content: null is read as no value (null), not as the text null; write "null", in quotes, to keep the text'],
  ['messages: [Bye., ', 'yes', 'each of messages: yes is text to this reader, but YAML 1.1 readers (PyYAML among them) read it as the boolean true; write "yes"'],
  ['kpis: [', '1:30', 'each of kpis: 1:30 is text to this reader, but YAML 1.1 readers (PyYAML among them) read it as the number 90; write "1:30"'],
];

describe('a plain scalar in a text place that YAML reads otherwise', () => {
  const { doc, warnings } = imported(TEXT);
  const misread = (w: ImportWarning) => / is read as | is text to this reader/.test(w.message);

  it.each(EXPECTED)('after %j, %s is a warning at its line:column that says what it was read as and to quote it', (before, value, message) => {
    const place = at(TEXT, before, value);
    const found = warnings.filter((w) => w.line === place.line && w.column === place.column);
    expect(found.map((w) => w.message)).toEqual([expect.stringContaining(message)]);
  });

  it('warns nowhere else: quoted text, numbers where numbers belong, null in a nullable enum, true as the text "true"', () => {
    expect(warnings.filter(misread).length).toBe(EXPECTED.length);
  });

  it('changes no value: the document holds what YAML read, as before', () => {
    expect(doc.persona).toBe('7');
    expect(doc.blocks[0].ref).toBe('1.1');
    expect(doc.tools[0].description).toBe('31');
    expect(doc.tools[0].parameters.properties?.code.enum).toEqual(['yes', 'no', 'on', 'off', 7, '08', 'plain']);
    expect(Object.keys(doc.tools[0].parameters.properties ?? {})).toContain('7');
    expect(doc.stages.map((s) => s.instructions)).toEqual(['', '']);
  });

  it('is warned in a bare list of tools too', () => {
    const text = '- type: function\n  function: {name: t, description: yes, parameters: {type: object, properties: {a: {type: string, default: 010}}}}\n';
    const result = importBlockAgentTools(text);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.warnings).toEqual([
      { ...at(text, 'description: ', 'yes'), message: expect.stringContaining("t's description: yes is text to this reader") },
      { ...at(text, 'default: ', '010'), message: expect.stringContaining("t's parameter a, default of a string: 010 is read as the number 10, not as text") },
    ]);
  });

  it('is said for a YAML 1.1 file as this reader reads it: `yes` is then the boolean true', () => {
    const { warnings: found, doc: read } = imported('%YAML 1.1\n---\npersonality: yes\nblocks: []\n');
    expect(read.persona).toBe('true');
    expect(found.filter(misread).map((w) => [w.line, w.column, w.message])).toEqual([
      [3, 14, 'personality: yes is read as the boolean true, so the text becomes "true"; write "yes", in quotes, to keep it as written'],
    ]);
  });
});

describe('misreading', () => {
  // One scalar under `x`, parsed as the importer parses (YAML 1.2, sources kept).
  const scalar = (source: string) => parseDocument(`x: ${source}`).get('x', true) as Node;
  it.each([
    ['007', 'the number 7'], ['1.10', 'the number 1.1'], ['0x1F', 'the number 31'], ['1e3', 'the number 1000'],
    ['.5', 'the number 0.5'], ['+12', 'the number 12'], ['0o17', 'the number 15'], ['True', 'the boolean true'],
    ['~', 'no value (null)'], ['null', 'no value (null)'], ['NULL', 'no value (null)'],
    ['yes', 'the boolean true'], ['No', 'the boolean false'], ['ON', 'the boolean true'], ['off', 'the boolean false'],
    ['1:30', 'the number 90'], ['1_000', 'the number 1000'], ['0b101', 'the number 5'],
  ])('%s reads as %s', (source, what) => {
    expect(misreading(scalar(source), true)).toContain(what);
    expect(misreading(scalar(source), true)).toContain(`write ${JSON.stringify(source)}, in quotes`);
  });

  it.each(['"007"', "'yes'", 'plain words', 'true', '12', '-3', 'a, b', '|\n  007\n'])('%s is read as written', (source) => {
    expect(misreading(scalar(source), true)).toBeUndefined();
  });
});

describe('the export', () => {
  it('quotes text a YAML 1.1 reader would read otherwise, so every reader reads it back as text', () => {
    const { doc } = imported(TEXT);
    const text = exportBlockAgentYaml(doc).text;
    for (const word of ["'yes'", "'no'", "'on'", "'off'", "'1:30'"]) expect(text).toContain(word);
    expect(text).not.toMatch(/[[ ](yes|no|on|off)[,\]\n]/);
    const again = imported(text);
    // The 1.1 words are quoted now; what the first import read as numbers the document holds as numbers,
    // so the parameters' numbers where text belongs are said again (they are numbers there now), nothing else.
    expect(again.warnings.filter((w) => / is text to this reader/.test(w.message))).toEqual([]);
    expect(again.warnings.filter((w) => / is read as /.test(w.message)).map((w) => w.message.split(':')[0]))
      .toEqual(["pick's parameters, required", "pick's parameter code, description", "pick's parameter code, enum of a string"]);
    expect(parse(text)).toEqual(parse(exportBlockAgentYaml(again.doc).text));
  });
});
