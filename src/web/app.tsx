// The application root: base styles, the error boundary, the router, toasts and the
// confirm dialog host.
import { createGlobalStyle } from 'styled-components';
import { Router } from 'wouter';
import { Toasts } from './notify/toasts.tsx';
import { AppRouter } from './router/app-router.tsx';
import { ErrorBoundary } from './screens/error-boundary.tsx';
import { ConfirmHost } from './toolkit/confirm-dialog.tsx';

const Global = createGlobalStyle`
  html, body, #root { margin: 0; height: 100%; }
  body {
    font-family: var(--fontStack-system, -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif);
    font-size: 14px;
    line-height: 1.5;
    color: var(--fgColor-default, #1f2328);
    background: var(--bgColor-default, #fff);
  }
  * { box-sizing: border-box; }
`;

export function App() {
  return (
    <>
      <Global />
      <ErrorBoundary>
        <Router>
          <AppRouter />
        </Router>
      </ErrorBoundary>
      <ConfirmHost />
      <Toasts />
    </>
  );
}
