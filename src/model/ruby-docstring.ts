// A Ruby comment as the model reads it (pinecall/ruby `Agent::Doc.one_line`, read at 51239fa3): its
// lines stripped, up to the first `@` tag line, blank ones dropped, joined by spaces. Here, on the
// model's floor, because the engine sends it and the format reads it.

export function rubyOneLine(block: readonly string[]): string {
  const said: string[] = [];
  for (const line of block.map((l) => l.trim())) {
    if (line.startsWith('@')) break;
    if (line !== '') said.push(line);
  }
  return said.join(' ');
}
