// For conformance/checks/c10_pinecall_sdk.py: the Jinja templates of
// test/fixtures/pinecall/jinja-views/cases.json as Callboard renders a Python class's kept view
// (src/simulator/jinja-view.ts, in the template sandbox). Prints one JSON array on standard output:
// each case as written, with `ours`: {text} (tidied), {raises: "Type: message"}, {needs: [names]},
// {unsupported} or {unreadable} (what Callboard says it does not render), or {failed} (the sandbox).
// With `--random N`, N more templates built from a fixed seed: expressions that mix the operators,
// filters and tests over values of every type (where the fixture has one of each, these have the
// combinations nobody wrote), the same fields for each.
// Usage: npx tsx conformance/node/pinecall-jinja-views.ts [--random N]
import { readFileSync } from 'node:fs';
import { pythonTemplateAnswer } from '../../src/simulator/jinja-view';
import { prepareTemplateSandbox } from '../../src/simulator/sandbox/templates';

interface Case { name: string; template: string; fields: Record<string, unknown>; floats?: string[]; remembered?: string[]; callboard?: string }

const VALUES = ['n', 'f', 's', 'e', 'l', 'd', 'z', 'b', 'u', '1', '0', '2.5', '-3', '"ab"', '""', '[1, 2]', '[]', 'none', 'true', 'missing', 'd.k', 'd.q', 'l[0]', 'l[9]', 'lst', 'words',
  '"a,b"', 's.split()', 's.lower()', 'd.get("k")', '(1, 2)', 'range(3)', '"%s-%d" % (s, n)', 'lst[1:]', 's[::2]'];
const OPERATORS = ['~', '<', '<=', '+', '-', '*', '/', '//', '%', '**', '==', '!=', '>=', 'in', 'not in', 'and', 'or'];
const FILTERS = ['length', 'string', 'upper', 'title', 'capitalize', 'int', 'float', 'abs', 'round', 'first', 'last', 'list', 'sort', 'sum', 'join(", ")', 'default("x")', 'trim',
  'tojson', 'reverse|list', 'unique|list', 'max', 'min', 'count', 'wordcount', 'center(9)', 'truncate(8)', 'format(1)', 'replace("a", "b")', 'int(5)', 'round(1)', 'dictsort', 'select|list'];
const TESTS = ['defined', 'undefined', 'none', 'number', 'string', 'odd', 'even', 'iterable', 'sequence', 'mapping', 'integer', 'float', 'boolean', 'true', 'lower', 'upper'];
const FIELDS = { n: 7, f: 1.5, s: 'Hello wOrld', e: '', l: [3, 1, 2], d: { k: 'v', b: 2 }, z: 0, b: false, u: null, lst: ['a', 'B', 'a'], words: ['pear', 'Apple', 'fig'] };

/** N templates from a fixed seed (a small linear congruential generator: the same N give the same templates everywhere). */
function randomCases(count: number): Case[] {
  let seed = 20261206;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const expr = (depth: number): string => {
    const r = next();
    if (depth > 2 || r < 0.35) return pick(VALUES);
    if (r < 0.5) return `(${expr(depth + 1)} ${pick(OPERATORS)} ${expr(depth + 1)})`;
    if (r < 0.6) return `(${expr(depth + 1)} ${pick(OPERATORS)} ${expr(depth + 1)} ${pick(OPERATORS)} ${expr(depth + 1)})`;
    if (r < 0.8) return `(${expr(depth + 1)} | ${pick(FILTERS)})`;
    if (r < 0.9) return `(${expr(depth + 1)} is ${next() < 0.5 ? 'not ' : ''}${pick(TESTS)})`;
    return `(not ${expr(depth + 1)})`;
  };
  return Array.from({ length: count }, (_, i) => {
    const kind = next();
    const e = expr(0);
    const template = kind < 0.6 ? `{{ ${e} }}` : kind < 0.8 ? `{% if ${e} %}Y{% else %}N{% endif %}` : `{% for x in ${e} %}[{{ x }}]{% endfor %}`;
    return { name: `random #${i}`, template, fields: FIELDS };
  });
}

async function main() {
  const at = process.argv.indexOf('--random');
  const count = at < 0 ? 0 : Number(process.argv[at + 1]);
  if (!Number.isInteger(count) || count < 0 || count > 5000) throw new Error('--random takes a whole number of templates up to 5000');
  const written = JSON.parse(readFileSync(new URL('../../test/fixtures/pinecall/jinja-views/cases.json', import.meta.url), 'utf8')) as Case[];
  const cases = [...written, ...randomCases(count)];
  const sandbox = await prepareTemplateSandbox();
  const out = cases.map((c) => {
    const input = JSON.stringify({ fields: c.fields, floats: c.floats ?? [], derived: {}, remembered: { facts: c.remembered ?? [] } });
    const ours = pythonTemplateAnswer(sandbox, c.template, input);
    return { ...c, ours: 'needs' in ours ? { needs: ours.needs.map((n) => n.helper) } : ours };
  });
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
