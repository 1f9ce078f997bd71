export declare const META_POLICY: string;
export declare const HEADER_POLICY: string;
export declare const PREVIEW_HEADERS: Record<string, string>;
export declare const DEV_HEADERS: Record<string, string>;
