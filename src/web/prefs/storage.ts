// Preferences kept in the browser's local storage, as @legendapp/state observables. We
// persist by hand (rather than with legend's plugin) so each key holds exactly the value
// the spec names: `date_format` = "US" | "EU", `favoritesLinks` = JSON [{title, to}].
import { observable, type Observable } from '@legendapp/state';

export function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null; // access denied (privacy mode, sandboxed frame)
  }
}

export interface Codec<T> {
  parse(raw: string): T | undefined;
  serialize(value: T): string;
}

export const jsonCodec = <T>(valid: (v: unknown) => v is T): Codec<T> => ({
  parse(raw) {
    try {
      const v = JSON.parse(raw) as unknown;
      return valid(v) ? v : undefined;
    } catch {
      return undefined;
    }
  },
  serialize: (v) => JSON.stringify(v),
});

/** An observable initialised from local storage and written back on every change. */
export function persisted<T>(key: string, initial: T, codec: Codec<T>): Observable<T> {
  const raw = storage()?.getItem(key);
  const start = raw != null ? codec.parse(raw) ?? initial : initial;
  const obs$ = observable<T>(start) as Observable<T>;
  obs$.onChange(({ value }) => {
    try {
      storage()?.setItem(key, codec.serialize(value as T));
    } catch {
      // quota or access errors leave the in-memory value in place
    }
  });
  // Another tab changed the preference: follow it.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== key || e.newValue == null) return;
      const v = codec.parse(e.newValue);
      if (v !== undefined) (obs$ as unknown as { set(value: T): void }).set(v);
    });
  }
  return obs$;
}
