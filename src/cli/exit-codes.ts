// Every exit code of `callboard`, in one place (the README's "Exit codes" table is this list). A
// script or CI job may branch on them; they do not change meaning between versions.
//
// Chosen from what the commands did before there was a list: a missing or unreadable file was
// already a usage error (2), and tests and users rely on it, so it stays 2 rather than getting a
// code of its own. The one new code is 3: before, a bug in the CLI exited 1, which a deploy gate
// could not tell from "the agent has errors".

/** The command did its work and found nothing wrong (diff: the agents are the same; check: the gate passes). */
export const EXIT_OK = 0;
/**
 * The command ran and found something: lint errors, an agent file that does not import, a test
 * under its pass rate, a failed model call in simulate, two agents that differ (diff), a failed gate (check).
 */
export const EXIT_ERRORS = 1;
/**
 * The command could not run as asked: an unknown command or option, a bad value, a file that is
 * missing or unreadable or whose format cannot be told, a folder with no single agent in it, a
 * `check --target` the agent is not written for.
 */
export const EXIT_USAGE = 2;
/** The CLI itself failed (a bug): the message asks for a report. Never a verdict on the agent. */
export const EXIT_INTERNAL = 3;

/** The codes with what each means, as `callboard --help --json` and the help text list them. */
export const EXIT_CODES = [
  { code: EXIT_OK, meaning: 'ok: nothing wrong (diff: the same agent; check: the gate passes)' },
  { code: EXIT_ERRORS, meaning: 'findings: lint errors, a broken agent file, tests under their pass rate, a failed model call, agents that differ, a failed gate' },
  { code: EXIT_USAGE, meaning: 'usage: unknown command or option, a bad value, a missing or unreadable file, a --target the agent is not for' },
  { code: EXIT_INTERNAL, meaning: 'internal failure of the CLI (a bug; please report it)' },
] as const;

export const EXIT_CODES_HELP = `Exit codes: ${EXIT_CODES.map((c) => `${c.code} ${c.meaning.split(':')[0]}`).join(', ')}.`;
