export { pathOf, queuedPathOf, templateOf, type AnswerOf, type Route } from './route';
export { APPLICATION_ROUTES } from './applications.table';
export { BUSINESS_LOOKUP_ROUTES } from './business-lookups.table';
export { CO_APPLICANT_ROUTES } from './co-applicants.table';
export { FAMILY_MEMBER_ROUTES } from './family-members.table';
export { PINCODE_ROUTES } from './pincode.table';
export { STEP_ROUTES } from './steps.table';
export { TRACK_ROUTES } from './track.table';
