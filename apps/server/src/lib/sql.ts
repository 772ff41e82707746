import { asc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `text` with the LIKE wildcards (`%`, `_`) and the escape (`\`) an operator typed taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE: a search for the text anywhere. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** `text%` for LIKE: a search for values that start with the text. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/**
 * Codes (unit numbers, rooms) in the order a person reads them (G2 before G10, B1-3 before B1-12): the text
 * before the first number, that number as a number, then the same for the next part. The database
 * sorts (paging stays in SQL); ICU numeric collations are not available on PGlite.
 */
export function naturalOrder(column: AnyColumn): SQL[] {
  return [
    asc(sql`lower(substring(${column} from '^\\D*'))`),
    asc(sql`substring(${column} from '^\\D*(\\d+)')::numeric`),
    asc(sql`lower(substring(${column} from '^\\D*\\d+(\\D*)'))`),
    asc(sql`substring(${column} from '^\\D*\\d+\\D*(\\d+)')::numeric`),
    asc(sql`lower(${column})`),
  ];
}

/**
 * Search hits closest first: the text itself, then values that start with it, then shorter ones
 * (a short name holding the text is more likely the one meant than a long sentence).
 */
export function closestFirst(column: AnyColumn | SQL, text: string): SQL[] {
  const folded = text.toLowerCase();
  return [
    sql`(lower(${column}) = ${folded}) desc`,
    sql`(lower(${column}) like ${prefixPattern(folded)}) desc`,
    sql`length(${column})`,
  ];
}
