// Issue 36: module-level type aliases in a tool's hints, and a TypedDict's docstring in its `$defs`
// entry, read as the SDK reads them (pinecall 0.11.24 `_spec.arguments_model`: typing.get_type_hints
// over the module's globals, then pydantic 2.14). Each expected schema below is what the SDK built
// from the same class text (`spec.model_dump(exclude_none=True)["parameters"]`, run in
// conformance/.venv); each near miss is a class Callboard declines to read rather than guess.
import { describe, expect, it } from 'vitest';
import { withoutKeptSources } from '../../../../formats/kept-source';
import { exportPinecallPython } from './export';
import { importPinecallPython } from './import';
import { pyCleandoc } from './py-text';
import { pyToolSpecs } from './spec';

const HEAD = `from typing import Literal, Optional, TypeAlias

from typing_extensions import NotRequired, TypedDict

from pinecall import Agent, tool
`;

const ALIASES = `${HEAD}
Category = Literal["network", "hardware", "access"]
Priority: TypeAlias = Literal[1, 2, 3]
MaybeCategory = Optional[Category]


class CallerInfo(TypedDict):
    """Who is calling.

    Name and\tteam, as they say them.
    """
    name: str
    team: NotRequired[str]


Caller = CallerInfo
Callers = list[CallerInfo]


class Helpdesk(Agent):
    """Answers the IT helpdesk line."""

    @tool
    def classify(self, category: Category, priority: Priority = 2, also: Optional[Category] = None, tags: list[Category] = [], maybe: MaybeCategory = None) -> str:
        """Files the issue under a category."""
        return "ok"

    @tool
    def identify(self, caller: Caller, others: Callers = []) -> str:
        """Notes who is calling."""
        return "ok"
`;

const ENUM = { enum: ['network', 'hardware', 'access'], type: 'string' };
/** What pinecall 0.11.24 sends for ALIASES, tool by tool. */
const SDK: Record<string, unknown> = {
  classify: {
    additionalProperties: false,
    properties: {
      also: { anyOf: [ENUM, { type: 'null' }], default: null },
      category: ENUM,
      maybe: { anyOf: [ENUM, { type: 'null' }], default: null },
      priority: { default: 2, enum: [1, 2, 3], type: 'integer' },
      tags: { default: [], items: ENUM, type: 'array' },
    },
    required: ['category'],
    type: 'object',
  },
  identify: {
    $defs: {
      CallerInfo: {
        additionalProperties: false,
        description: 'Who is calling.\n\nName and    team, as they say them.',
        properties: { name: { type: 'string' }, team: { type: 'string' } },
        required: ['name'],
        type: 'object',
      },
    },
    additionalProperties: false,
    properties: { caller: { $ref: '#/$defs/CallerInfo' }, others: { default: [], items: { $ref: '#/$defs/CallerInfo' }, type: 'array' } },
    required: ['caller'],
    type: 'object',
  },
};

function read(text: string) {
  const out = importPinecallPython(text);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.doc;
}

function refusal(text: string): string[] {
  const out = importPinecallPython(text);
  return out.ok ? [] : out.errors.map((e) => `${e.line}: ${e.message}`);
}

const parameters = (text: string, tool: string) => pyToolSpecs(read(text)).find((s) => s.name === tool)?.parameters;

/** A class with one tool whose parameter `category` has the hint `hint`, the module's `module` above it and `after` below it. */
const withHint = (hint: string, module: string, after = '') => `${HEAD}
${module}


class Desk(Agent):
    """Answers."""

    @tool
    def classify(self, category: ${hint}) -> str:
        """Files it."""
        return "ok"
${after}`;

