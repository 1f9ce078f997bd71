// The one place the CLI's output passes on its way out (security issue 30, point 5): whatever a
// command prints to standard output or standard error, every character that would steer a terminal
// (ESC sequences, carriage returns, backspaces, C1 controls, bidirectional overrides) is shown as a
// visible escape instead. Line feeds and tabs pass: they are the report's own layout. A newline
// inside a name is the formatters' to escape (oneLineText), since only they know a line from a name.
//
// The CLI colours nothing today. Colour added later must not be written through here as data: it
// would be shown as `\x1b[31m`. Give it a channel of its own that takes styles, not text.
import { visibleText } from '../model/visible-text';
import type { CliIo } from './io';

export function visibleIo(io: CliIo): CliIo {
  return {
    ...io,
    out: (text) => io.out(visibleText(text)),
    err: (text) => io.err(visibleText(text)),
    // A converted file piped on is data: byte for byte what -o would write. Shown, it is text for a person.
    outFile: (text) => io.out(io.stdoutIsTerminal?.() ? visibleText(text) : text),
    // The status line's own redrawing is the raw io's; what it says (a test's name, say) is shown like any text.
    ...(io.status ? { status: (line: string | null) => io.status!(line === null ? null : visibleText(line).replace(/\n/g, ' ')) } : {}),
  };
}
