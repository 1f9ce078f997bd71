export declare const CLI_OUT: string;
export declare function buildCli(): Promise<void>;
export declare function ensureCliBuilt(): Promise<void>;
