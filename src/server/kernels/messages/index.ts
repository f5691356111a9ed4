// The server's messages in the borrower's and the request's language: the catalogues (catalogues/<language>.json), English's ICU formatting, the answers' translation hook.
export { registerAnswerLanguage } from './answer-language';
export { borrowerLanguageOf } from './borrower-language';
export { english } from './english';
export { answerLanguageOf, englishForms, hasTranslation, messageCatalogues, messageIn, requestLanguage } from './message-language';
