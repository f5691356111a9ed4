import { DEFAULT_PRIVACY_URL, DEFAULT_TERMS_URL, TENANT_BRANDING, type Tenant } from '../../domain';
import { DEFAULT_LOAN_DISCLOSURES, DEFAULT_LOAN_PRICING } from '../../domain/offer/loan-pricing';
import type { tenants, users } from './schema';

type TenantSeed = typeof tenants.$inferInsert & { key: Tenant };
type UserSeed = Omit<typeof users.$inferInsert, 'tenant_id'>;

const pricing = () => ({ ...DEFAULT_LOAN_PRICING, interest_rate_pa: { ...DEFAULT_LOAN_PRICING.interest_rate_pa } });
const disclosures = () => structuredClone(DEFAULT_LOAN_DISCLOSURES) as typeof tenants.$inferInsert.disclosures;

/** Default terms and privacy pages are static files of the PWA (public/). */
const defaultPages = (tenant: Tenant) => ({
  terms_url: DEFAULT_TERMS_URL,
  privacy_url: DEFAULT_PRIVACY_URL,
  contact_url: `mailto:support@${tenant}.example`,
});
const colour = (tenant: Tenant) => TENANT_BRANDING[tenant].theme_color;

export const TENANT_SEEDS: readonly TenantSeed[] = [
  {
    key: 'sahyog',
    display_name: TENANT_BRANDING.sahyog.display_name,
    theme_color: colour('sahyog'),
    ...defaultPages('sahyog'),
    pricing: pricing(),
    disclosures: disclosures(),
  },
  {
    key: 'catfin',
    display_name: TENANT_BRANDING.catfin.display_name,
    theme_color: colour('catfin'),
    terms_url: 'https://www.catfin.in/terms',
    privacy_url: 'https://www.catfin.in/privacy',
    contact_url: 'https://www.catfin.in/contact',
    pricing: pricing(),
    disclosures: disclosures(),
    // A tenant with its own app lock idle time (the others keep the default 5 minutes).
    app_lock_idle_minutes: 2,
  },
  {
    key: 'capitalneed',
    display_name: TENANT_BRANDING.capitalneed.display_name,
    theme_color: colour('capitalneed'),
    ...defaultPages('capitalneed'),
    pricing: pricing(),
    disclosures: disclosures(),
  },
  {
    key: 'acfl',
    display_name: TENANT_BRANDING.acfl.display_name,
    theme_color: colour('acfl'),
    ...defaultPages('acfl'),
    pricing: pricing(),
    disclosures: disclosures(),
  },
];

/** DECISIONS.md demo users; the same mobiles exist in every tenant. */
export const DEMO_USERS: readonly UserSeed[] = [
  {
    mobile: '9000000001',
    first_name: 'Ravi',
    last_name: 'Kumar',
    email: 'ravi.kumar@sahyog.example',
    role: 'MFI_EMPLOYEE',
    mfi_employee: 'RELATIONSHIP_OFFICER',
    address: 'Branch office, 14 Station Road',
    pincode: '411001',
    city: 'Pune',
    state: 'Maharashtra',
  },
  {
    mobile: '9000000002',
    first_name: 'Meena',
    last_name: 'Sharma',
    email: 'meena.sharma@sahyog.example',
    role: 'MFI_EMPLOYEE',
    mfi_employee: 'BRANCH_CREDIT_MANAGER',
  },
  {
    mobile: '9000000003',
    first_name: 'Arjun',
    last_name: 'Singh',
    email: 'arjun.singh@sahyog.example',
    role: 'MFI_EMPLOYEE',
    mfi_employee: 'BRANCH_MANAGER',
  },
  {
    mobile: '9000000004',
    first_name: 'Kavita',
    last_name: 'Rao',
    email: 'kavita.rao@example.com',
    role: 'AGENT',
    mfi_employee: null,
    account_number: '123456789012',
    bank_name: 'State Bank of India',
    ifsc: 'SBIN0001234',
  },
  // An employee whose designation is none of the allowed three: the app logs them out ('Invalid role').
  { mobile: '9000000005', first_name: 'Suresh', last_name: 'Patil', role: 'MFI_EMPLOYEE', mfi_employee: 'AREA_MANAGER' },
];
