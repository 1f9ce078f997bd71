// unicode-confusables 0.1.1 ships its declarations as `index.ts.d`, which its package.json's
// `types: index.d.ts` does not find; these are the same declarations.
declare module 'unicode-confusables' {
  export interface ConfusablePoint {
    point: string;
    similarTo?: string;
  }
  export const isConfusing: (input: string) => boolean;
  export const confusables: (input: string) => ConfusablePoint[];
  /** Each character replaced by its prototype in Unicode's confusables.txt (UTS #39); zero-width characters dropped. */
  export const rectifyConfusion: (input: string) => string;
}
