/**
 * Sectors of business and the categories under each (DECISIONS.md "Business, bank and field
 * verification": at least Manufacturing, Trading, Services, Agriculture and allied, Others). The
 * server answers this table at `GET /api/v1/mfi/business-category`; the business schema checks a
 * category against its sector with it, so both sides hold the same list.
 */
export const BUSINESS_SECTORS = ['Manufacturing', 'Trading', 'Services', 'Agriculture and allied', 'Others'] as const;
export type BusinessSector = (typeof BUSINESS_SECTORS)[number];
/** The sector that reveals its own input (`sector_of_business_other`). */
export const OTHER_SECTOR: BusinessSector = 'Others';

export const BUSINESS_CATEGORIES_BY_SECTOR = {
  Manufacturing: [
    'Food processing',
    'Garments and textiles',
    'Handicrafts',
    'Furniture and woodwork',
    'Metal and fabrication',
    'Printing and packaging',
    'Others',
  ],
  Trading: [
    'Kirana and general store',
    'Wholesale trade',
    'Vegetables and fruits',
    'Clothing and footwear',
    'Hardware and building material',
    'Mobile and electronics',
    'Medical store',
    'Others',
  ],
  Services: [
    'Beauty parlour and salon',
    'Tailoring',
    'Repair and servicing',
    'Transport and taxi',
    'Restaurant and food stall',
    'Education and coaching',
    'Others',
  ],
  'Agriculture and allied': ['Dairy', 'Poultry', 'Goat and sheep rearing', 'Fisheries', 'Crop cultivation', 'Others'],
  Others: ['Others'],
} as const satisfies Record<BusinessSector, readonly string[]>;

/** Every category of every sector, once, in table order. */
export const BUSINESS_CATEGORIES = [...new Set(Object.values(BUSINESS_CATEGORIES_BY_SECTOR).flat())] as unknown as readonly [
  string,
  ...string[],
];

export const categoriesOfSector = (sector: unknown): readonly string[] =>
  typeof sector === 'string' && Object.hasOwn(BUSINESS_CATEGORIES_BY_SECTOR, sector)
    ? BUSINESS_CATEGORIES_BY_SECTOR[sector as BusinessSector]
    : [];

/** The list item of `GET /api/v1/mfi/business-category` (spec 02 §3: sector, businessCategory). */
export type BusinessCategoryItem = { sector: BusinessSector; businessCategory: string[] };
export const businessCategoryList = (): BusinessCategoryItem[] =>
  BUSINESS_SECTORS.map((sector) => ({ sector, businessCategory: [...BUSINESS_CATEGORIES_BY_SECTOR[sector]] }));

/** A bank of `GET /api/v1/bank/list` (spec 02 §3: id, name, code). */
export type BankListItem = { id: number; name: string; code: string };
