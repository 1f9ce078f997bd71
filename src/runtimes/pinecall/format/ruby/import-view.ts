// A Ruby class's view (`views/<slug>.erb`) as each stage's instructions, where it is one section per
// stage of text and placeholders; else kept whole (the simulator renders it: erb-view.ts).
import { SYMBOL, symbolName } from './scan';

/**
 * Each stage's instructions from the view, when the view is one `<% if stage == :x -%>` section
 * per stage of text and `<%= x %>` placeholders (read as `{{ x }}`), or, for a class without
 * stages, text and placeholders only. Any other ERB (an `elsif` chain, a loop, a condition on the
 * state) is the team's code: the view is kept as written, and `why` says what made it so.
 */
export function readView(view: string, stages: string[]): { sections?: Map<string, string>; why?: string } {
  const out = new Map<string, string>();
  const placeholders = (text: string) => text.replace(/<%=\s*([A-Za-z_][\w.]*)\s*%>/g, '{{ $1 }}');
  const code = (text: string) => /<%(?!=\s*[A-Za-z_][\w.]*\s*%>)/.exec(text);
  if (view.trim() === '') return { sections: out };
  if (!stages.length) {
    const found = code(view);
    if (found) return { why: `it runs ERB beyond placeholders (${view.slice(found.index, found.index + 30).split('\n')[0]})` };
    out.set('', placeholders(view.replace(/\n$/, '')));
    return { sections: out };
  }
  const section = new RegExp(`<% if stage == ${SYMBOL} -%>\\n([\\s\\S]*?)\\n<% end -%>\\n?`, 'g');
  let rest = view;
  for (const match of view.matchAll(section)) {
    const name = symbolName(match[1], match[2]);
    if (code(match[3])) return { why: `the section of ${name} runs ERB beyond placeholders` };
    if (out.has(name) || !stages.includes(name)) return { why: `it has a section for ${name} ${out.has(name) ? 'twice' : 'that is no stage'}` };
    out.set(name, placeholders(match[3]));
    rest = rest.replace(match[0], '');
  }
  if (rest.trim() !== '') return { why: `it has more than one section per stage (${rest.trim().split('\n')[0].slice(0, 40)})` };
  return { sections: out };
}
