/** What a read-only diff editor shows: the text before and after. */
export interface DiffTextProps {
  original: string;
  modified: string;
  language?: 'plaintext' | 'json' | 'typescript' | 'markdown';
  ariaLabel: string;
  /** Fold the lines both sides share, showing each change with a few lines around it (a long JSON). */
  hideUnchanged?: boolean;
}
