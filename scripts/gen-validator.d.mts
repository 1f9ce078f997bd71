export function generateAgentValidator(): Promise<string>;
