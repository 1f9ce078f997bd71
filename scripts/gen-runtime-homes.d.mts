export interface HomePart {
  file: string;
  module: string;
  exports: string[];
  write: string;
  floor: string;
}
export const HOME_PARTS: HomePart[];
export function identifierOf(target: string): string;
export function schemaTargets(root?: string): string[];
export function generateRuntimeHomes(root?: string, targets?: string[]): { files: Record<string, string>; problems: string[] };
