// `npm run bench`: every benchmark in turn, each printing its figures;
// `npm run bench -- outbox-recovery startup`: only those named.
import { BENCHES as benches } from './benches';

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in benches));
if (unknown.length) throw new Error(`Unknown bench ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
for (const [name, run] of Object.entries(benches)) if (names.length === 0 || names.includes(name)) await run();
