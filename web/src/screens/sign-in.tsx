import { useState } from 'preact/hooks';
import { call } from '../api.js';
import { errorText } from '../format.js';
import type { SessionInfo } from '../types.js';

export function SignInScreen({ onSignedIn }: { onSignedIn: (session: SessionInfo) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      onSignedIn(await call<SessionInfo>('POST', '/session', { email, password }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="centered">
      <form class="card sign-in" onSubmit={submit}>
        <h1>ledgerlens</h1>
        <p class="muted">Sign in as a workspace owner.</p>
        <label>
          Email
          <input type="email" name="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
