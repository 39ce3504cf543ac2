// Signing out (spec 4, 7): the browser goes to the identity provider logout with a
// redirect back to the login page (which carries the current address) and the client id.
export function logoutUrl(clientId: string | null, current: string, origin: string): string {
  const back = `${origin}/auth/login?redirect_uri=${encodeURIComponent(current)}`;
  const q = new URLSearchParams({ redirect_uri: back });
  if (clientId) q.set('client_id', clientId);
  return `/auth/logout?${q.toString()}`;
}

type Hook = () => void;
const beforeLogout = new Set<Hook>();
/** Lets the session layer stop the realtime worker before the browser leaves. */
export function onBeforeLogout(fn: Hook): () => void {
  beforeLogout.add(fn);
  return () => beforeLogout.delete(fn);
}

export function logout(clientId: string | null): void {
  for (const fn of beforeLogout) {
    try { fn(); } catch { /* leaving anyway */ }
  }
  window.location.assign(logoutUrl(clientId, window.location.href, window.location.origin));
}
