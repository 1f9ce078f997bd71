export function generateAgentTypes(): Promise<string>;
