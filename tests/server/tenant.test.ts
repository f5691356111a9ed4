import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../../src/server/db/schema';
import { DEFAULT_MANIFEST_PATH, loadBaseManifest, tenantManifest } from '../../src/server/modules/tenant/manifest.service';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const PRICING = {
  interest_rate_pa: { MFI_BUSINESS_LOAN: 24, UNSECURED_BUSINESS_LOAN: 21 },
  processing_fee_rate: 0.02,
  gst_on_fee_rate: 0.18,
  insurance_rate: 0.01,
};
// DECISIONS.md "Key Fact Statement": the tenant defaults.
const DISCLOSURES = {
  contingent_charges: { penal_charge_per_instalment: 250, bounce_charge: 300, foreclosure_charge_rate: 0, gst_rate: 0.18 },
  insurer_name: 'Sahyog Sandbox General Insurance',
  grievance_officer: { name: 'Anita Desai', phone: '1800-000-0000', email: 'grievance@sahyog.example' },
  cooling_off_days: 3,
};

describe('GET /api/public/tenant/hostname/:hostname/config', () => {
  it.each([
    ['acfl.localhost', 'acfl', 'ACFL'],
    ['catfin.example.com', 'catfin', 'CatFin'],
    ['capitalneed.localhost:8080', 'capitalneed', 'CapitalNeed'],
    ['localhost', 'sahyog', 'Sahyog'],
    ['127.0.0.1', 'sahyog', 'Sahyog'],
    ['unknown.example.com', 'sahyog', 'Sahyog'],
  ])('%s → %s', async (hostname, tenant, displayName) => {
    // The Host header is another tenant's: the path parameter decides.
    const res = await get(ctx.app, `/api/public/tenant/hostname/${hostname}/config`, { tenant: 'catfin' === tenant ? 'acfl' : 'catfin' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      tenant,
      display_name: displayName,
      favicon_url: `/tenants/${tenant}/favicon.svg`,
      logo_url: `/tenants/${tenant}/logo.svg`,
      loan_pricing: PRICING,
      loan_disclosures: DISCLOSURES,
    });
  });

  it("serves the tenant's app lock idle time as set, and the database keeps it within 1 to 60 minutes", async () => {
    await ctx.db.update(tenants).set({ app_lock_idle_minutes: 12 }).where(eq(tenants.key, 'acfl'));
    expect((await get(ctx.app, '/api/public/tenant/hostname/acfl.localhost/config')).body.data.app_lock_idle_minutes).toBe(12);
    for (const minutes of [0, 61])
      await expect(ctx.db.update(tenants).set({ app_lock_idle_minutes: minutes }).where(eq(tenants.key, 'acfl'))).rejects.toThrow();
  });

  it('gives every tenant its own theme colour; catfin its own terms site, the others the default pages', async () => {
    const configs = await Promise.all(
      ['sahyog', 'catfin', 'capitalneed', 'acfl'].map(
        async (t) => (await get(ctx.app, `/api/public/tenant/hostname/${t}/config`)).body.data,
      ),
    );
    expect(new Set(configs.map((c) => c.theme_color)).size).toBe(4);
    for (const c of configs) expect(c.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const catfin = configs.find((c) => c.tenant === 'catfin');
    // The app lock's idle time: catfin sets its own, the others keep the default 5 minutes.
    expect(Object.fromEntries(configs.map((c) => [c.tenant, c.app_lock_idle_minutes]))).toEqual({
      sahyog: 5,
      catfin: 2,
      capitalneed: 5,
      acfl: 5,
    });
    expect(catfin.terms_url).toMatch(/^https:\/\/www\.catfin\.in\//);
    expect(catfin.privacy_url).toMatch(/^https:\/\/www\.catfin\.in\//);
    for (const c of configs.filter((c) => c.tenant !== 'catfin')) {
      expect(c.terms_url).toBe('/terms.html');
      expect(c.privacy_url).toBe('/privacy.html');
      expect(c.contact_url).not.toBe('');
    }
    expect(Object.keys(configs[0]).sort()).toEqual(
      [
        'app_lock_idle_minutes',
        'contact_url',
        'display_name',
        'favicon_url',
        'loan_disclosures',
        'loan_pricing',
        'logo_url',
        'outbox_key',
        'privacy_url',
        'terms_url',
        'tenant',
        'theme_color',
      ].sort(),
    );
  });
});

describe('GET /api/public/tenant/hostname/:hostname/logo', () => {
  it('answers the logo url of the hostname’s tenant', async () => {
    const res = await get(ctx.app, '/api/public/tenant/hostname/capitalneed.localhost/logo');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { logo_url: '/tenants/capitalneed/logo.svg' } });
  });
});

describe('GET /manifest.webmanifest', () => {
  it.each([
    ['acfl', 'ACFL'],
    ['catfin', 'CatFin'],
    ['sahyog', 'Sahyog'],
  ])('is the manifest of the Host’s tenant (%s)', async (tenant, name) => {
    const res = await ctx.app.inject({
      url: '/manifest.webmanifest',
      headers: { host: tenant === 'sahyog' ? '127.0.0.1:8080' : `${tenant}.localhost:8080` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers.vary).toMatch(/host/i);
    const manifest = res.json();
    const config = (await ctx.app.inject({ url: `/api/public/tenant/hostname/${tenant}/config` })).json().data;
    expect(manifest.name).toBe(name);
    expect(manifest.short_name).toBe(name);
    expect(manifest.theme_color).toBe(config.theme_color);
    expect(manifest.icons).toEqual([
      { src: `/tenants/${tenant}/icon-192.png`, sizes: '192x192', type: 'image/png' },
      { src: `/tenants/${tenant}/icon-512.png`, sizes: '512x512', type: 'image/png' },
      { src: `/tenants/${tenant}/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: `/tenants/${tenant}/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('keeps the other fields of the repository’s default manifest', async () => {
    const base = await loadBaseManifest(DEFAULT_MANIFEST_PATH);
    const res = await ctx.app.inject({ url: '/manifest.webmanifest', headers: { host: 'acfl.localhost' } });
    const { name: _n, short_name: _s, theme_color: _t, icons: _i, ...rest } = base;
    expect(res.json()).toMatchObject(rest);
    expect(res.json().start_url).toBeDefined();
  });

  it('falls back to a built-in default when the file is missing', async () => {
    const base = await loadBaseManifest('/nonexistent/manifest.webmanifest');
    const manifest = tenantManifest(base, {
      key: 'acfl',
      display_name: 'ACFL',
      theme_color: '#123456',
      terms_url: '',
      privacy_url: '',
      contact_url: '',
      pricing: PRICING,
      disclosures: DISCLOSURES,
      quotas: {},
      app_lock_idle_minutes: 5,
      holidays: [],
      agreement_clauses: null,
    });
    expect(manifest).toMatchObject({ name: 'ACFL', start_url: '/', display: 'standalone', theme_color: '#123456' });
  });
});
