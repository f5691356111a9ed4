import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';
import { carrying, english, said, type Said } from '../messages/message-language';

/** The largest JSON body any route takes (a whole application PATCH is a few KB). */
export const JSON_BODY_LIMIT = 256 * 1024;
/** Deeper nesting than any request of the API; checked before parsing, so nothing recurses deeper. */
export const JSON_MAX_DEPTH = 16;

export const INPUT_MSG = {
  empty: said('input.empty'),
  malformed: said('input.malformed'),
  tooDeep: said('input.tooDeep'), // deeper than JSON_MAX_DEPTH levels
  badText: said('input.badText'),
  forbiddenKey: said('input.forbiddenKey'),
} as const;

/** The request's problem, thrown from the parser: the error handler answers 400 with its message. */
class BadInput extends Error {
  readonly statusCode = 400;
  constructor(message: Said) {
    super(english(message));
    carrying(this, message);
  }
}

/** Nesting depth of JSON text, counted without parsing (brackets inside strings do not count). */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** NUL is never text a person typed; an unpaired surrogate is not Unicode and breaks storage. */
export const isCleanText = (value: string) => !value.includes('\u0000') && value.isWellFormed();

/** The first problem with the strings and keys of a parsed value, walked without recursion. */
export function findBadValue(root: unknown): Said | null {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!isCleanText(value)) return INPUT_MSG.badText;
    } else if (value && typeof value === 'object') {
      if (isMultipartPart(value)) {
        if (value.type === 'field' && typeof value.value === 'string' && !isCleanText(value.value)) return INPUT_MSG.badText;
        if (typeof value.filename === 'string' && !isCleanText(value.filename)) return INPUT_MSG.badText;
        continue;
      }
      for (const [key, item] of Object.entries(value)) {
        if (key === '__proto__' || (key === 'constructor' && item && typeof item === 'object' && 'prototype' in item))
          return INPUT_MSG.forbiddenKey;
        if (!isCleanText(key)) return INPUT_MSG.badText;
        stack.push(item);
      }
    }
  }
  return null;
}

type Part = { type: 'field' | 'file'; value?: unknown; filename?: string; fieldname: string };
const isMultipartPart = (value: object): value is Part =>
  'fieldname' in value && 'type' in value && ((value as Part).type === 'field' || (value as Part).type === 'file');

export function parseJson(text: string): unknown {
  if (text.trim() === '') throw new BadInput(INPUT_MSG.empty);
  if (jsonDepth(text, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) throw new BadInput(INPUT_MSG.tooDeep);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadInput(INPUT_MSG.malformed);
  }
  const problem = findBadValue(value);
  if (problem) throw new BadInput(problem);
  return value;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** 'multipart' while the multipart plugin reads the parts, 'read' after (the error handler tells its errors apart). */
    bodyStage?: 'multipart' | 'read';
  }
}

async function checkQueryAndParams(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  request.bodyStage = 'read';
  const problem =
    findBadValue(request.params) ?? findBadValue(request.query) ?? (request.isMultipart() ? findBadValue(request.body) : null);
  return problem ? fail(reply, 400, problem) : undefined;
}

/**
 * The one input layer of the API, ahead of every route and of the idempotency fingerprint: JSON
 * bodies are limited in size and depth before they are parsed, multipart bodies are read into
 * their parts (@fastify/multipart, fields attached to the body), and no string (JSON values and
 * keys, query, path parameters, multipart fields and file names) may hold NUL or an unpaired
 * surrogate.
 */
export async function registerInputHygiene(app: FastifyInstance, options: { uploadMaxBytes: number }): Promise<void> {
  // The multipart plugin reads the parts in a preValidation hook of its own; the hooks on either
  // side of it mark the time it reads, so an error it throws is answered as a malformed body.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.bodyStage = 'multipart';
  });
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: options.uploadMaxBytes, files: 10, fields: 20, fieldSize: 64 * 1024 },
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', checkQueryAndParams);
}
