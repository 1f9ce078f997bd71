export function bundleJinjaGuest(): Promise<string>;
