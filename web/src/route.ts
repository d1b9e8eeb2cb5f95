// Screens are addressed in the URL fragment (#/documents/doc_…), so the server serves one page.
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { screen: 'documents' }
  | { screen: 'document'; id: string }
  | { screen: 'keys' }
  | { screen: 'callback' }
  | { screen: 'usage' }
  | { screen: 'email' }
  | { screen: 'vendors' };

export function parseRoute(hash: string): Route {
  const [, screen, id] = hash.replace(/^#/, '').split('/');
  if (screen === 'documents' && id) return { screen: 'document', id: decodeURIComponent(id) };
  if (screen === 'keys' || screen === 'callback' || screen === 'usage' || screen === 'email' || screen === 'vendors') return { screen };
  return { screen: 'documents' };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export const documentHref = (id: string) => `#/documents/${encodeURIComponent(id)}`;
