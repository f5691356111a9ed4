import { isObject } from '../../../domain/shared/is-object';
/** The field verification and references of an application as stored in its data (shared by the view and the services). */

type Data = Record<string, unknown>;
export type CpvInfoView = { business_place: Data | null; residence: Data | null };

/** `data.app_mfi_cpv_info`: each place's CPV with its geo checks, or null. */
export const cpvInfoOf = (data: Data): CpvInfoView => {
  const info = isObject(data.app_mfi_cpv_info) ? data.app_mfi_cpv_info : {};
  return {
    business_place: isObject(info.business_place) ? info.business_place : null,
    residence: isObject(info.residence) ? info.residence : null,
  };
};

/** `data.reference_list`: the saved references (empty before any). */
export const referenceListOf = (data: Data): Data[] =>
  Array.isArray(data.reference_list) ? (data.reference_list as unknown[]).filter(isObject) : [];
