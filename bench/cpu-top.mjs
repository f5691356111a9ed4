// Summarises a .cpuprofile (bench/cpu-profile.cjs): self time by function and by file, the top N.
//   node bench/cpu-top.mjs server-123-1.cpuprofile [N]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] ?? 30);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (deltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byFile = new Map();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench|tests)\//, '$1/') || '(native)';
  const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const pkg = file.startsWith('@') ? file.split('/').slice(0, 2).join('/') : file.split('/')[0];
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
}
const print = (title, map) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
};
print('self time by function', byFunction);
print('self time by package or top folder', byFile);
