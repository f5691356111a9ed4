import type { DeviceMarkedLost, Envelope, StaffMember, UserDevice } from '../../domain';
import { DEVICE_PATHS } from '../../domain/routes/devices.paths';
import { pathOf } from '../../domain/routes/route';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** The branch manager's list of the tenant's officers (GET /api/v1/users). */
export function listStaff(): Promise<Envelope<StaffMember[]>> {
  return requestEnvelope(mainApi.get(pathOf(DEVICE_PATHS.staff)));
}

/** An officer's devices, the most recently used first. */
export function fetchUserDevices(userId: number): Promise<Envelope<UserDevice[]>> {
  return requestEnvelope(mainApi.get(pathOf(DEVICE_PATHS.devices, { userId: String(userId) })));
}

/** "Device lost": ends every session of the officer on that device; the app there wipes itself at its next contact. */
export function markDeviceLost(userId: number, device: string): Promise<Envelope<DeviceMarkedLost>> {
  return requestEnvelope(mainApi.post(pathOf(DEVICE_PATHS.markLost, { userId: String(userId), device })));
}
