import type { LocalApplication } from '../../db/records';

/** The application's status as the server last said (the phone's copy until then). */
export const statusOf = (app: LocalApplication): string => (typeof app.server?.status === 'string' ? app.server.status : app.status);
