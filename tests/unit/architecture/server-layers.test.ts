import { describe, expect, it } from 'vitest';
import { readImports, type Edge } from './source-imports';

// The server as layers with no arrow back up (issue 38): each area of src/server (a module, a
// kernel, each other folder, each file at its root) imports only areas below it. A broken rule
// names the imports that close the circle.

const SERVER = 'src/server/';
const { edges } = readImports(['src/server']);
const inside = edges.filter((e): e is Edge & { to: string } => e.to !== null && e.to.startsWith(SERVER));

/** modules/<name> and kernels/<name> are areas of their own; any other folder is one, and so is each file at the root. */
const areaOf = (path: string) => {
  const parts = path.slice(SERVER.length).split('/');
  return parts[0] === 'modules' || parts[0] === 'kernels' ? `${parts[0]}/${parts[1]}` : parts[0]!;
};
/** The same with the kernels as one area (kernels/): no circle through http/ or a module either. */
const floorOf = (path: string) => (areaOf(path).startsWith('kernels/') ? 'kernels' : areaOf(path));

const show = (e: Edge) => `${e.from} → ${e.specifier}`;

/** Each group of areas that import each other in a circle (Tarjan's strongly connected components), with the imports inside it. */
function circles(area: (path: string) => string): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const e of inside) if (area(e.from) !== area(e.to)) graph.set(area(e.from), (graph.get(area(e.from)) ?? new Set()).add(area(e.to)));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let top: string;
      do group.push((top = stack.pop()!));
      while (top !== node);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) =>
    inside.filter((e) => area(e.from) !== area(e.to) && group.includes(area(e.from)) && group.includes(area(e.to))).map(show),
  );
}

describe('the server’s layers', () => {
  it('reads the server’s imports', () => {
    expect(inside.length).toBeGreaterThan(500);
    expect(inside.some((e) => e.from === 'src/server/app.ts' && e.to === 'src/server/config.ts')).toBe(true);
  });

  it('no two areas import each other, through any number of others', () => {
    expect(circles(areaOf)).toEqual([]);
  });

  it('with the kernels as one floor, still no circle', () => {
    expect(circles(floorOf)).toEqual([]);
  });

  it('http/ (the transport) imports no module and no kernel', () => {
    const bad = inside.filter((e) => e.from.startsWith(`${SERVER}http/`) && /^(modules|kernels)\//.test(e.to.slice(SERVER.length)));
    expect(bad.map(show)).toEqual([]);
  });

  it('the kernels import no module', () => {
    const bad = inside.filter((e) => e.from.startsWith(`${SERVER}kernels/`) && e.to.startsWith(`${SERVER}modules/`));
    expect(bad.map(show)).toEqual([]);
  });

  it('outside a kernel, its index is its face: no import reaches past it', () => {
    const bad = inside.filter(
      (e) => e.to.startsWith(`${SERVER}kernels/`) && areaOf(e.from) !== areaOf(e.to) && !e.to.endsWith('/index.ts'),
    );
    expect(bad.map(show)).toEqual([]);
  });
});
