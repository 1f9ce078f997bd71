// Payloads of security issue 30, points 1 and 2: files read on behalf of an agent must stay inside
// its folder. A red team showed the CLI reading a helper that is a symbolic link (to ~/.npmrc, or a
// folder link to /) into `convert --to json` and `diff --format-details`, and an import written
// with backslashes (`./..\..\..\Users\me\.npmrc`) leaving the folder on Windows. Each payload here
// says what must become of it; the CLI suite (test/cli/folders.test.ts), the property test of the
// path check (src/cli/within.property.test.ts) and the app's .zip and folder readers
// (src/panels/import/folder-refusals.test.ts) use them. Nothing but fflate is imported.
import { strToU8, zipSync, type ZipAttributes } from 'fflate';

/** What an outside file holds: a text no output may ever contain. */
export const FOLDER_MARKER = 'CALLBOARD-OUTSIDE-7f3a9c-npm_s3cr3t';

/**
 * An outside file as the attack chose it: a `.npmrc` (whose lines TypeScript reads as comments, so
 * read as a helper it parses and would be kept, whole, in the agent's saved folder).
 */
export const SECRET_NPMRC = `//registry.npmjs.org/:_authToken=${FOLDER_MARKER}\nemail=me@example.com\n`;

/** An outside helper that is valid TypeScript and exports what the agent imports: read, it would run and print. */
export const SECRET_HELPER = `// ${FOLDER_MARKER}\nexport const token = "${FOLDER_MARKER}";\nexport function agendaFor(day: string) {\n  return [{ day, time: "${FOLDER_MARKER}" }];\n}\nexport const MAX_SLOTS = 3;\n`;

/** An ordinary helper inside the folder: the rest of the agent still loads with it. */
export const INSIDE_HELPER = 'export function greet(name: string) {\n  return `Hola ${name}`;\n}\n';

/**
 * A Pinecall agent importing a name from each of `specifiers` (one import line each, from line 3
 * on: `imported(i)` is the name, line `3 + i`) and `greet` from ./hello (inside). Its tool calls them all.
 */
export function agentImporting(specifiers: readonly string[]): string {
  const lines = specifiers.map((s, i) => `import { ${imported(i)} } from ${JSON.stringify(s)};`);
  const calls = specifiers.map((_, i) => imported(i)).join(', ');
  return [
    'import { Agent, tool } from "@pinecall/agents";',
    'import { greet } from "./hello";',
    ...lines,
    '',
    '/** You look things up. */',
    'export default class Look extends Agent {',
    '  /** Look it up. */',
    '  @tool()',
    '  async look(q: string) {',
    `    return [greet(q), ${calls || '0'}];`,
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The local name the payload agent imports from its i-th specifier. */
export const imported = (i: number): string => `outside${i}`;

/** The 1-based line of the i-th payload import in agentImporting's text. */
export const importLine = (i: number): number => 3 + i;

/**
 * Import specifiers that must be refused before anything is read, whatever the system: each with
 * what the refusal says. Written as in the source (a TypeScript string's `\\` is one backslash).
 */
export const REFUSED_SPECIFIERS: { specifier: string; says: RegExp; what: string }[] = [
  { specifier: '../secret', says: /leads out of the agent's folder/, what: '`..` past the folder' },
  { specifier: './lib/../../secret', says: /leads out of the agent's folder/, what: '`..` past the folder, after a folder' },
  { specifier: './..\\..\\..\\Users\\me\\.npmrc', says: /leads out of the agent's folder, which is all Callboard reads \("\\" separates folders on Windows/, what: 'the red team\'s backslash escape' },
  { specifier: '.\\..\\secret', says: /leads out of the agent's folder/, what: 'a backslash escape written `.\\`' },
  { specifier: '..\\secret', says: /leads out of the agent's folder/, what: 'a backslash escape written `..\\`' },
  { specifier: './lib\\hours', says: /separates folders with "\\".*Callboard reads no file for it; write "\.\/lib\/hours"/, what: 'a backslash inside the folder: refused the same way, never read two ways' },
  { specifier: '/etc/passwd', says: /is an absolute path: it leads out of the agent's folder/, what: 'a POSIX absolute path' },
  { specifier: 'C:\\x', says: /names a drive: it leads out/, what: 'a Windows absolute path' },
  { specifier: 'C:/x', says: /names a drive: it leads out/, what: 'a Windows absolute path with `/`' },
  { specifier: 'c:x', says: /names a drive: it leads out/, what: 'a drive-relative path' },
  { specifier: './C:/Users/me/.npmrc', says: /names a drive: it leads out/, what: 'a drive after `./`' },
  { specifier: '\\\\server\\share\\x', says: /names a network share: it leads out/, what: 'a UNC path' },
  { specifier: '//server/share/x', says: /names a network share: it leads out/, what: 'a UNC path with `/`' },
  { specifier: '\\x', says: /is an absolute path: it leads out/, what: 'the current drive\'s root' },
  { specifier: './agenda\u0000.png', says: /holds a NUL character.*Callboard reads no file for it/, what: 'a NUL byte' },
  { specifier: './agenda.ts:secret', says: /holds ":".*Callboard reads no file for it/, what: 'a Windows alternate data stream' },
];

/** A .zip entry: a file, or a symbolic link (Unix mode 0o120777, as Info-ZIP stores one) or a Windows reparse point whose data is its target. */
export interface ZipPayloadEntry {
  name: string;
  text: string;
  link?: 'unix' | 'windows';
}

/** The bytes of a .zip holding `entries` (fflate, with the external attributes that mark a link). */
export function zipOf(entries: readonly ZipPayloadEntry[]): Uint8Array<ArrayBuffer> {
  const files: Record<string, [Uint8Array, ZipAttributes]> = {};
  for (const e of entries) {
    const attrs: ZipAttributes = e.link === 'unix'
      ? { os: 3, attrs: ((0o120777 << 16) >>> 0) }
      : e.link === 'windows' ? { os: 0, attrs: 0x400 | 0x20 } : {};
    files[e.name] = [strToU8(e.text), attrs];
  }
  return new Uint8Array(zipSync(files));
}

/**
 * .zip entry names that must be refused (never read as a file of the folder): each with the path
 * an import reaches it at (`\` read as a separator), or undefined when no import can.
 */
export const REFUSED_ENTRY_NAMES: { name: string; at?: string; what: string }[] = [
  { name: 'lib\\..\\..\\secret.ts', what: 'a backslash escape' },
  { name: 'lib\\hours.ts', at: 'lib/hours.ts', what: 'a backslash separator' },
  { name: '/etc/secret.ts', what: 'an absolute path' },
  { name: 'C:/Users/me/secret.ts', what: 'a drive' },
  { name: 'C:\\Users\\me\\secret.ts', what: 'a drive with backslashes' },
  { name: '\\\\server\\share\\secret.ts', what: 'a UNC path' },
  { name: 'agenda\u0000.ts', what: 'a NUL byte' },
];
