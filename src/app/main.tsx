import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerLogoutHandler } from './api/http-client';
import { applyLanguage, loadChosenCatalogue } from './i18n/language.store';
import { logoutLocally } from './session/logout';
import { applyBranding } from './tenant/tenant.store';
import { loadTenantConfig } from './tenant/load-tenant-config';
import './styles/app.css';

// Before the first render: the cached tenant theme and the chosen language.
applyBranding();
applyLanguage();
// Spec 01 §4: a 401 on the main API logs out locally; the route guard then shows /login.
registerLogoutHandler(logoutLocally);
void loadTenantConfig();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A phone set to Hindi fetches that catalogue (precached) before it paints, so no English flashes.
// Not a top-level await: the page's load event (the service worker's registration below) must
// not wait for it or pass before the listener is added.
void loadChosenCatalogue().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // Off the first-render path: workbox-window loads after the page has.
  window.addEventListener('load', () => {
    void import('./sw-register').then((module) => module.registerServiceWorker());
  });
}
