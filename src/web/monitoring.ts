// Error reporting (spec 9: sample rate 1). Sentry is loaded lazily and only when the
// server config carries a DSN, so a self-hosted install without one ships none of it.
import { appConfig } from './config.ts';

type Capture = (e: unknown) => void;
let capture: Capture | null = null;
const pending: unknown[] = [];

export async function startMonitoring(): Promise<void> {
  const dsn = appConfig.sentryDsn;
  if (!dsn) return;
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn,
      release: appConfig.version,
      environment: appConfig.environment,
      sampleRate: 1,
    });
    capture = (e) => { Sentry.captureException(e); };
    for (const e of pending.splice(0)) capture(e);
  } catch {
    // Reporting is best effort: a blocked script must not break the app.
  }
}

export function reportError(error: unknown): void {
  if (capture) capture(error);
  else if (appConfig.sentryDsn) pending.push(error);
}
