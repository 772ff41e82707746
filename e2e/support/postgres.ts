import { randomBytes } from 'node:crypto';
import { databaseUrl, onPostgres } from '../../apps/server/src/test/postgres-admin.js';

/** A database of its own on TEST_DATABASE_URL's server, for suites that run several instances on one. */
export async function freshPostgres(prefix: string) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onPostgres(base, `create database ${name}`);
  return {
    url: databaseUrl(base, name),
    drop: () => onPostgres(base, `drop database if exists ${name} with (force)`),
  };
}
