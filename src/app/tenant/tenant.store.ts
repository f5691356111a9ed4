import { objectOrNull } from '../../domain/shared/is-object';
import { useSyncExternalStore } from 'react';
import {
  appLockIdleMinutes,
  DEFAULT_PRIVACY_URL,
  DEFAULT_TERMS_URL,
  TENANT_BRANDING,
  tenantAssetUrls,
  tenantFromHostname,
  type TenantConfig,
} from '../../domain';
import { DEVICE_KEYS } from '../session/local-keys';
import { readJson, writeItem } from '../session/safe-storage';

/** What the shell uses of the tenant config. */
export type TenantBranding = Pick<
  TenantConfig,
  'display_name' | 'favicon_url' | 'logo_url' | 'theme_color' | 'terms_url' | 'privacy_url' | 'contact_url'
>;

const BRANDING_FIELDS = [
  'display_name',
  'favicon_url',
  'logo_url',
  'theme_color',
  'terms_url',
  'privacy_url',
  'contact_url',
] as const satisfies readonly (keyof TenantBranding)[];

export function defaultBranding(hostname: string): TenantBranding {
  const tenant = tenantFromHostname(hostname);
  const { logo_url, favicon_url } = tenantAssetUrls(tenant);
  return {
    ...TENANT_BRANDING[tenant],
    logo_url,
    favicon_url,
    terms_url: DEFAULT_TERMS_URL,
    privacy_url: DEFAULT_PRIVACY_URL,
    contact_url: `${DEFAULT_TERMS_URL}#contact`,
  };
}

/** Fields of `config` that are non-empty strings win over `base`. */
export function mergeBranding(base: TenantBranding, config: unknown): TenantBranding {
  if (typeof config !== 'object' || config === null) return base;
  const merged = { ...base };
  for (const field of BRANDING_FIELDS) {
    const value = (config as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') merged[field] = value.trim();
  }
  return merged;
}

const hostname = () => (typeof location === 'undefined' ? 'localhost' : location.hostname);
const listeners = new Set<() => void>();
let branding: TenantBranding = mergeBranding(defaultBranding(hostname()), readJson(DEVICE_KEYS.tenantConfig));

export function getBranding(): TenantBranding {
  return branding;
}

/**
 * Stores a fetched config (kept for an offline start) and re-themes the page. Besides the
 * branding, the device keeps the tenant's app lock idle time (app-lock.store.ts idleLockMs reads it).
 */
export function setBranding(config: unknown): void {
  branding = mergeBranding(defaultBranding(hostname()), config);
  const idle = objectOrNull(config)?.app_lock_idle_minutes;
  writeItem(DEVICE_KEYS.tenantConfig, JSON.stringify({ ...branding, app_lock_idle_minutes: appLockIdleMinutes(idle) }));
  applyBranding(branding);
  for (const listener of [...listeners]) listener();
}

/** Document title, favicon, `<meta name=theme-color>` and the `--theme` CSS variable. */
export function applyBranding(value: TenantBranding = branding): void {
  if (typeof document === 'undefined') return;
  document.title = value.display_name;
  document.documentElement.style.setProperty('--theme', value.theme_color);
  setHeadElement('link[rel="icon"]', 'link', { rel: 'icon', href: value.favicon_url, type: 'image/svg+xml' });
  setHeadElement('meta[name="theme-color"]', 'meta', { name: 'theme-color', content: value.theme_color });
}

function setHeadElement(selector: string, tag: 'link' | 'meta', attributes: Record<string, string>): void {
  let element = document.head.querySelector(selector);
  if (!element) {
    element = document.createElement(tag);
    document.head.appendChild(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBranding(): TenantBranding {
  return useSyncExternalStore(subscribe, getBranding, getBranding);
}
