import type { LocalApplication } from '../db/records';

type ServerApplication = {
  id?: string;
  application_id?: string;
  tracker_id?: string;
  status?: string;
  stage?: string[];
  name?: string;
  phone?: string;
  rejection_reason?: string;
  approval_checks?: { decision?: string; rejected?: boolean; reasons?: string[] };
  bureau_deviation_exists?: boolean;
  deviations?: { type?: string; status?: string }[];
};

function asServerApplication(data: unknown): ServerApplication {
  return data && typeof data === 'object' ? (data as ServerApplication) : {};
}

/**
 * Merges a server answer about an application into its local mirror. Pure: the server is the
 * authority on status and stages; local-only fields (local id, sync state) are kept; an answer
 * that matters to the officer (rejection, deviation) becomes the application's notice.
 */
export function reconcileApplication(local: LocalApplication, data: unknown, now: number): LocalApplication {
  const server = asServerApplication(data);
  const next: LocalApplication = {
    ...local,
    serverId: server.id ?? server.application_id ?? local.serverId,
    tracker_id: server.tracker_id ?? local.tracker_id,
    status: server.status ?? local.status,
    stage: Array.isArray(server.stage) ? server.stage : local.stage,
    name: server.name ?? local.name,
    phone: server.phone ?? local.phone,
    server: { ...local.server, ...server },
    updatedAt: now,
  };
  const rejected =
    server.approval_checks?.rejected === true || server.approval_checks?.decision === 'REJECTED' || server.status === 'REJECTED';
  if (rejected) {
    const reasons = server.approval_checks?.reasons ?? (server.rejection_reason ? [server.rejection_reason] : []);
    next.notice = { kind: 'rejected', message: reasons.map((r) => r.replaceAll('_', ' ')).join(', ') || 'Rejected', at: now };
  } else if (server.bureau_deviation_exists || server.deviations?.some((d) => d.status !== 'APPROVED')) {
    next.notice = {
      kind: 'deviation',
      message:
        server.deviations
          ?.map((d) => d.type)
          .filter(Boolean)
          .join(', ') || 'Deviation',
      at: now,
    };
  }
  return next;
}

/** `data.application_id`-style paths into an answer body. */
export function readPath(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), body);
}

/** The message of an error answer, as the server's envelope carries it. */
export function answerMessage(body: unknown, status: number): string {
  const message = readPath(body, 'message');
  if (typeof message === 'string' && message) return message;
  if (typeof body === 'string' && body && body.length < 300) return body;
  return `The server refused this item (HTTP ${status}).`;
}
