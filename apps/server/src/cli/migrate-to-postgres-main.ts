/**
 * npm run migrate-to-postgres -- --to postgres://user:password@host/database [--data-dir ./data]
 * Copies the embedded database into an empty PostgreSQL database (db/move/move.ts). Stop the server
 * first: while one holds the data folder this refuses and changes nothing (db/data-lock.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirInUse } from '../db/data-lock.js';
import { MoveRefused, moveToPostgres } from '../db/move/move.js';
import { mediaCheck, nextSteps, shownUrl, summaryTable } from './migrate-to-postgres.js';

const USAGE =
  'Usage: npm run migrate-to-postgres -- --to postgres://user:password@host/database [--data-dir ./data]';

let args;
try {
  args = parseArgs({ options: { to: { type: 'string' }, 'data-dir': { type: 'string' } } }).values;
} catch (e) {
  console.error(`${(e as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!args.to || !/^postgres(ql)?:\/\//.test(args.to)) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const dataDir = path.resolve(args['data-dir'] ?? loadConfig().DATA_DIR);
  const targetUrl = args.to;
  console.log(`Moving the embedded database in ${path.join(dataDir, 'pglite')} to ${shownUrl(targetUrl)}…`);
  const result = await moveToPostgres({
    dataDir,
    targetUrl,
    holder: 'npm run migrate-to-postgres',
    onTable: (table, rows) => console.log(`  copied ${table}: ${rows} rows`),
  });
  console.log(
    `\nDone in ${(result.ms / 1000).toFixed(1)} s; every table's row count is the same on both sides:\n`,
  );
  console.log(summaryTable(result).join('\n'));
  const media = await mediaCheck(targetUrl, path.join(dataDir, 'media'));
  console.log(`\n${nextSteps(result, { dataDir, targetUrl, media }).join('\n')}`);
} catch (e) {
  // Refused (server running, target not empty) or failed and rolled back: either way no row was written.
  if (e instanceof ConfigError || e instanceof DataDirInUse || e instanceof MoveRefused)
    console.error(e.message);
  else
    console.error(
      'The move failed; the target holds no row of it (run it again once the cause is fixed):\n',
      e,
    );
  process.exit(1);
}
