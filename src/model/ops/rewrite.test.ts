import { describe, expect, it } from 'vitest';
import { tokenize } from './source-text';
import { renameFieldInWhen, renameIdentifier, renameInTemplate, renameMember, renameStageLiterals } from './rewrite';

describe('tokenize', () => {
  const samples = [
    'const a = "x // not a comment"; // a comment\nreturn `t ${a + `in ${b}`} end`;',
    "if (/\"/.test(s)) return a / b / c; /* block */ x = 'y';",
    'const o = { a: `${ { b: 1 }.b }` };',
    'unterminated "string',
  ];
  it('gives the source back exactly', () => {
    for (const src of samples) expect(tokenize(src).map((t) => t.text).join('')).toBe(src);
  });

  it('tells strings, comments, regex literals and template pieces from code', () => {
    const kinds = tokenize('x = "a"; // c\ny = /re/g; z = `p ${q} r`;').map((t) => `${t.kind}:${t.text}`);
    expect(kinds).toEqual(['code:x = ', 'string:"a"', 'code:; ', 'comment:// c', 'code:\ny = ', 'regex:/re/g', 'code:; z = ', 'template:`p ${', 'code:q', 'template:} r`', 'code:;']);
  });

  it('reads a / after an operand as division', () => {
    expect(tokenize('a / b / c').every((t) => t.kind === 'code')).toBe(true);
  });
});

describe('renameIdentifier', () => {
  const rename = (src: string) => renameIdentifier(src, 'phone', 'mobile', { keepObjectKeys: true });

  it('renames whole words in code, not members, strings, comments or longer words', () => {
    expect(rename('this.phone = phone; // phone\nconst phones = "phone";')).toBe('this.phone = mobile; // phone\nconst phones = "phone";');
  });

  it('renames inside template substitutions but not in their text', () => {
    expect(rename('`phone: ${phone}`')).toBe('`phone: ${mobile}`');
  });

  it('keeps object keys and expands shorthands so objects keep their shape', () => {
    expect(rename('return { name, phone };')).toBe('return { name, phone: mobile };');
    expect(rename('return { phone: phone, x: phone.trim() };')).toBe('return { phone: mobile, x: mobile.trim() };');
  });

  it('renames spread names and optional-call receivers', () => {
    expect(rename('f(...phone, phone?.x)')).toBe('f(...mobile, mobile?.x)');
  });

  it('without keepObjectKeys renames keys and shorthands too', () => {
    expect(renameIdentifier('{ phone, a: phone }', 'phone', 'mobile', { keepObjectKeys: false })).toBe('{ mobile, a: mobile }');
  });
});

describe('renameMember', () => {
  it('renames this.x and this?.x only', () => {
    expect(renameMember('this.slots = this?.slots ?? other.slots; slots;', 'this', 'slots', 'offered')).toBe(
      'this.offered = this?.offered ?? other.slots; slots;',
    );
  });
});

describe('renameFieldInWhen', () => {
  it('follows the arrow parameter name', () => {
    expect(renameFieldInWhen('(s) => s.slots.length > 0', 'slots', 'offered')).toBe('(s) => s.offered.length > 0');
    expect(renameFieldInWhen('state => state.slots && s.slots', 'slots', 'offered')).toBe('state => state.offered && s.slots');
    expect(renameFieldInWhen('(s: State): boolean => s.slots.length', 'slots', 'offered')).toBe('(s: State): boolean => s.offered.length');
  });

  it('follows function parameters and reads a bare expression as free fields', () => {
    expect(renameFieldInWhen('function (st) { return st.slots.length > 0; }', 'slots', 'offered')).toBe('function (st) { return st.offered.length > 0; }');
    expect(renameFieldInWhen('slots.length > 0 && verified', 'slots', 'offered')).toBe('offered.length > 0 && verified');
  });

  it('renames a destructured field with its uses', () => {
    expect(renameFieldInWhen('({ slots }) => slots.length > 0', 'slots', 'offered')).toBe('({ offered }) => offered.length > 0');
  });
});

describe('renameStageLiterals', () => {
  const rename = (src: string) => renameStageLiterals(src, 'choose', 'pick');

  it('renames literals assigned or compared to the stage field, either side, any quotes', () => {
    expect(rename('this.stage = "choose";')).toBe('this.stage = "pick";');
    expect(rename("s.stage === 'choose' || stage !== `choose`")).toBe("s.stage === 'pick' || stage !== `pick`");
    expect(rename('if ("choose" == this.stage) x();')).toBe('if ("pick" == this.stage) x();');
  });

  it('renames case labels under a switch on the stage, not under other switches', () => {
    expect(rename('switch (this.stage) { case "choose": break; }')).toBe('switch (this.stage) { case "pick": break; }');
    expect(rename('switch (visit) { case "choose": break; }')).toBe('switch (visit) { case "choose": break; }');
  });

  it('leaves the word in prose, comments and unrelated strings', () => {
    const src = '// back to choose\nconst hint = "choose a day";\nthis.mode = "choose";\nthis.stageName = "choose";';
    expect(rename(src)).toBe(src);
  });
});

describe('renameInTemplate', () => {
  it('renames placeholders with spaces, filters, members and statements', () => {
    const text = 'Hi {{ caller_name }}, {{caller_name|title}} {{- caller_name.first -}} {% if caller_name %}x{% endif %} {{ caller_names }}';
    expect(renameInTemplate(text, 'caller_name', 'full_name')).toBe(
      'Hi {{ full_name }}, {{full_name|title}} {{- full_name.first -}} {% if full_name %}x{% endif %} {{ caller_names }}',
    );
  });

  it('leaves prose, members of other names and secret references alone', () => {
    const text = 'Say the secret caller_name. {{ result.caller_name }} {{secret:caller_name}}';
    expect(renameInTemplate(text, 'caller_name', 'x')).toBe(text);
    expect(renameInTemplate('{{ secret }} {{secret:KEY}}', 'secret', 'code')).toBe('{{ code }} {{secret:KEY}}');
  });
});
