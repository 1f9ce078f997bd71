// TSX highlighting for Monaco. Its TypeScript grammar (a Monarch tokenizer) knows no JSX, so the
// apostrophe of `<p>Ask for the caller's name</p>` opened a string that ran to the end of the line.
// This grammar is TypeScript's with JSX states added: between a tag's `>` and its closing tag is
// text, `{…}` is code again, and a nested tag nests. Only models whose URI ends in .tsx use it (the
// Pinecall export preview); tool bodies stay plain TypeScript, where `<string>x` is a type cast.
import type { languages } from 'monaco-editor/editor';
import { conf as tsConf, language as tsLanguage } from 'monaco-editor/languages/definitions/typescript/typescript';

export const TSX_LANGUAGE_ID = 'typescript-jsx';

type Rule = languages.IMonarchLanguageRule;

/** Where an element starts in code: after whitespace (`&& <p>`, an indented `<>`) or `(`; `Promise<T>` has neither. */
const JSX_ENTRY: Rule[] = [
  [/\s+(?=<(?:[A-Za-z]|>))/, { token: '', next: '@jsxElement' }],
  [/\((?=<(?:[A-Za-z]|>))/, { token: 'delimiter.parenthesis', next: '@jsxElement' }],
];

const JSX_STATES: Record<string, Rule[]> = {
  // At the `<` of an element (or of a fragment `<>`).
  jsxElement: [
    [/<>/, { token: 'delimiter.html', switchTo: '@jsxChildren' }],
    [/(<)([\w$.-]+)/, ['delimiter.html', { token: 'tag', switchTo: '@jsxTag' }]],
    [/./, { token: '@rematch', next: '@pop' }],
  ],
  // Inside `<Tag …`: attributes until `>` (children follow) or `/>` (the element ends).
  jsxTag: [
    [/\/>/, { token: 'delimiter.html', next: '@pop' }],
    [/>/, { token: 'delimiter.html', switchTo: '@jsxChildren' }],
    [/[\w$-]+/, 'attribute.name'],
    [/=/, 'delimiter'],
    [/"[^"]*"|'[^']*'/, 'attribute.value'],
    [/\{/, { token: 'delimiter.bracket', next: '@jsxExpression' }],
    [/[ \t\r\n]+/, ''],
  ],
  // Between the tags: text (apostrophes and quotes are letters here), code in braces, nested tags.
  jsxChildren: [
    [/(<\/)([\w$.-]*)(>)/, ['delimiter.html', 'tag', { token: 'delimiter.html', next: '@pop' }]],
    [/<(?=[A-Za-z>])/, { token: '@rematch', next: '@jsxElement' }],
    [/\{/, { token: 'delimiter.bracket', next: '@jsxExpression' }],
    [/[^<{]+/, ''],
  ],
  // `{…}` in JSX: TypeScript until the matching brace.
  jsxExpression: [
    [/\{/, { token: 'delimiter.bracket', next: '@jsxExpression' }],
    [/\}/, { token: 'delimiter.bracket', next: '@pop' }],
    { include: 'common' },
  ],
};

/** TypeScript's grammar with the JSX states: pure data, registered by monaco-setup.ts. */
export function tsxLanguage(): languages.IMonarchLanguage {
  const { tokenizer } = tsLanguage;
  return { ...tsLanguage, tokenizer: { ...tokenizer, common: [...JSX_ENTRY, ...tokenizer.common], ...JSX_STATES } };
}

export function registerTsx(monaco: { languages: typeof languages }): void {
  if (monaco.languages.getLanguages().some((l) => l.id === TSX_LANGUAGE_ID)) return;
  monaco.languages.register({ id: TSX_LANGUAGE_ID, aliases: ['TypeScript JSX', 'tsx'] });
  monaco.languages.setMonarchTokensProvider(TSX_LANGUAGE_ID, tsxLanguage());
  monaco.languages.setLanguageConfiguration(TSX_LANGUAGE_ID, tsConf);
}

/** The language a model is tokenised with: TSX for a .tsx URI given as TypeScript. */
export const languageFor = (language: string, path: string): string => (language === 'typescript' && /\.tsx$/i.test(path) ? TSX_LANGUAGE_ID : language);
