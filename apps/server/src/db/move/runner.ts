import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * One connection of either kind, as the move uses it: the embedded database's read transaction
 * (PGlite) or the target's connection (node-postgres). Both speak the same SQL.
 */
export interface Runner {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Rows as arrays in the select list's order (the copy reads columns by position). */
  arrays(text: string, params?: unknown[]): Promise<unknown[][]>;
}

export function pgliteRunner(tx: Transaction): Runner {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
    arrays: async (text, params) => (await tx.query<unknown[]>(text, params, { rowMode: 'array' })).rows,
  };
}

export function pgRunner(client: pg.ClientBase): Runner {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    arrays: async (text, params) => (await client.query({ text, values: params, rowMode: 'array' })).rows,
  };
}

/** A name quoted for SQL: only names read from the catalog are ever put in a statement. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table of the application's schema. */
export const qualified = (table: string) => `public.${ident(table)}`;
