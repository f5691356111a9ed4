// The server's messages in the borrower's and the request's language: the catalogues (catalogues/<language>.json, keyed by code), a message said by its code, the answers' translation hook.
export { registerAnswerLanguage } from './answer-language';
export { borrowerLanguageOf } from './borrower-language';
export {
  answerLanguageOf,
  carried,
  carrying,
  english,
  englishForms,
  hasTranslation,
  isSaying,
  messageCatalogues,
  messageIn,
  byEnglish,
  requestLanguage,
  said,
  sayIn,
  type MessageCode,
  type Said,
} from '../../messages/message-language';
