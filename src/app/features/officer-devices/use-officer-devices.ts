import { fetchUserDevices, listStaff } from '../../api/devices.api';
import { useLoaded } from '../../components/use-loaded';
import type { StaffMember, UserDevice } from '../../../domain';

export const useStaff = () => useLoaded<StaffMember[]>('staff', listStaff);

export const useUserDevices = (userId: number) => useLoaded<UserDevice[]>(String(userId), () => fetchUserDevices(userId));

/** How a device is named on screen: the last 6 characters of its id (a hash), upper case. */
export const deviceCode = (device: string): string => device.slice(-6).toUpperCase();

export const fullName = (member: Pick<StaffMember, 'first_name' | 'last_name'>): string =>
  [member.first_name, member.last_name].filter(Boolean).join(' ');
