import { getDb } from './db';
import { lookupPincodeOnDevice, type PincodePlace } from './pincodes.repository';

/** City, district and state from the directory kept on this device; undefined when unknown there. */
export const lookupPincodeHere = (pincode: string): Promise<PincodePlace | undefined> => lookupPincodeOnDevice(getDb(), pincode);
