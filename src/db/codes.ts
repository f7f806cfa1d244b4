/** Stable error codes of the database layer; each is documented in docs/reference/errors/db.md. */
export const dbCodes = {
  DB_MIGRATION_NAME: 'A file in the migrations folder is not named NNNN_name.sql.',
  DB_MIGRATION_DUPLICATE: 'Two migration files share one number.',
  DB_MIGRATION_FAILED: 'A migration failed and was rolled back.',
  DB_CONNECT_FAILED: 'The database could not be opened or reached.',
} as const;

export type DbCode = keyof typeof dbCodes;
