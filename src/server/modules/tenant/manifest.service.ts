import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../paths';
import { tenantAssetUrls, type Tenant } from '../../../domain';
import type { TenantRow } from '../../db/schema';

type WebManifest = Record<string, unknown>;

/** The repository's manifest.webmanifest is the default (sahyog) tenant's manifest. */
export const DEFAULT_MANIFEST_PATH = join(PROJECT_ROOT, 'manifest.webmanifest');

// Used only when the file is missing (a checkout without the front end).
const FALLBACK: WebManifest = {
  name: 'Sahyog',
  short_name: 'Sahyog',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
};

let base: Promise<WebManifest> | undefined;

async function readBase(path: URL | string): Promise<WebManifest> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as WebManifest;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return FALLBACK;
    throw err;
  }
}

export function loadBaseManifest(path: URL | string = DEFAULT_MANIFEST_PATH): Promise<WebManifest> {
  if (path !== DEFAULT_MANIFEST_PATH) return readBase(path);
  base ??= readBase(path).catch((err: unknown) => {
    base = undefined;
    throw err;
  });
  return base;
}

/** The default manifest with the tenant's name, colour and icons. */
export function tenantManifest(manifest: WebManifest, tenant: TenantRow): WebManifest {
  const urls = tenantAssetUrls(tenant.key as Tenant);
  const icon = (size: 192 | 512, purpose?: string) => ({
    src: size === 192 ? urls.icon_192_url : urls.icon_512_url,
    sizes: `${size}x${size}`,
    type: 'image/png',
    ...(purpose ? { purpose } : {}),
  });
  return {
    ...manifest,
    name: tenant.display_name,
    short_name: tenant.display_name,
    theme_color: tenant.theme_color,
    icons: [icon(192), icon(512), icon(192, 'maskable'), icon(512, 'maskable')],
  };
}
