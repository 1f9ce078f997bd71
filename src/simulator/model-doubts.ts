// What the offline model says of its own answer beyond the answer itself (issue 32): a line its
// rules could not read, and the values it wrote only as guesses. The chat, the Turn inspector,
// "Save as test" and the CLI read them; a real model's answer carries neither.
/** What the offline model's rules could not decide (ModelResponse.undecided). */
export interface Undecided {
  line: string;
  why: string;
  /** The rules did read the line, but on evidence under the strict model's bar: a guess held back, not a line unread. */
  held?: true;
  tool?: string;
  read?: Record<string, unknown>;
}

/** A value the offline model wrote on weak evidence (ModelResponse.guesses). */
export interface Guess {
  /** The id of the tool call it is an argument of. */
  call: string;
  tool: string;
  param: string;
  value: unknown;
  /** The caller's words it was read from. */
  said: string;
  /** Each kind of evidence it stands on, and how often that kind was right on unseen agents (absent: never measured). */
  kinds: { kind: string; right?: number; of?: number }[];
}