describe('a module-level type alias in a tool\'s hints is the type it names', () => {
  it('an alias of a Literal: the enum pydantic sends', () => {
    expect(parameters(ALIASES, 'classify')).toEqual(SDK.classify);
    expect(read(ALIASES).tools[0].parameters.properties!.category).toEqual({ type: 'string', enum: ['network', 'hardware', 'access'] });
  });

  it('near miss: an alias defined below the class is not resolved (the SDK refuses it: the name is not defined yet)', () => {
    const text = withHint('Category', '', '\n\nCategory = Literal["a", "b"]\n');
    expect(refusal(text)).toEqual([expect.stringMatching(/^\d+: tool classify, parameter category: the hint Category names the type alias on line \d+, below the hint/)]);
  });

  it('an alias used inside Optional[…] and list[…], and an alias of an Optional: what pydantic sends', () => {
    const props = (parameters(ALIASES, 'classify') as { properties: Record<string, unknown> }).properties;
    expect(props.also).toEqual((SDK.classify as { properties: Record<string, unknown> }).properties.also);
    expect(props.tags).toEqual((SDK.classify as { properties: Record<string, unknown> }).properties.tags);
    expect(props.maybe).toEqual((SDK.classify as { properties: Record<string, unknown> }).properties.maybe);
  });

  it('near miss: an alias assigned inside a function is not the module\'s, and is not resolved', () => {
    const text = withHint('Optional[Category]', 'def categories():\n    Category = Literal["a", "b"]\n    return Category');
    expect(refusal(text)).toEqual([expect.stringMatching(/^\d+: tool classify, parameter category: the hint Category names no type this file declares/)]);
  });

  it('an alias annotated `: TypeAlias` is an alias like any other', () => {
    expect((parameters(ALIASES, 'classify') as { properties: Record<string, unknown> }).properties.priority).toEqual({ default: 2, enum: [1, 2, 3], type: 'integer' });
    expect(parameters(withHint('Category', 'Category: TypeAlias = Literal["a", "b"]'), 'classify')).toMatchObject({ properties: { category: { enum: ['a', 'b'], type: 'string' } } });
  });

  it('near misses: a string alias (text, not a type), a name bound twice, an annotation other than TypeAlias: not resolved', () => {
    expect(refusal(withHint('Category', 'Category: TypeAlias = "Literal[\'a\']"'))).toEqual([expect.stringMatching(/the hint Category names no type this file declares/)]);
    expect(refusal(withHint('Category', 'Category = Literal["a"]\nCategory = Literal["b"]'))).toEqual([expect.stringMatching(/the hint Category names a name the module binds more than once/)]);
    expect(refusal(withHint('Category', 'Category: object = Literal["a"]'))).toEqual([expect.stringMatching(/the hint Category names no type this file declares/)]);
  });

  it('an alias whose value Callboard cannot read is kept as written, and the hint says so', () => {
    const text = withHint('Category', 'Category = Literal[pick()]');
    expect(refusal(text)).toEqual([expect.stringMatching(/the hint Category names the type alias on line 7, which Callboard cannot read as a type \(Literal\[…\] takes strings alone/)]);
  });

  it('`type X = …` (Python 3.12): @lezer/python parses it, and the importer says it does not read it rather than guess (pydantic makes it a $defs entry of its own)', () => {
    const text = withHint('Category', 'type Category = Literal["a", "b"]');
    expect(refusal(text)).toEqual([expect.stringMatching(/the hint Category names `type Category = …` \(line 7\), Python 3\.12's type statement: pydantic gives such an alias its own \$defs entry/)]);
  });

  it('an alias of a TypedDict, alone and in list[…]: the class\'s own $defs entry', () => {
    expect(parameters(ALIASES, 'identify')).toEqual(SDK.identify);
  });

  it('near miss: an alias of a TypedDict declared below the alias is not resolved (Python has not run the class yet)', () => {
    const text = withHint('Caller', 'Caller = CallerInfo\n\n\nclass CallerInfo(TypedDict):\n    name: str');
    expect(refusal(text)).toEqual([expect.stringMatching(/the hint Caller names the type alias on line 7, which Callboard cannot read as a type \(the type alias on line 7 names CallerInfo, which is declared below it/)]);
  });
});

const DOCS = `from typing_extensions import TypedDict

from pinecall import Agent, tool


class Plain(TypedDict):
    street: str


class Blank(TypedDict):
    """   """
    street: str


class Spaced(TypedDict):
    """  Where it is.   

          Kept indented.
      Margin line.
          
    """
    street: str


class Places(Agent):
    """Finds places."""

    @tool
    def find(self, plain: Plain, blank: Blank, spaced: Spaced) -> str:
        """Finds one."""
        return "ok"
`;

describe('a TypedDict\'s docstring is its $defs entry\'s description, as pydantic reads it (inspect.cleandoc)', () => {
  const defs = () => (parameters(DOCS, 'find') as { $defs: Record<string, { description?: string }> }).$defs;

  it('the docstring cleaned as inspect.cleandoc cleans it: tabs expanded, the margin off, trailing spaces and a line of spaces kept', () => {
    expect(defs().Spaced.description).toBe('Where it is.   \n\n    Kept indented.\nMargin line.\n    ');
    expect(parameters(ALIASES, 'identify')).toMatchObject({ $defs: { CallerInfo: { description: 'Who is calling.\n\nName and    team, as they say them.' } } });
  });

  it('near misses: a TypedDict without a docstring has no description; `""""""` has none either; `"""   """` has an empty one', () => {
    expect(defs().Plain).not.toHaveProperty('description');
    expect(defs().Blank.description).toBe('');
    expect(parameters(DOCS.replace('"""   """', '""""""'), 'find')).not.toHaveProperty(['$defs', 'Blank', 'description']);
  });

  it('pyCleandoc is inspect.cleandoc (Python 3.11)', () => {
    expect(pyCleandoc('  a\n\tb\n\t  c\n')).toBe('a\nb\n  c');
    expect(pyCleandoc('a\n   ')).toBe('a\n   ');
    expect(pyCleandoc('\n\n  x\n  ')).toBe('x');
  });
});

describe('the export writes the aliases and the TypedDict back', () => {
  it.each([['aliases', ALIASES], ['docstrings', DOCS]])('%s: unchanged, the class comes back byte for byte', (_name, text) => {
    expect(exportPinecallPython(read(text)).text).toBe(text);
  });

  it('written whole (no kept file), the class says the same: the alias kept, the TypedDict with its docstring above the alias that names it', () => {
    const doc = read(ALIASES);
    const fresh = exportPinecallPython(withoutKeptSources(doc)).text;
    expect(fresh).toContain('Category = Literal["network", "hardware", "access"]');
    expect(fresh.indexOf('class CallerInfo(TypedDict):\n    """Who is calling.')).toBeGreaterThan(-1);
    expect(fresh.indexOf('class CallerInfo(TypedDict)')).toBeLessThan(fresh.indexOf('Caller = CallerInfo'));
    expect(pyToolSpecs(read(fresh))).toEqual(pyToolSpecs(doc));
  });
});
