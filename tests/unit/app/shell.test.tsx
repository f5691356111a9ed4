// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, TENANT_BRANDING } from '../../../src/domain';
import { AppToaster } from '../../../src/app/components/app-toaster';
import { startLoading } from '../../../src/app/components/loading.store';
import { applyBranding, defaultBranding, getBranding, mergeBranding, setBranding } from '../../../src/app/tenant/tenant.store';
import { renderRoutes, resetDevice, teardown } from './test-utils';

describe('loading overlay', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it('dims the screen, makes the content inert and busy, and announces loading', () => {
    renderRoutes('/login');
    const card = document.querySelector('.app-card')!;
    expect(card.hasAttribute('inert')).toBe(false);
    let stop!: () => void;
    act(() => {
      stop = startLoading();
    });
    expect(card.hasAttribute('inert')).toBe(true);
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(document.querySelector('.loading-overlay')).not.toBeNull();
    expect(screen.getByText('Loading...')).toBeTruthy();
    act(() => stop());
    expect(card.hasAttribute('inert')).toBe(false);
    expect(document.querySelector('.loading-overlay')).toBeNull();
  });

  it('stays on until the last of overlapping operations ends', () => {
    renderRoutes('/login');
    let first!: () => void;
    let second!: () => void;
    act(() => {
      first = startLoading();
      second = startLoading();
    });
    act(() => first());
    expect(document.querySelector('.loading-overlay')).not.toBeNull();
    act(() => second());
    expect(document.querySelector('.loading-overlay')).toBeNull();
  });
});

describe('toasts', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it('keeps at most 20 at once (react-hot-toast 2.6 toastLimit = LIMITS.toastMax)', () => {
    render(<AppToaster />);
    const { result } = renderHook(() => useToasterStore());
    act(() => {
      for (let i = 0; i < 25; i += 1) toast.error(`Error ${i}`);
    });
    expect(LIMITS.toastMax).toBe(20);
    expect(result.current.toasts).toHaveLength(LIMITS.toastMax);
    expect(screen.queryByText('Error 0')).toBeNull();
    expect(screen.getByText('Error 24')).toBeTruthy();
  });

  it('stack below the header, never over it or the sync badge (--toast-top, set for the phone and the framed desktop)', () => {
    render(<AppToaster />);
    act(() => {
      toast.error('Below the header');
    });
    const container = document.querySelector<HTMLElement>('[data-rht-toaster]')!;
    expect(container.style.top).toBe('var(--toast-top, 80px)');
    const css = readFileSync(resolve(process.cwd(), 'src/app/styles/shell.css'), 'utf8');
    // The header: 0.75rem padding above and below a 44 px row, and its 3 px rule.
    expect(css).toMatch(/\.app-header \{[^}]*padding: 0\.75rem 1rem;[^}]*border-bottom: 3px/);
    expect(css).toContain('--header-height: calc(1.5rem + 44px + 3px);');
    expect(css).toContain('--toast-top: calc(var(--frame-top) + var(--header-height) + 0.5rem);');
    // From 1024 px the card sits 3rem down in the frame, and so do the toasts.
    expect(css).toMatch(/@media \(min-width: 1024px\) \{\s*:root \{\s*--frame-top: 3rem;/);
  });
});

describe('tenant theming', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it('defaults from the hostname', () => {
    expect(defaultBranding('acfl.localhost')).toMatchObject({
      display_name: 'ACFL',
      theme_color: TENANT_BRANDING.acfl.theme_color,
      logo_url: '/tenants/acfl/logo.svg',
      favicon_url: '/tenants/acfl/favicon.svg',
      terms_url: '/terms.html',
    });
    expect(defaultBranding('localhost').display_name).toBe('Sahyog');
  });

  it('merges only non-empty string fields of a config', () => {
    const base = defaultBranding('localhost');
    expect(mergeBranding(base, { display_name: 'Catfin', terms_url: '', theme_color: 42 })).toEqual({ ...base, display_name: 'Catfin' });
    expect(mergeBranding(base, null)).toBe(base);
  });

  it('applies title, favicon, theme-color meta and --theme, and caches the config for an offline start', () => {
    setBranding({
      display_name: 'Catfin',
      theme_color: '#7c3aed',
      favicon_url: '/tenants/catfin/favicon.svg',
      logo_url: '/tenants/catfin/logo.svg',
      terms_url: 'https://terms.catfin.example/terms',
    });
    expect(document.title).toBe('Catfin');
    expect(document.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/tenants/catfin/favicon.svg');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#7c3aed');
    expect(document.documentElement.style.getPropertyValue('--theme')).toBe('#7c3aed');
    expect(JSON.parse(localStorage.getItem('tenant_config')!)).toMatchObject({ display_name: 'Catfin' });
    expect(getBranding().terms_url).toBe('https://terms.catfin.example/terms');
    applyBranding(defaultBranding('localhost'));
    expect(document.title).toBe('Sahyog');
  });

  it('the login footer links follow the tenant', () => {
    setBranding({
      terms_url: 'https://terms.catfin.example/terms',
      privacy_url: 'https://terms.catfin.example/privacy',
      contact_url: 'https://catfin.example/contact',
    });
    renderRoutes('/login');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('https://terms.catfin.example/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://terms.catfin.example/privacy');
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('https://catfin.example/contact');
    setBranding({});
  });
});
