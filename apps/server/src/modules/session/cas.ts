import { AppError } from '../../lib/errors';

/**
 * Validates a CAS service ticket against the CAS server's `serviceValidate` endpoint
 * (CAS protocol 2.0) and returns the authenticated username.
 */
export async function validateCasTicket(casUrl: string, ticket: string, service: string): Promise<string> {
  const url = new URL(`${casUrl.replace(/\/$/, '')}/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  let body: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    body = await res.text();
    if (!res.ok) throw new Error(`CAS answered ${res.status}`);
  } catch {
    throw new AppError(502, 'auth.cas_failed');
  }
  const user = /<cas:authenticationSuccess>[\s\S]*?<cas:user>\s*([^<\s]+)\s*<\/cas:user>/.exec(body)?.[1];
  if (!user) throw new AppError(401, 'auth.cas_failed');
  return user;
}
