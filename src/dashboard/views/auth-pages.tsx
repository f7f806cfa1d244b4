import { Csrf, Layout, type Notice } from './layout.js';
import { MIN_PASSWORD_LENGTH } from '../data/users.js';

interface AuthPageProps {
  base: string;
  csrfToken: string;
  notice?: Notice | null;
  email?: string;
  /** Dashboard path to return to after sign-in. */
  next?: string;
}

/** Sign-in form. */
export function LoginPage({ base, csrfToken, notice, email = '', next }: AuthPageProps) {
  return (
    <Layout title="Sign in" base={base} notice={notice}>
      <div className="panel">
        <h1>Sign in to Folio</h1>
        <p className="sub">Manage projects, API keys, agent jobs and updates.</p>
        <form className="stack" method="post" action={`${base}/login`}>
          <Csrf token={csrfToken} />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <div className="field">
            <label htmlFor="email">Email</label>
            <input id="email" name="email" type="email" autoComplete="username" required defaultValue={email} autoFocus />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input id="password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <button className="btn" type="submit">
            Sign in
          </button>
        </form>
      </div>
    </Layout>
  );
}

/** One-time owner account creation, reached through the setup link `folio serve` prints. */
export function SetupPage({ base, csrfToken, notice, email = '', token }: AuthPageProps & { token: string }) {
  return (
    <Layout title="Create the owner account" base={base} notice={notice}>
      <div className="panel">
        <h1>Create the owner account</h1>
        <p className="sub">This link works once. The account you create here signs in to the dashboard.</p>
        <form className="stack" method="post" action={`${base}/setup/${encodeURIComponent(token)}`}>
          <Csrf token={csrfToken} />
          <div className="field">
            <label htmlFor="email">Email</label>
            <input id="email" name="email" type="email" autoComplete="username" required defaultValue={email} autoFocus />
          </div>
          <div className="field">
            <label htmlFor="password">
              Password <span className="hint">at least {MIN_PASSWORD_LENGTH} characters</span>
            </label>
            <input id="password" name="password" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
          </div>
          <button className="btn" type="submit">
            Create account and sign in
          </button>
        </form>
      </div>
    </Layout>
  );
}
