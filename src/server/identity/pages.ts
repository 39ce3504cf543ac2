// Server-rendered pages of sign-in and sign-out: the embedded issuer's login form, its
// sign-out confirmation, and the plain messages of the relying party (unknown account,
// expired link …). No script; one stylesheet served from /auth/assets so any CSP with
// style-src 'self' allows it.
export const PRODUCT_NAME = 'Compliance as a service';
export const STYLESHEET_PATH = '/auth/assets/identity.css';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const LOGO = `<svg class="logo" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
<path d="M8 28 L20 8" stroke="#0b5cad" stroke-width="4" stroke-linecap="round" fill="none"/>
<path d="M16 32 L28 12" stroke="#2f80d1" stroke-width="4" stroke-linecap="round" fill="none"/>
<path d="M24 34 L34 18" stroke="#7fb3e8" stroke-width="4" stroke-linecap="round" fill="none"/>
</svg>`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="card" aria-labelledby="page-title">
<div class="brand">${LOGO}<span>${PRODUCT_NAME}</span></div>
<h1 id="page-title">${escapeHtml(title)}</h1>
${body}
</main>
<footer class="footer">© 2025 ${PRODUCT_NAME}. All rights reserved.</footer>
</body>
</html>`;
}

export interface LoginPageInput {
  action: string;
  email?: string;
  error?: string | null;
}

export function loginPage(input: LoginPageInput): string {
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const focusEmail = !input.email;
  return layout('Sign in', `
<p class="lead">Sign in with your work email to continue.</p>
${input.error ? `<div class="alert" role="alert" id="form-error">${escapeHtml(input.error)}</div>` : ''}
<form method="post" action="${escapeHtml(input.action)}" class="form">
<label for="email">Email</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" spellcheck="false" required maxlength="320" value="${escapeHtml(input.email ?? '')}"${invalid}${focusEmail ? ' autofocus' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${invalid}${focusEmail ? '' : ' autofocus'}>
<button type="submit" class="primary">Sign in</button>
</form>`);
}

export interface MessagePageInput {
  title: string;
  text: string;
  action?: { href: string; label: string };
  secondary?: { href: string; label: string };
}

export function messagePage(input: MessagePageInput): string {
  const links = [input.action && `<a class="button primary" href="${escapeHtml(input.action.href)}">${escapeHtml(input.action.label)}</a>`,
    input.secondary && `<a class="button secondary" href="${escapeHtml(input.secondary.href)}">${escapeHtml(input.secondary.label)}</a>`]
    .filter(Boolean).join('\n');
  return layout(input.title, `
<p class="lead">${escapeHtml(input.text)}</p>
${links ? `<div class="actions">${links}</div>` : ''}`);
}

/** The issuer's sign-out confirmation; `form` is the issuer's hidden form (it carries its own anti-forgery value). */
export function logoutConfirmPage(form: string): string {
  return layout('Sign out', `
<p class="lead">Do you want to sign out of ${PRODUCT_NAME}?</p>
${form}
<div class="actions">
<button type="submit" class="primary" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" class="secondary" form="op.logoutForm">Stay signed in</button>
</div>`);
}

export const STYLESHEET = `
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --accent: #0b5cad; --accent-ink: #ffffff;
  --danger: #b42318; --danger-bg: #fef3f2; --page: #f6f8fa; }
* { box-sizing: border-box; }
html, body { margin: 0; min-height: 100%; }
body { font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: var(--ink);
  background: var(--page); display: flex; flex-direction: column; align-items: center; justify-content: center; min-height: 100vh; padding: 24px 16px; }
.card { width: 100%; max-width: 400px; background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 32px; box-shadow: 0 1px 3px rgba(31,35,40,.06); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 600; color: var(--accent); margin-bottom: 20px; }
.logo { flex: none; }
h1 { font-size: 24px; line-height: 1.25; margin: 0 0 8px; }
.lead { color: var(--muted); margin: 0 0 20px; }
.form { display: flex; flex-direction: column; }
label { font-weight: 600; font-size: 14px; margin: 12px 0 6px; }
input { font: inherit; padding: 10px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--ink); }
input[aria-invalid="true"] { border-color: var(--danger); }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #7fb3e8; outline-offset: 2px; }
.alert { background: var(--danger-bg); color: var(--danger); border: 1px solid #fecdca; border-radius: 6px; padding: 10px 12px; margin-bottom: 8px; font-weight: 500; }
.actions { display: flex; flex-direction: column; gap: 10px; margin-top: 8px; }
button, .button { font: inherit; font-weight: 600; display: block; width: 100%; text-align: center; text-decoration: none; border-radius: 6px; padding: 10px 16px; cursor: pointer; border: 1px solid transparent; }
.primary { background: var(--accent); color: var(--accent-ink); }
.form .primary { margin-top: 24px; }
.primary:hover { background: #094c8f; }
.secondary { background: #fff; color: var(--ink); border-color: var(--line); }
.secondary:hover { background: var(--page); }
.footer { color: var(--muted); font-size: 13px; margin-top: 20px; text-align: center; }
@media (prefers-reduced-motion: no-preference) { button, .button { transition: background-color .15s ease; } }
`;
