export const CHROMIUM_PATH: string;
export const CHROMIUM_LAUNCH: { executablePath: string; args: string[] };
