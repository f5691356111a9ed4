import { isObject } from '../../../domain/shared/is-object';
import type { FastifyInstance } from 'fastify';
import { answerLanguageOf, carried, sayIn } from '../../messages/message-language';

const hasMessage = (payload: unknown): payload is { message: string } => isObject(payload) && typeof payload.message === 'string';

/**
 * Every answer's `message` in the language the request asks for with `Accept-Language` (the app
 * sends its own): the one place the server's messages are translated (issue 21 D5), whichever
 * route, envelope or refusal built them: by the code the message was said with (`said`, carried
 * by `ok`, `fail` and `refuse`), never by its English text (issue 38). Without the header the
 * messages are English as written.
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
    if (language === 'en') return payload;
    // Said by code: that code's message in the language. A message without one is a text no
    // catalogue has (a provider's words, a framework's), answered as written.
    const said = carried(payload);
    return said ? { ...payload, message: sayIn(said, language) } : payload;
  });
}
