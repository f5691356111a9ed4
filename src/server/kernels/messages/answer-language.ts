import { isObject } from '../../../domain/is-object';
import type { FastifyInstance } from 'fastify';
import { answerLanguageOf, messageIn } from './message-language';

const hasMessage = (payload: unknown): payload is { message: string } => isObject(payload) && typeof payload.message === 'string';

/**
 * Every answer's `message` in the language the request asks for with `Accept-Language` (the app
 * sends its own): the one place the server's messages are translated (issue 21 D5), whichever
 * route, envelope or refusal built them. Without the header, or for a language the catalogue does
 * not have, the messages are English as written.
 */
export function registerAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!hasMessage(payload)) return payload;
    const vary = reply.getHeader('vary');
    if (
      !String(vary ?? '')
        .toLowerCase()
        .includes('accept-language')
    )
      reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    const language = answerLanguageOf(request.headers['accept-language']);
    return language === 'en' ? payload : { ...payload, message: messageIn(payload.message, language) };
  });
}
