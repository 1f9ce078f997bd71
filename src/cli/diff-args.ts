import { formatOfFileName } from '../formats/file-format';
import { FORMATS_LIST } from './format-names';
import type { FileFormat as InputFormat } from '../formats/file-format';
import { UsageError } from './io';
import type { Options, OptionSpec } from './options';

export const DIFF_HELP = `Usage: callboard diff <A> <B> [options]

Compares two agents of any formats (.json, .yaml/.yml, .ts/.tsx) as agents, not as text:
each changed entity with old → new ("tool book: description: ..."), renames as one change,
text as a word diff ([-removed-]{+added+}). Entities are matched by id, then by name, so
two files imported separately (a YAML and a TypeScript export of one agent) compare by
what they mean.

  --json           The differences as data (one JSON array).
  --markdown       A summary table and, per stage, what the model sees before and after
                   (the system prompt and the tools offered, as unified diffs): for a
                   pull-request comment.
  --layout         Include canvas positions and sizes (left out by default).
  --format-details Include what a format keeps only for its own round trip.
  --from FORMAT    Input format of both files when their extensions do not say it.
  -h, --help       Show this help.

Exit codes, as diff(1): 0 the agents are the same, 1 they differ, 2 trouble (usage, a
file that cannot be read or is not an agent).

As a git driver (see the README): textconv shows an agent as its model view,
difftool runs "callboard diff $LOCAL $REMOTE".
`;

export const DIFF_OPTIONS: OptionSpec[] = [
  { name: 'json', takesValue: false },
  { name: 'markdown', takesValue: false },
  { name: 'layout', takesValue: false },
  { name: 'format-details', takesValue: false },
  { name: 'from', takesValue: true },
  { name: 'help', short: 'h', takesValue: false },
];

export interface DiffArgs {
  command: 'diff';
  a: string;
  b: string;
  from?: InputFormat;
  output: 'text' | 'json' | 'markdown';
  layout: boolean;
  formatDetails: boolean;
}

export function diffArgs(positional: string[], from: InputFormat | undefined, options: Options): DiffArgs {
  if (positional.length !== 2) throw new UsageError(`needs two agent files, A and B (got ${positional.length})`, 'diff');
  if (options.has('json') && options.has('markdown')) throw new UsageError('--json and --markdown: choose one', 'diff');
  for (const file of positional) {
    if (!from && file !== '-' && !formatOfFileName(file)) throw new UsageError(`cannot tell the format of ${file} from its extension; add --from ${FORMATS_LIST}`, 'diff');
  }
  return {
    command: 'diff', a: positional[0], b: positional[1], from,
    output: options.has('json') ? 'json' : options.has('markdown') ? 'markdown' : 'text',
    layout: options.has('layout'), formatDetails: options.has('format-details'),
  };
}
