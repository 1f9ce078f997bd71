// What a command's options are, shared by args.ts and each command's own argument reader.
export interface OptionSpec {
  /** Long name, without dashes; the key in the parsed options. */
  name: string;
  short?: string;
  takesValue: boolean;
  /** May be given several times; its values are kept in order as a list. */
  repeatable?: boolean;
}

/** Parsed options: a flag is `true`, a value a string, a repeatable option a list of strings. */
export type Options = Map<string, string | true | string[]>;
