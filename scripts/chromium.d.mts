export declare const CHROMIUM: string;
export declare const CHROMIUM_FLAGS: string[];
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
