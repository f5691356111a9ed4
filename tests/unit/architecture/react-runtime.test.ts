import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The product is specified as React (issue 20): `react` and `react-dom` must be React itself,
// not a package installed under their names (an `npm:` alias) or an alias of the build. What is
// read is the installed package.json that Node's resolution reaches, not the import specifier.

const ROOT = resolve(__dirname, '../../..');
const fromRoot = createRequire(join(ROOT, 'package.json'));

type Manifest = { name: string; version: string };
const manifestAt = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

/** The package.json of the package `name` as `require` resolves it from `base`. */
function installed(name: string, base = fromRoot): { manifest: Manifest; dir: string } {
  const path = base.resolve(`${name}/package.json`);
  return { manifest: manifestAt(path), dir: dirname(path) };
}

describe('the UI runtime is React 19', () => {
  it.each(['react', 'react-dom'])('%s resolves to the package of that name, major version 19', (name) => {
    const { manifest, dir } = installed(name);
    expect(manifest.name).toBe(name);
    expect(manifest.version).toMatch(/^19\.\d+\.\d+$/);
    // The entry modules the app imports live in that package.
    const entries = name === 'react' ? ['react', 'react/jsx-runtime'] : ['react-dom', 'react-dom/client'];
    for (const entry of entries) expect(fromRoot.resolve(entry).startsWith(dir + '/')).toBe(true);
  });

  it('react and react-dom are the same release, and every React library of the app gets that one copy', () => {
    const react = installed('react');
    expect(installed('react-dom').manifest.version).toBe(react.manifest.version);
    for (const library of ['react-dom', 'react-router-dom', 'react-router', 'react-hook-form', 'react-hot-toast', 'dexie-react-hooks']) {
      const fromLibrary = createRequire(fromRoot.resolve(library));
      expect(installed('react', fromLibrary).dir, library).toBe(react.dir);
    }
  });

  it('no Preact is installed, and the build aliases neither react nor react-dom', async () => {
    for (const name of ['preact', '@preact/compat', '@preact/preset-vite', '@testing-library/preact']) {
      expect(() => fromRoot.resolve(`${name}/package.json`), name).toThrow();
    }
    const rootManifest = manifestAt(join(ROOT, 'package.json')) as Manifest & { dependencies: Record<string, string> };
    expect(rootManifest.dependencies.react).toMatch(/^19\./);
    expect(rootManifest.dependencies['react-dom']).toMatch(/^19\./);
    for (const config of ['vite.config.ts', 'vitest.config.ts']) {
      type Plugin = { name?: string } | Plugin[] | false | null | undefined;
      const { default: loaded } = (await import(join(ROOT, config))) as { default: { resolve?: { alias?: unknown }; plugins?: Plugin[] } };
      expect(JSON.stringify(loaded.resolve?.alias ?? {}), config).not.toMatch(/react|preact/);
      // A plugin may alias in its own config hook (Preact's preset did): none of Preact's, React's own is there.
      const names = (loaded.plugins ?? []).flat(Infinity as 1).map((p) => (p && typeof p === 'object' && 'name' in p ? p.name : ''));
      expect(
        names.filter((n) => /preact/i.test(n ?? '')),
        config,
      ).toEqual([]);
      expect(
        names.some((n) => /^vite:react/.test(n ?? '')),
        config,
      ).toBe(true);
    }
  });
});
