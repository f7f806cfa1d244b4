/** Failed sign-ins allowed per email within the window before further attempts are refused. */
const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60_000;

/**
 * In-memory count of failed sign-ins per email. Per process on purpose: it only has to make
 * online guessing slow (10 tries per 15 minutes), and scrypt already costs ~90 ms a try.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(email: string): number[] {
    const key = email.trim().toLowerCase();
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** True when this email has used up its failures for now. */
  blocked(email: string): boolean {
    return this.recent(email).length >= MAX_FAILURES;
  }

  /** Record a failure. */
  fail(email: string): void {
    const list = this.recent(email);
    list.push(this.now());
    this.failures.set(email.trim().toLowerCase(), list);
  }

  /** Forget failures after a successful sign-in. */
  reset(email: string): void {
    this.failures.delete(email.trim().toLowerCase());
  }
}
