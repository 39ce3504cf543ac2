// Path patterns of the plugin contract: 'account/users/:id', relative to /{client_id},
// with an optional trailing '*' that captures the rest. Our own small matcher so the
// registry can rank candidates (static segments beat parameters) and stay testable.

export type Params = Record<string, string>;

export function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

export function normalizePath(path: string): string {
  return splitPath(path).join('/');
}

/** Params when the whole path matches the pattern, null otherwise. */
export function matchPattern(pattern: string, path: string): Params | null {
  const p = splitPath(pattern);
  const s = splitPath(path);
  const params: Params = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i];
    if (seg === '*') {
      params['*'] = s.slice(i).map(safeDecode).join('/');
      return params;
    }
    if (i >= s.length) return null;
    if (seg.startsWith(':')) {
      const optional = seg.endsWith('?');
      params[seg.slice(1, optional ? -1 : undefined)] = safeDecode(s[i]);
    } else if (seg !== s[i]) {
      return null;
    }
  }
  return p.length === s.length ? params : null;
}

/** How specific a pattern is: static segments count most, a wildcard least. */
export function patternScore(pattern: string): number {
  return splitPath(pattern).reduce((n, seg) => n + (seg === '*' ? 0 : seg.startsWith(':') ? 1 : 3), 0);
}

/** Fills ':name' and '*' segments of a target pattern from params. */
export function fillPattern(pattern: string, params: Params): string {
  return splitPath(pattern)
    .map((seg) => {
      if (seg === '*') return params['*'] ?? '';
      if (seg.startsWith(':')) {
        const name = seg.slice(1).replace(/\?$/, '');
        return params[name] !== undefined ? encodeURIComponent(params[name]) : '';
      }
      return seg;
    })
    .filter((s) => s !== '')
    .join('/');
}

/** True when path is the target or lies below it, segment-wise ('a/b' is inside 'a'). */
export function isInside(path: string, target: string): boolean {
  const p = splitPath(path);
  const t = splitPath(target);
  if (t.length > p.length) return false;
  return t.every((seg, i) => seg === p[i] || seg.startsWith(':'));
}

function safeDecode(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}
