import type { ProblemCount } from '../types';

const LABEL = { error: 'error', warning: 'warning', info: 'note' } as const;

export function ProblemBadge({ problems, testId }: { problems: ProblemCount | null; testId: string }) {
  if (!problems) return null;
  const more = problems.count > problems.messages.length ? `\n…and ${problems.count - problems.messages.length} more` : '';
  const title = `${problems.count} ${problems.count === 1 ? 'problem' : 'problems'} (worst: ${LABEL[problems.worst]})\n${problems.messages.map((m) => `• ${m}`).join('\n')}${more}`;
  return (
    <span className={`cb-problems sev-${problems.worst}`} title={title} data-testid={testId} aria-label={`${problems.count} problems`}>
      {problems.count}
    </span>
  );
}
