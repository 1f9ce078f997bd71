// When a Pinecall class lets the model end the call (Pinecall 0.11's environment): `hangup = True`
// (whenever it judges the call done) or `hangup = "…"` (when, in the class's words) in Python,
// `static hangup = true | "…"` in TypeScript. The SDK sends it as `{"when": "…"}` (pinecall
// 0.11.24 `_opening.py`); the platform then offers the model livekit's `end_call` tool, its
// description that tool's own followed by the class's words and a rule to say goodbye in the same
// reply (pinecall/runtime `session/session.py` `_declared`, read at 25bec35). Read from the
// members the importers kept as written, without running code.
import type { AgentDocument } from '../../model';
import type { ToolSpec } from '../types';

export interface ClassHangup {
  /** The class's words for when the model may end the call; empty for `True`. */
  when: string;
}

/** The tool's name, livekit's `EndCallTool`. */
export const END_CALL = 'end_call';

/**
 * livekit-agents' END_CALL_DESCRIPTION, as the wheels the runtime's range installs hold it
 * (`livekit-agents>=1.8.3,<2`: 1.8.3 and 1.8.9, the newest on PyPI on 2026-12-06, agree;
 * `beta/tools/end_call.py`), with its newlines at both ends: `function_tool` sends the description
 * as given, and the tool's is `f"{END_CALL_DESCRIPTION}\n{extra_description}"`.
 */
const END_CALL_DESCRIPTION = "\nEnds the current call and disconnects immediately.\n\nCall when:\n- The user clearly indicates they are done (e.g., “that’s all, bye”).\n\nDo not call when:\n- The user asks to pause, hold, or transfer.\n- Intent is unclear.\n\nThis is the final action the agent can take.\nOnce called, no further interaction is possible with the user.\nDon't generate any other text or response when the tool is called.\n";

/** pinecall/runtime `SAY_GOODBYE_FIRST`: nothing said after the call is heard. */
const SAY_GOODBYE_FIRST = 'Say your goodbye in the same reply in which you call this, before the call: nothing you say after it is heard, and nothing is generated for you.';

/** A string literal as Python or TypeScript writes it, when it is one (no escapes beyond JSON's, no interpolation). */
function literalText(source: string): string | undefined {
  const text = source.trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(text)) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return undefined;
    }
  }
  if (/^'(?:[^'\\]|\\.)*'$/.test(text)) return text.slice(1, -1).replace(/\\'/g, "'");
  if (/^`[^`$\\]*`$/.test(text)) return text.slice(1, -1);
  return undefined;
}

/** The class's hangup, if its kept members declare one with a value read without running code. */
export function classHangup(doc: AgentDocument): ClassHangup | undefined {
  if (doc.target !== 'pinecall') return undefined;
  const python = doc.language === 'python';
  const kept = (python ? doc.preserved?.pinecallPython : doc.language === 'ruby' ? undefined : doc.preserved?.pinecall) as { members?: unknown } | undefined;
  const members = Array.isArray(kept?.members) ? kept.members.filter((m): m is string => typeof m === 'string') : [];
  const declared = python ? /^hangup\s*(?::[^=]+)?=\s*(.+?)\s*(?:#.*)?$/m : /^\s*static\s+(?:readonly\s+)?hangup\s*(?::[^=]+)?=\s*(.+?)\s*;?\s*$/m;
  for (const member of members) {
    const value = declared.exec(member)?.[1];
    if (value === undefined) continue;
    if (value === (python ? 'True' : 'true')) return { when: '' };
    const when = literalText(value);
    if (when !== undefined) return { when };
  }
  return undefined;
}

/** The `end_call` tool the platform offers a class that declares a hangup. */
export function endCallSpec(hangup: ClassHangup): ToolSpec {
  return {
    name: END_CALL,
    description: `${END_CALL_DESCRIPTION}\n${`${hangup.when}\n${SAY_GOODBYE_FIRST}`.trim()}`,
    parameters: { type: 'object', properties: {}, required: [] },
  };
}

/** Whether an offered spec is the platform's end_call (not a tool of the class's own of that name). */
export const isPlatformEndCall = (spec: ToolSpec): boolean => spec.name === END_CALL && spec.description.startsWith(END_CALL_DESCRIPTION);
