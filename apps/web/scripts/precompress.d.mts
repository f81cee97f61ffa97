export function precompressDir(dir: string): { files: number; raw: number; brotli: number };
