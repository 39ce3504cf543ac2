// The texts the web shows for an error code: spec 8's and the platform's (src/shared/errors.ts),
// then those the areas declare in their manifests (registered by the registry at start),
// and "Something went wrong" for anything else.
import { ERROR_TEXTS, GENERIC_ERROR_TOAST } from '../shared/errors.ts';

const areaTexts = new Map<string, string>();

export function registerErrorTexts(texts: Iterable<[string, { message: string }]>): void {
  for (const [code, def] of texts) areaTexts.set(code, def.message);
}

export function errorText(code: string | undefined | null): string {
  if (!code) return GENERIC_ERROR_TOAST;
  if (Object.hasOwn(ERROR_TEXTS, code)) return ERROR_TEXTS[code as keyof typeof ERROR_TEXTS];
  return areaTexts.get(code) ?? GENERIC_ERROR_TOAST;
}
