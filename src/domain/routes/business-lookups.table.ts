import * as z from 'zod/mini';
import { routeTable } from './route';

/** The lists the business and bank forms choose from (spec 02 §3, §7): public, the signed-out applicant flow reads them too. */
export const BUSINESS_LOOKUP_ROUTES = routeTable({
  banks: { method: 'GET', path: '/api/v1/bank/list', answer: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })) },
  categories: {
    method: 'GET',
    path: '/api/v1/mfi/business-category',
    answer: z.array(z.object({ sector: z.string(), businessCategory: z.array(z.string()) })),
  },
});
