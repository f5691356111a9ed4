import { Navigate, Outlet } from 'react-router-dom';
import { useToken } from '../session/use-session';

/** Signed-in only: others go to /login (replace). */
export function RequireSignedIn() {
  return useToken() ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Signed-out only: signed-in users go to / (replace). */
export function RequireSignedOut() {
  return useToken() ? <Navigate to="/" replace /> : <Outlet />;
}
