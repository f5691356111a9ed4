import { fetchTenantConfig, fetchTenantLogo } from '../api/tenant.api';
import { whenDeviceDbInUse } from '../db/vault-peek';
import { setBranding } from './tenant.store';

/**
 * Fetches this hostname's config (and the logo when the config lacks one) and applies it.
 * Failures keep the cached or default branding: theming must never block the app.
 */
export async function loadTenantConfig(hostname: string = location.hostname): Promise<void> {
  try {
    const answer = await fetchTenantConfig(hostname);
    if (!answer.success) return;
    let config = answer.data;
    if (!config.logo_url) {
      const logo = await fetchTenantLogo(hostname).catch(() => null);
      if (logo?.success && logo.data.logo_url) config = { ...config, logo_url: logo.data.logo_url };
    }
    setBranding(config);
    // The outbox key: what is queued from now on is sealed for it. Kept once the device database
    // is in use: /login and a reload's lock screen load no Dexie (budgets.e2e.ts).
    const outboxKey = config.outbox_key;
    if (outboxKey && typeof indexedDB !== 'undefined') {
      whenDeviceDbInUse(() => void import('../db/outbox-key.actions').then((m) => m.keepOutboxKey(outboxKey)).catch(() => undefined));
    }
  } catch {
    // Offline or server down: the cached branding stays.
  }
}
