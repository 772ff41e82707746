/**
 * npm run reset-password -- <username>
 * With the embedded database, stop the server first: PGlite allows one process at a time, and while
 * a server holds the data folder this refuses with what holds it (db/data-lock.ts).
 */
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirInUse } from '../db/data-lock.js';
import { resetPasswordOffline } from './reset-password.js';

const username = process.argv[2];
if (!username) {
  console.error('Usage: npm run reset-password -- <username>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    holder: 'npm run reset-password',
  });
  try {
    const result = await resetPasswordOffline(database.db, username);
    if (!result) {
      console.error(`No user named "${username}".`);
      process.exitCode = 1;
    } else {
      console.log(`Temporary password for "${result.username}": ${result.password}`);
      console.log('It must be changed at the next sign-in. Every session of this user has ended.');
    }
  } finally {
    await database.close();
  }
} catch (e) {
  // A running server holds the embedded database: say so, and change nothing.
  console.error(e instanceof ConfigError || e instanceof DataDirInUse ? e.message : e);
  process.exit(1);
}
