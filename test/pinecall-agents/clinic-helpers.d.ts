/** A helper module the hand-written fixture class imports (test/fixtures/pinecall/handwritten.tsx). */
export declare function dayNamed(day: string, today: string): string | undefined;
