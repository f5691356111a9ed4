import { useEffect, useState } from 'react';
import { deviceName } from '../../../domain';
import { CLIENT_IDENTIFIER_HEADERS } from '../../api/http-rules';
import { deviceId } from '../../session/device-id';
import { thisDeviceLabel } from '../../session/device-label';

/** The code a manager sees for this phone: the end of the server's hash of the client identifier and the device id (deviceOf). */
async function thisDeviceCode(): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null; // not a secure context: the label alone
  const text = `${CLIENT_IDENTIFIER_HEADERS['client-identifier']}\n${deviceId()}`;
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest.slice(-3), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** This phone as the officers' devices list names it ("Android · Chrome 156 (…1E8CA3)"). */
export function useThisDevice(): string {
  const label = thisDeviceLabel();
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    thisDeviceCode()
      .then((made) => live && setCode(made))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return code ? deviceName(label, code) : label;
}
