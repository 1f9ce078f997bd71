/** Absolute paths of the first-paint files (index.html's scripts and styles and their static imports) of the app built into `outDir`. */
export function firstPaintFiles(outDir: string): string[];
