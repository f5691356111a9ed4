import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isRejectedCoApplicant } from '../../../domain';
import { notifyError } from '../../components/notify';
import type { RecordAnswer } from './use-record-answer';

type Options = {
  answer: RecordAnswer;
  /** The application's server id (in the URL). */
  serverId: string;
  /** The record's client id. */
  localId: string;
  /** The type typed, when the server's answer does not name it. */
  typeTyped: () => string;
  /** Reopens the form with the server's refusal. */
  reopen: (message: string) => void;
};

/**
 * What the form does once the submit's answer is known: the list (queued or answered), the
 * rejection page (the bureau rejected the co-applicant), or the form again with the refusal.
 */
export function useAfterAnswer({ answer, serverId, localId, typeTyped, reopen }: Options): void {
  const navigate = useNavigate();
  useEffect(() => {
    const list = `/application/co-applicants?id=${serverId}`;
    if (answer.kind === 'queued') navigate(list);
    else if (answer.kind === 'refused') reopen(answer.message);
    else if (answer.kind === 'answered') {
      const server = answer.record.server ?? {};
      const type = typeof server.type === 'string' ? server.type : typeTyped();
      if (isRejectedCoApplicant({ ...server, type })) {
        notifyError('Application Rejected!');
        navigate(`/application/rejection?id=${serverId}&type=${type}&co_applicant_id=${localId}`, { replace: true });
      } else {
        navigate(list);
      }
    }
  }, [answer.kind]);
}
