/** PostgreSQL error codes we turn into 409s (drizzle wraps the driver error in `cause`). */
const codeOf = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
};

export const isUniqueViolation = (e: unknown) => codeOf(e) === '23505';
export const isForeignKeyViolation = (e: unknown) => codeOf(e) === '23503';
