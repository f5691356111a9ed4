import { deviceLabel, type DeviceHints } from '../../domain/identity/device-label';

/**
 * This phone's short label (domain deviceLabel), sent with a login so a manager can tell the
 * officer's phones apart. Its own module: the sign-in loads it, not /login's first paint.
 */
export const thisDeviceLabel = (): string =>
  deviceLabel(navigator.userAgent, (navigator as Navigator & { userAgentData?: DeviceHints }).userAgentData);
