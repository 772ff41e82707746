import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on TEST_DATABASE_URL's server, for suites that run several instances on one. */
export async function freshPostgres(prefix: string) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
