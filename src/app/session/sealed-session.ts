import {
  clearSession,
  getSendToken,
  getToken,
  holdSession,
  isSessionSealed,
  onHeldProfileChange,
  removeToken,
  setSendToken,
} from './session.storage';

/**
 * Issue 31 S3: a locked phone holds nothing that reads data. Once the data key is in memory (a PIN
 * set, an unlock), the session token and the profile are sealed under it and held in memory only;
 * the lock forgets them (app-lock.store.ts). What stays in clear is the send-only credential, which
 * delivers the sealed outbox and reads nothing. The device database loads lazily, as in app-lock.store.
 */
const actions = () => import('../db/device-vault.actions');

// The profile fetched while unlocked replaces the sealed copy.
onHeldProfileChange((session) => void actions().then((device) => device.sealSessionHere(session).catch(() => false)));

/** The data key is in memory: a session still in clear is sealed under it, else the sealed one is opened. */
export async function sealOrOpenSession(): Promise<void> {
  let device: Awaited<ReturnType<typeof actions>>;
  try {
    device = await actions();
  } catch {
    return; // no device database: the session stays where it is
  }
  const clear = clearSession();
  if (clear) {
    // No IndexedDB (private mode): it stays in localStorage, as nothing else is stored either.
    if (await device.sealSessionHere(clear).catch(() => false)) holdSession(clear);
  } else if (isSessionSealed()) {
    const kept = await device.openSessionHere().catch(() => undefined);
    if (kept) holdSession(kept);
    else removeToken(); // its sealed copy went with a forgotten PIN: signed out
  }
  if (getToken() && !getSendToken()) void renewSendToken();
}

/** A session signed in before send-only credentials existed asks for one, so the locked phone can deliver. */
async function renewSendToken(): Promise<void> {
  try {
    const { requestSendToken } = await import('../api/user.api');
    const answer = await requestSendToken();
    if (answer.success && answer.data.send_token && getToken()) setSendToken(answer.data.send_token);
  } catch {
    // Offline: asked again at the next unlock; meanwhile the outbox sends while unlocked.
  }
}

/** Signed out: the sealed session goes too (a delete needs no data key). */
export async function dropSealedSession(): Promise<void> {
  try {
    await (await actions()).dropSessionHere();
  } catch {
    // No device database: nothing was sealed.
  }
}
