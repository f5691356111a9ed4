/** Writes .gz and .br beside every compressible file under `dir`; returns how many files. */
export function precompress(dir: string): number;
