import type { FastifyInstance } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import type { CalendarDate } from '../../domain';
import type { Route } from '../../domain/routes/route';
import { answers } from './route-responses';
import { dated } from './route-schemas';

type Part<R, K extends string> = R extends { [key in K]: infer S } ? (S extends (today: CalendarDate) => infer D ? D : S) : undefined;
type BodyOf<R, B> = B extends $ZodType ? B : Part<R, 'body'>;

/**
 * What a route plugin adds to a table entry: a body of the server's own, the day of a body with a
 * rule of the calendar, more refusals, or another answer.
 */
type Extra<B> = { body?: B; today?: () => CalendarDate; more?: readonly number[]; response?: Record<number, $ZodType> };

function bodyOf(route: Route, extra: Extra<$ZodType | undefined>): $ZodType | undefined {
  if (extra.body) return extra.body;
  if (typeof route.body !== 'function') return route.body;
  if (!extra.today) throw new Error(`${route.method} ${route.path}: its body is of a day, and no day was given`);
  return dated(extra.today, route.body);
}

/**
 * The method, URL and schema of a route table entry (domain/routes) for `app.route`, within the
 * plugin's prefix: the URL is the table's path after the prefix, so a path is written once. The
 * schema is the entry's (params, query, body, of the request's day where it has a rule of the
 * calendar; the answer in the envelope with the shared refusals), with the route's own body where
 * the table leaves it to the server.
 */
export function tableRoute<R extends Route, B extends $ZodType | undefined = undefined>(
  app: FastifyInstance,
  route: R,
  extra: Extra<B> = {},
) {
  if (!route.path.startsWith(app.prefix)) throw new Error(`${route.method} ${route.path} is outside ${app.prefix}`);
  const body = bodyOf(route, extra);
  const response = extra.response ?? answers(route.answer ?? missingAnswer(route), extra.more);
  const schema = {
    ...(route.params && { params: route.params }),
    ...(route.query && { querystring: route.query }),
    ...(body && { body }),
    response,
  } as { params: Part<R, 'params'>; querystring: Part<R, 'query'>; body: BodyOf<R, B>; response: Record<number, $ZodType> };
  return { method: route.method, url: route.path.slice(app.prefix.length), schema };
}

function missingAnswer(route: Route): never {
  throw new Error(`${route.method} ${route.path} names no answer`);
}
