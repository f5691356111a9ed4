import * as z from 'zod/mini';
import { pincodeQuery } from '../shared/route-input.schema';
import { routeTable } from './route';

/** The pincode directory (spec 01 §7), public: the partner form (signed out) fills city and state from it too. */
export const PINCODE_ROUTES = routeTable({
  place: {
    method: 'GET',
    path: '/api/v1/pincode/get-city-state',
    query: pincodeQuery,
    answer: z.object({ city: z.string(), district: z.string(), state: z.string() }),
  },
  /** The whole directory, sent as its stored JSON text (not in the envelope): the schema documents it. */
  directory: {
    method: 'GET',
    path: '/api/v1/pincode/directory',
    answer: z.object({
      count: z.number(),
      states: z.array(z.string()),
      districts: z.array(z.string()),
      pins: z.record(z.string(), z.tuple([z.number(), z.number()])),
    }),
  },
});
