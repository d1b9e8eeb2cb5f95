// A dashboard client as the web app is one: a session cookie, the CSRF token on writes, the selected
// business in X-Business-Id, and the browser's Origin header.
import { readResponse, type ApiResponse } from './server.js';

export interface DashboardClient {
  cookie: string;
  csrf: string;
  business: string;
  call(method: string, path: string, init?: { json?: unknown; body?: FormData | string; headers?: Record<string, string> }): Promise<ApiResponse>;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<DashboardClient> {
  const response = await fetch(`${baseUrl}/dashboard/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: { csrf_token: string } };
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  const client: DashboardClient = {
    cookie,
    csrf: body.data!.csrf_token,
    business: '',
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { cookie: client.cookie, origin: baseUrl, 'x-csrf-token': client.csrf, ...init.headers };
      if (client.business) headers['x-business-id'] ??= client.business;
      let requestBody = init.body ?? null;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        requestBody = JSON.stringify(init.json);
      }
      return readResponse(await fetch(`${baseUrl}/dashboard/api${path}`, { method, headers, body: requestBody }));
    },
  };
  return client;
}
