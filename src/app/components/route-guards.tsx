import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { publicStepOf } from '../../domain';
import { useGuestToken, useStaffSession } from '../session/use-session';

/**
 * Signed-in only: others go to /login (replace). A borrower in the public applicant flow (a guest
 * token, no staff session) is on the staff step screens under /apply-loan: a step's way on to
 * `/application/<step>` takes them to the public step it means there.
 */
export function RequireSignedIn() {
  // Locked, the token is sealed: still signed in, and the app lock asks for the PIN.
  const signedIn = useStaffSession();
  const guest = useGuestToken();
  const { pathname, search } = useLocation();
  if (signedIn) return <Outlet />;
  const step = guest ? publicStepOf(pathname) : null;
  return <Navigate to={step ? `/apply-loan/${step}${search}` : '/login'} replace />;
}

/** Signed-out only: signed-in users go to / (replace). */
export function RequireSignedOut() {
  return useStaffSession() ? <Navigate to="/" replace /> : <Outlet />;
}

/** The public flow's steps after the mobile: a guest token is needed, else back to its first screen. */
export function RequireGuest() {
  return useGuestToken() ? <Outlet /> : <Navigate to="/apply-loan/mobile" replace />;
}
