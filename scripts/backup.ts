// `npm run backup -- <dir>`: the configured database (DATABASE_URL, or PGlite in DATA_DIR/pglite with
// the server stopped) and store (DATA_DIR/uploads, or the bucket of STORAGE_DRIVER=s3) into a new
// or empty <dir>, with manifest.json. The keys are not copied (docs/operations.md, "Backup and restore").
import { loadConfig } from '../src/server/config';
import { backup } from '../src/server/ops/backup';

const [dir, ...extra] = process.argv.slice(2);
if (!dir || extra.length > 0) {
  console.error('Usage: npm run backup -- <dir>');
  process.exit(2);
}
try {
  await backup(loadConfig(), dir, (line) => console.log(line));
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
