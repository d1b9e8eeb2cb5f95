// The shell: sign-in until there is a session, then the business picker, the navigation and the
// screen the URL names.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, call, setBusinessId, setCsrfToken } from './api.js';
import { errorText } from './format.js';
import { useRoute, type Route } from './route.js';
import { CallbackScreen } from './screens/callback.js';
import { DocumentScreen } from './screens/document.js';
import { DocumentsScreen } from './screens/documents.js';
import { EmailScreen } from './screens/email.js';
import { KeysScreen } from './screens/keys.js';
import { SignInScreen } from './screens/sign-in.js';
import { UsageScreen } from './screens/usage.js';
import { VendorsScreen } from './screens/vendors.js';
import type { Business, Owner, SessionInfo } from './types.js';

const BUSINESS_STORAGE = 'ledgerlens.business';

export function App() {
  const [owner, setOwner] = useState<Owner | null | undefined>(undefined);

  useEffect(() => {
    call<SessionInfo>('GET', '/session').then(
      (session) => signedIn(session),
      () => setOwner(null),
    );
  }, []);

  function signedIn(session: SessionInfo) {
    setCsrfToken(session.csrf_token);
    setOwner(session.owner);
  }

  async function signOut() {
    await call('DELETE', '/session').catch(() => undefined);
    setCsrfToken('');
    setOwner(null);
  }

  if (owner === undefined) return <main class="centered">Loading…</main>;
  if (owner === null) return <SignInScreen onSignedIn={signedIn} />;
  return <Workspace owner={owner} onSignOut={signOut} />;
}

function Workspace({ owner, onSignOut }: { owner: Owner; onSignOut: () => void }) {
  const route = useRoute();
  const [businesses, setBusinesses] = useState<Business[]>([]);
  const [selected, setSelected] = useState<string>('');
  const [error, setError] = useState('');

  async function load(preferred?: string) {
    const { items } = await call<{ items: Business[] }>('GET', '/businesses');
    setBusinesses(items);
    const wanted = preferred ?? localStorage.getItem(BUSINESS_STORAGE) ?? '';
    choose(items.find((b) => b.id === wanted)?.id ?? items[0]?.id ?? '');
  }

  function choose(id: string) {
    setBusinessId(id);
    localStorage.setItem(BUSINESS_STORAGE, id);
    setSelected(id);
  }

  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(e)));
  }, []);

  async function createBusiness() {
    const name = prompt('Name of the new business');
    if (!name) return;
    try {
      const business = await call<Business>('POST', '/businesses', { name });
      await load(business.id);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : errorText(e));
    }
  }

  const tabs = [
    ['documents', 'Documents'],
    ['vendors', 'Vendors'],
    ['keys', 'API keys'],
    ['callback', 'Callback'],
    ['email', 'Email'],
    ['usage', 'Usage'],
  ] as const;
  const current = route.screen === 'document' ? 'documents' : route.screen;

  return (
    <div class="shell">
      <header class="topbar">
        <strong class="brand">ledgerlens</strong>
        <label class="business-picker">
          Business
          <select value={selected} onChange={(e) => choose(e.currentTarget.value)} aria-label="Business">
            {businesses.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="secondary" onClick={createBusiness}>
          New business
        </button>
        <nav>
          {tabs.map(([screen, label]) => (
            <a key={screen} href={`#/${screen}`} class={current === screen ? 'active' : ''}>
              {label}
            </a>
          ))}
        </nav>
        <span class="owner">{owner.email}</span>
        <button type="button" class="secondary" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      {error && <p class="error">{error}</p>}
      {/* Keyed by business: switching business starts every screen afresh. */}
      <main key={selected}>{selected ? screenFor(route) : <p>No business yet: create one.</p>}</main>
    </div>
  );
}

function screenFor(route: Route) {
  switch (route.screen) {
    case 'document':
      return <DocumentScreen key={route.id} id={route.id} />;
    case 'keys':
      return <KeysScreen />;
    case 'callback':
      return <CallbackScreen />;
    case 'usage':
      return <UsageScreen />;
    case 'email':
      return <EmailScreen />;
    case 'vendors':
      return <VendorsScreen />;
    default:
      return <DocumentsScreen />;
  }
}
