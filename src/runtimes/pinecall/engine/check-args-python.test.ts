// The Python argument check against what pinecall 0.11.24 (pydantic 2, lax mode) answered for the
// same calls: each expected message below is the SDK's own, from `_spec.validated` on the method
//   def f(self, name: str, n: int, x: float, ok: bool, kind: Literal["a", "b"], kind3: Literal["a", "b", "c"],
//         tags: list[str], addr: Addr, maybe: Optional[int] = None, num: Literal[1, 2] = 1)
// with `class Addr(TypedDict): street: str; floor: NotRequired[int]`, as Callboard's import reads it.
import { describe, expect, it } from 'vitest';
import { importPinecallPython } from '../format/python/import';
import { checkPythonArguments } from './check-args-python';

const CLASS = `from typing import Literal, Optional

from typing_extensions import NotRequired, TypedDict

from pinecall import Agent, tool


class Addr(TypedDict):
    street: str
    floor: NotRequired[int]


class Checks(Agent):
    """Checks."""

    @tool
    def f(self, name: str, n: int, x: float, ok: bool, kind: Literal["a", "b"], kind3: Literal["a", "b", "c"], tags: list[str], addr: Addr, maybe: Optional[int] = None, num: Literal[1, 2] = 1) -> dict:
        """Checks its arguments."""
        return {}
`;

const read = importPinecallPython(CLASS);
if (!read.ok) throw new Error(JSON.stringify(read.errors));
const tool = read.doc.tools[0];
const base = { name: 'a', n: 1, x: 1.5, ok: true, kind: 'a', kind3: 'a', tags: ['t'], addr: { street: 's' } };

// [case, arguments, the SDK's message or, when it passed, the values it converted]
const SDK: [string, Record<string, unknown>, string | Record<string, unknown>][] = [
  ['missing all', {}, 'f: name is required; n is required; x is required; ok is required; kind is required; kind3 is required; tags is required; addr is required'],
  ['extra', { ...base, zzz: 1 }, 'f: it takes no zzz'],
  ['name int', { ...base, name: 5 }, 'f: name: Input should be a valid string'],
  ['n str ok', { ...base, n: '25' }, { n: 25 }],
  ['n str bad', { ...base, n: 'two' }, 'f: n: Input should be a valid integer, unable to parse string as an integer'],
  ['n frac', { ...base, n: 2.5 }, 'f: n: Input should be a valid integer, got a number with a fractional part'],
  ['n whole float', { ...base, n: 2.0 }, { n: 2 }],
  ['n bool', { ...base, n: true }, { n: 1 }],
  ['n null', { ...base, n: null }, 'f: n: Input should be a valid integer'],
  ['n list', { ...base, n: [1] }, 'f: n: Input should be a valid integer'],
  ['x str ok', { ...base, x: '1.5' }, { x: 1.5 }],
  ['x str bad', { ...base, x: 'abc' }, 'f: x: Input should be a valid number, unable to parse string as a number'],
  ['x bool', { ...base, x: true }, { x: 1 }],
  ['ok str yes', { ...base, ok: 'yes' }, { ok: true }],
  ['ok str bad', { ...base, ok: 'maybe' }, 'f: ok: Input should be a valid boolean, unable to interpret input'],
  ['ok int 1', { ...base, ok: 1 }, { ok: true }],
  ['ok int 2', { ...base, ok: 2 }, 'f: ok: Input should be a valid boolean, unable to interpret input'],
  ['ok null', { ...base, ok: null }, 'f: ok: Input should be a valid boolean'],
  ['kind bad', { ...base, kind: 'c' }, "f: kind: Input should be 'a' or 'b'"],
  ['kind3 bad', { ...base, kind3: 'z' }, "f: kind3: Input should be 'a', 'b' or 'c'"],
  ['num bad', { ...base, num: 3 }, 'f: num: Input should be 1 or 2'],
  ['num str', { ...base, num: '1' }, 'f: num: Input should be 1 or 2'],
  ['tags str', { ...base, tags: 't' }, 'f: tags: Input should be a valid list'],
  ['tags int item', { ...base, tags: [1] }, 'f: tags.0: Input should be a valid string'],
  ['addr str', { ...base, addr: 's' }, 'f: addr: Input should be a valid dictionary'],
  ['addr missing', { ...base, addr: {} }, 'f: addr.street is required'],
  ['addr extra', { ...base, addr: { street: 's', z: 1 } }, 'f: it takes no addr.z'],
  ['addr floor str', { ...base, addr: { street: 's', floor: 'x' } }, 'f: addr.floor: Input should be a valid integer, unable to parse string as an integer'],
  ['maybe str', { ...base, maybe: 'x' }, 'f: maybe: Input should be a valid integer, unable to parse string as an integer'],
  ['maybe null', { ...base, maybe: null }, { maybe: null }],
  ['name null', { ...base, name: null }, 'f: name: Input should be a valid string'],
  ['name list', { ...base, name: ['a'] }, 'f: name: Input should be a valid string'],
];

describe('a Python tool\'s arguments, checked as pydantic checks them', () => {
  it.each(SDK)('%s', (_case, args, sdk) => {
    const checked = checkPythonArguments(tool, args);
    if (typeof sdk === 'string') expect(checked.error).toBe(sdk);
    else {
      expect(checked.error).toBeUndefined();
      expect(checked.args).toMatchObject(sdk);
    }
  });
});
