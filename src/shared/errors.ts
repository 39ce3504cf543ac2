// Error codes and texts of spec 8, plus the platform's own codes for the generic HTTP
// failures. The web shows these texts verbatim.

export const BILLING_ERRORS = {
  AB001: 'Not enough money for this action. Please, top up your balance',
  AB002: "You're out of limit. Please check Subscriptions page to see the details of your tariff",
  AB003: 'This action is not included in your tariff. Please check Subscriptions page to see the details of your tariff',
  AB004: "You don't have subscriptions. Please check Subscriptions page",
  AB005: 'Subscription is inactive. Please check Subscriptions page',
  PE001: "You don't have enough money to charge the subscription fee",
} as const;

/** Platform codes for failures the spec leaves generic (docs/decisions.md). */
export const PLATFORM_ERRORS = {
  VALIDATION_FAILED: 'Some fields are not valid',
  UNAUTHENTICATED: 'Your session has finished. Please sign in again',
  FORBIDDEN: 'Unfortunately, you do not have an access to this page',
  NOT_FOUND: 'This page does not exist or has been deleted',
  FEATURE_UNAVAILABLE: 'Feature is not available. Check your subscription and limits',
  CONFLICT: 'This record was changed or already exists',
  CSRF_FAILED: 'The request could not be verified. Please reload the page',
  RATE_LIMITED: 'Too many attempts. Please wait a minute and try again',
  INTERNAL: 'Please, try again a bit later',
  UNAVAILABLE: 'The service is briefly unavailable. Please try again in a few seconds',
} as const;

export const ERROR_TEXTS = { ...BILLING_ERRORS, ...PLATFORM_ERRORS } as const;
export type ErrorCode = keyof typeof ERROR_TEXTS;

export const HTTP_STATUS: Record<ErrorCode, number> = {
  AB001: 402, AB002: 402, AB003: 402, AB004: 402, AB005: 402, PE001: 402,
  VALIDATION_FAILED: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404,
  FEATURE_UNAVAILABLE: 403, CONFLICT: 409, CSRF_FAILED: 403, RATE_LIMITED: 429, INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** Unknown or missing code, and writes answering success false (spec 8). */
export const GENERIC_ERROR_TOAST = 'Something went wrong';

/** The shell's success text (spec 8); areas declare their own in their manifests (`toasts`). */
export const SUCCESS_TOASTS = {
  saved: 'Changes were successfully saved',
} as const;

export function errorText(code: string | undefined | null): string {
  return code && Object.hasOwn(ERROR_TEXTS, code) ? ERROR_TEXTS[code as ErrorCode] : GENERIC_ERROR_TOAST;
}

/** The body every failing endpoint answers (DESIGN.md, API conventions). */
export interface ErrorBody {
  success: false;
  error_code: ErrorCode;
  message: string;
  errors?: Record<string, string>;
}
