// `npm run restore -- <dir> [--accept-other-keys]`: a backup of `npm run backup` into the configured
// database and store, both empty, then checked against its manifest (docs/operations.md, "Backup and restore").
import { loadConfig } from '../src/server/config';
import { restore } from '../src/server/ops/restore';

const args = process.argv.slice(2);
const acceptOtherKeys = args.includes('--accept-other-keys');
const [dir, ...extra] = args.filter((arg) => arg !== '--accept-other-keys');
if (!dir || extra.length > 0) {
  console.error('Usage: npm run restore -- <dir> [--accept-other-keys]');
  process.exit(2);
}
try {
  await restore(loadConfig(), dir, { acceptOtherKeys }, (line) => console.log(line));
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exit(1);
}
