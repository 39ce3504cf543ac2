// Browser entry (build.mjs: 'src/web/main.tsx'). Styles of Primer's light theme, error
// reporting when configured, then the app.
import '@primer/primitives/dist/css/primitives.css';
import '@primer/primitives/dist/css/functional/themes/light.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startMonitoring } from './monitoring.ts';

const html = document.documentElement;
html.dataset.colorMode = 'light';
html.dataset.lightTheme = 'light';
html.dataset.darkTheme = 'light';

void startMonitoring();

const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(root).render(<StrictMode><App /></StrictMode>);
