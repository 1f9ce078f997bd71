// A number of seconds in the LLM settings (the timeout, the step budget): the field keeps its own
// text, so that a half-typed number ("0.") is not rewritten under the cursor, and only a value in
// range reaches the form; until then the last good one is kept, and the field says so.
export interface SecondsRange {
  min: number;
  max: number;
  /** A value to suggest in the error, e.g. 60. */
  example: number;
  /** What the number counts, as the error says it (default seconds) and its short form after a value. */
  unit?: { name: string; short: string };
}

const SECONDS = { name: 'seconds', short: 's' };

export function parseSeconds(text: string, { min, max }: SecondsRange): number | undefined {
  const seconds = Number(text);
  return text.trim() !== '' && Number.isFinite(seconds) && seconds >= min && seconds <= max ? seconds : undefined;
}

interface Props {
  label: string;
  /** How the error names the setting: "The timeout". */
  what: string;
  testId: string;
  title: string;
  range: SecondsRange;
  text: string;
  /** The form's value: the last text in range. */
  kept: number;
  onText(text: string, seconds: number | undefined): void;
}

export function SecondsField({ label, what, testId, title, range, text, kept, onText }: Props) {
  const valid = parseSeconds(text, range) !== undefined;
  return (
    <>
      <label className="llm-row">
        <span>{label}</span>
        <input
          data-testid={testId}
          type="number"
          min={range.min}
          max={range.max}
          step="any"
          value={text}
          aria-invalid={!valid}
          title={title}
          onChange={(e) => onText(e.target.value, parseSeconds(e.target.value, range))}
        />
      </label>
      {!valid && (
        <div className="llm-field-error" role="alert" data-testid={`${testId}-error`}>
          {what} is a number of {(range.unit ?? SECONDS).name} from {range.min} to {range.max}, e.g. {range.example}; until then {kept} {(range.unit ?? SECONDS).short} is kept.
        </div>
      )}
    </>
  );
}
