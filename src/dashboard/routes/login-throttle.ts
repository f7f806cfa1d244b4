import { FailureWindow } from '../../api/index.js';

/** Sign-in attempts allowed per email from one client address within the window. */
const MAX_PER_ACCOUNT_AND_CLIENT = 10;
/** Sign-in attempts allowed per client address, whatever the email (spraying many accounts). */
const MAX_PER_CLIENT = 30;
const WINDOW_MS = 15 * 60_000;

/**
 * In-memory count of sign-in attempts, per email and client address together and per client
 * address. An attempt is counted when it starts, before the password is checked, so concurrent
 * attempts cannot all slip under the limit; a successful one is taken back. Locking is per client:
 * someone guessing the owner's password from one address does not lock the owner out of another.
 * Per process on purpose: it only has to make online guessing slow, and scrypt costs ~90 ms a try.
 */
export class LoginThrottle {
  private readonly pairs: FailureWindow;
  private readonly clients: FailureWindow;

  constructor(now: () => number = Date.now) {
    this.pairs = new FailureWindow(MAX_PER_ACCOUNT_AND_CLIENT, WINDOW_MS, 50_000, now);
    this.clients = new FailureWindow(MAX_PER_CLIENT, WINDOW_MS, 50_000, now);
  }

  private static pair(email: string, client: string): string {
    return `${client}\n${email.trim().toLowerCase()}`;
  }

  /** Count an attempt before checking the password; false (and nothing counted) when a limit is reached. */
  take(email: string, client: string): boolean {
    const pair = LoginThrottle.pair(email, client);
    if (this.pairs.blocked(pair) || this.clients.blocked(client)) return false;
    this.pairs.add(pair);
    this.clients.add(client);
    return true;
  }

  /** The password was right: forget this email's attempts from this client and take back this one. */
  succeeded(email: string, client: string): void {
    this.pairs.clear(LoginThrottle.pair(email, client));
    this.clients.refund(client);
  }
}
