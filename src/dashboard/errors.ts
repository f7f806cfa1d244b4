import type { DashboardCode } from './codes.js';

/** An error leaving the dashboard (start-up problems) with a stable code from codes.ts. */
export class DashboardError extends Error {
  constructor(
    readonly code: DashboardCode,
    message: string,
  ) {
    super(message);
    this.name = 'DashboardError';
  }
}
