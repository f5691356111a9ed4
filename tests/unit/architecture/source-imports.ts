import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The imports of the source tree as the architecture tests read them (boundaries.test.ts,
// server-layers.test.ts): static and dynamic, type-only included.

export const ROOT = resolve(__dirname, '../../..');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module a file imports or re-exports (static and dynamic), as written. */
export function importsOf(source: string): string[] {
  const found = new Set<string>();
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of text.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g)) found.add(match[1]!);
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(match[1]!);
  return [...found];
}

function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, 'index' + e))]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next
    }
  }
  return null;
}

export type Edge = { from: string; to: string | null; specifier: string };
export const rel = (path: string) => relative(ROOT, path).split('\\').join('/');

/** The source files under `dirs` (from the project's root), and every import of each, resolved where it is relative. */
export function readImports(dirs: readonly string[]): { files: string[]; edges: Edge[] } {
  const files = dirs.map((dir) => join(ROOT, dir)).flatMap(walk);
  const edges = files.flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).map((specifier) => ({
      from: rel(file),
      to: resolveRelative(file, specifier) && rel(resolveRelative(file, specifier)!),
      specifier,
    })),
  );
  return { files, edges };
}
