import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './routes';
import { SyncRuntimeGate } from './components/sync-runtime-gate';
import { SessionBootstrap } from './session/session-bootstrap';

/** Everything under the router (tests mount this in a MemoryRouter). */
export function AppContent() {
  return (
    <>
      <SessionBootstrap />
      <SyncRuntimeGate />
      <AppRoutes />
    </>
  );
}

export function App() {
  return (
    <HashRouter>
      <AppContent />
    </HashRouter>
  );
}
