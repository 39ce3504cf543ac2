// Test support: a browser-like cookie jar and a fetch that follows redirects by hand, so a
// test walks the real sign-in journey (/auth/login → /idp → /auth/callback) over HTTP and
// sees every hop. Used by the API tests; not loaded by the server.

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expiresAt: number | null;
}

export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  /** Takes the Set-Cookie headers of a response to `url`. */
  store(url: string, setCookies: string[]): void {
    const requestPath = new URL(url).pathname;
    for (const header of setCookies) {
      const [pair, ...attrs] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let path = requestPath.slice(0, requestPath.lastIndexOf('/')) || '/';
      let expiresAt: number | null = null;
      for (const attr of attrs) {
        const [k, ...v] = attr.trim().split('=');
        const key = k.toLowerCase();
        const val = v.join('=');
        if (key === 'path' && val.startsWith('/')) path = val;
        if (key === 'max-age') expiresAt = Date.now() + Number(val) * 1000;
        if (key === 'expires' && expiresAt === null) expiresAt = Date.parse(val);
      }
      const key = `${name}\n${path}`;
      if (expiresAt !== null && expiresAt <= Date.now()) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path, expiresAt });
    }
  }

  /** The Cookie header for a request to `url` (longest paths first, as browsers do). */
  header(url: string): string {
    const path = new URL(url).pathname;
    const now = Date.now();
    return [...this.#cookies.values()]
      .filter((c) => (c.expiresAt === null || c.expiresAt > now)
        && (path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/'))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    for (const c of this.#cookies.values()) if (c.name === name) return decodeURIComponent(c.value);
    return undefined;
  }

  /** Forgets a cookie (whatever its path). */
  delete(name: string): void {
    for (const [key, c] of this.#cookies) if (c.name === name) this.#cookies.delete(key);
  }

  set(name: string, value: string, path = '/'): void {
    this.#cookies.set(`${name}\n${path}`, { name, value, path, expiresAt: null });
  }
}

export interface Hop {
  url: string;
  status: number;
  location: string | null;
  setCookies: string[];
}

export interface BrowseResult {
  response: Response;
  url: string;
  body: string;
  hops: Hop[];
}

/** One request with the jar's cookies; follows up to `maxRedirects` redirects like a browser (303 → GET). */
export async function browse(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string>; maxRedirects?: number } = {},
): Promise<BrowseResult> {
  let method = init.method ?? (init.form ? 'POST' : 'GET');
  let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
  let current = url;
  const hops: Hop[] = [];
  for (let i = 0; ; i++) {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const cookie = jar.header(current);
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(current, { method, headers, body, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    jar.store(current, setCookies);
    const location = response.headers.get('location');
    hops.push({ url: current, status: response.status, location, setCookies });
    if (location && response.status >= 300 && response.status < 400 && i < (init.maxRedirects ?? 20)) {
      await response.arrayBuffer();
      current = new URL(location, current).href;
      if (response.status !== 307 && response.status !== 308) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    return { response, url: current, body: await response.text(), hops };
  }
}

/** The action of the first form on an HTML page. */
export function formAction(html: string, base: string): string | null {
  const match = /<form[^>]*\saction="([^"]+)"/i.exec(html);
  return match ? new URL(match[1].replaceAll('&amp;', '&'), base).href : null;
}

/** The value of a hidden input on an HTML page. */
export function hiddenInput(html: string, name: string): string | null {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`, 'i').exec(html);
  return match ? match[1] : null;
}
