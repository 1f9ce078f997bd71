// A value found in a caller's line: what it is, the words that gave it, where, and by which rule
// (the trace names the rule and the words, issue 32: "evidence that names which words").
export interface Found<T = string> {
  value: T;
  said: string;
  index: number;
  rule: string;
}
