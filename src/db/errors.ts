import type { DbCode } from './codes.js';

/** An error from the database layer carrying a stable code (see docs/reference/errors/db.md). */
export class DbError extends Error {
  constructor(
    readonly code: DbCode,
    message: string,
  ) {
    super(message);
    this.name = 'DbError';
  }
}
