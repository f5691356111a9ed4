import * as z from 'zod/mini';

// The path parameters of the application routes. Any string is taken: an id that cannot exist
// is answered as an unknown one (404, "Application not found"), so the path reveals nothing the
// lookup would not; the service's lookup checks its shape (application-access.ts).

const recordId = (what: string) => z.string().register(z.globalRegistry, { description: `the ${what}'s id (32 lowercase hex characters)` });

/** `/:id`: an application. */
export const applicationParams = z.object({ id: recordId('application') });
/** `/co-applicant/:coId`. */
export const coApplicantParams = z.object({ coId: recordId('co-applicant') });
/** `/:id/co-applicant/:coId/...`. */
export const applicationCoApplicantParams = z.object({ id: recordId('application'), coId: recordId('co-applicant') });
/** `/family-member/:fid`. */
export const familyMemberParams = z.object({ fid: recordId('family member') });
