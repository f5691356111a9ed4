import type { $ZodType, output } from 'zod/v4/core';
import type { CalendarDate } from '../shared/dates';

/**
 * One HTTP operation, written once for the app's API clients, the outbox's planners and the
 * server's route plugins: the method, the path in Fastify's spelling from the host's root
 * (`/api/v1/app/mfi/:id/basic-info`: the API's base, then `:name` for each path parameter), and
 * the domain's schemas of what it takes and answers. `answer` is the envelope's `data`; a body
 * with a rule of the calendar (an age, a date not in the future) is the form's schema of a day. A
 * body left out is the server's own (a form the server extends, a patch of any borrower fields).
 */
export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: $ZodType;
  query?: $ZodType;
  body?: $ZodType | ((today: CalendarDate) => $ZodType);
  answer?: $ZodType;
};

/** What a table entry answers (the envelope's `data`), as the app reads it: its answer schema's output. */
export type AnswerOf<R extends Route> = R['answer'] extends $ZodType ? output<R['answer']> : never;

/** A table of routes, its entries' schemas kept as written (typed for the server's handlers). */
export const routeTable = <const T extends Record<string, Route>>(table: T): T => table;

/** The path after its API base (`/api`, `/verification`, `/banking`): what an API client's base is joined with. */
const afterBase = (path: string) => path.slice(path.indexOf('/', 1));

function filled(route: Route, values: Readonly<Record<string, string>>, fill: (value: string) => string): string {
  return afterBase(route.path).replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for :${name}`);
    return fill(value);
  });
}

/** The URL an API client asks for, relative to its base: each path parameter filled and encoded. */
export const pathOf = (route: Route, values: Readonly<Record<string, string>> = {}): string => filled(route, values, encodeURIComponent);

/**
 * The URL with placeholders in place of its parameters (`{app}`, filled by the outbox when the
 * application's server id is known; `{id}` of a versioned record's key), written as given.
 */
export const templateOf = (route: Route, placeholders: Readonly<Record<string, string>>): string =>
  filled(route, placeholders, (value) => value);

/** The URL of a queued write of an application: `:id` as `{app}`, which the outbox fills once the application's server id is known. */
export const queuedPathOf = (route: Route): string => templateOf(route, { id: '{app}' });
