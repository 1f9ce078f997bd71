// A flag for speed ("express: true only if they need it back the next working day", "urgent",
// "asap", "same_day"): "there's no mad rush" is false, "as soon as you can" true (issue 32:
// "a required boolean … asked as a yes/no question" — and read when the caller says how soon,
// in the everyday words people use for it, never from a word the description merely holds).

/** A flag about how soon: by its name or its description. */
const ABOUT_SPEED = /\b(?:express|urgent|urgency|urgently|asap|rush|rushed|priority|quick|quickly|fast|faster|emergency|next[\s-]+(?:working\s+)?day|same[\s-]+day|speedy|expedited?)\b/i;

/** "No rush", "not in a hurry", "whenever suits", "take your time": no hurry. */
const NO_HURRY = /\b(?:no\s+(?:mad\s+|great\s+|real\s+|big\s+)?(?:rush|hurry|panic)|not\s+(?:in\s+)?(?:a\s+)?(?:mad\s+|great\s+|real\s+|big\s+)?(?:rush|hurry)|(?:not|isn['’]t|nothing)\s+(?:that\s+|very\s+|too\s+|at\s+all\s+)?urgent|whenever\s+(?:suits|is\s+easiest|you\s+can|works)|take\s+your\s+time|standard\s+(?:is|'s|’s)\s+fine|(?:the\s+)?normal\s+(?:one|service|turnaround)\s+(?:is|'s|’s)\s+fine)\b/i;

/** "As soon as possible", "it's urgent", "I need it back tomorrow": a hurry. */
const IN_A_HURRY = /\b(?:as\s+soon\s+as\s+(?:possible|you\s+can)|asap|(?:it['’]s|it\s+is|this\s+is)\s+(?:really\s+|quite\s+|very\s+)?urgent|urgently|in\s+a\s+(?:real\s+|bit\s+of\s+a\s+)?(?:hurry|rush)|quick\s+as\s+you\s+can|need\s+it\s+(?:back\s+)?(?:by\s+|for\s+)?tomorrow|the\s+express\s+one|go\s+express)\b/i;

/** The speed flag's value from the latest line, with its words; undefined when it says neither. */
export function flagBySpeed(name: string, description: string, line: string): { value: boolean; said: string } | undefined {
  if (!ABOUT_SPEED.test(`${name.replace(/_/g, ' ')} ${description}`)) return undefined;
  const no = NO_HURRY.exec(line);
  const yes = IN_A_HURRY.exec(line);
  if (no && !yes) return { value: false, said: no[0] };
  if (yes && !no) return { value: true, said: yes[0] };
  return undefined;
}
