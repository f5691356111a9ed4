import { BUSINESS_LOOKUP_ROUTES, pathOf, type BankListItem, type BusinessCategoryItem, type Envelope } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';
import { cacheLookup, LOOKUP_KEYS, type LookupKey } from '../db/lookups.actions';

// The lists the business and bank forms choose from (spec 02 §7); the screens keep them on the
// phone (db/lookups) so a form opened offline still has them.

export const fetchBankList = (): Promise<Envelope<BankListItem[]>> => requestEnvelope(mainApi.get(pathOf(BUSINESS_LOOKUP_ROUTES.banks)));

export const fetchBusinessCategories = (): Promise<Envelope<BusinessCategoryItem[]>> =>
  requestEnvelope(mainApi.get(pathOf(BUSINESS_LOOKUP_ROUTES.categories)));

/** Fetches a list and keeps it on the phone; a failure keeps the previous copy (spec 02 §8: logged only). */
async function refresh<T>(key: LookupKey, load: () => Promise<Envelope<T[]>>): Promise<void> {
  try {
    const answer = await load();
    if (answer.success && Array.isArray(answer.data)) await cacheLookup(key, answer.data);
  } catch (error) {
    console.warn(`The ${key} could not be refreshed`, error);
  }
}

export const refreshBankList = () => refresh(LOOKUP_KEYS.bankList, fetchBankList);
export const refreshBusinessCategories = () => refresh(LOOKUP_KEYS.businessCategories, fetchBusinessCategories);
