import { Link } from 'react-router-dom';
import type { Profile } from '../../../domain';
import { LanguageSwitch } from '../../components/language-switch';

import { useFeatureT } from '../../i18n/feature-text';
import { canManageDevices, canManageWebhooks } from '../../session/roles';
import { useProfile } from '../../session/use-session';
import { BiometricSetting } from './biometric-setting';
import { LogoutButton } from './logout-button';
import { profileText, type ProfileKey } from './profile.text';
import { useThisDevice } from './use-this-device';

type Field = { key: string; label: ProfileKey; value: string; optional?: boolean };

/** Always shown, then the ones shown only when non-empty (spec: bank, pincode, city, state, address). */
function profileFields(profile: Profile, roleLabel: (value: string) => string, thisDevice: string): Field[] {
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return [
    { key: 'name', label: 'profile.name', value: name },
    { key: 'mobile', label: 'profile.mobile', value: profile.mobile },
    { key: 'email', label: 'profile.email', value: profile.email },
    { key: 'role', label: 'profile.role', value: profile.role ? roleLabel(profile.role) : '' },
    {
      key: 'designation',
      label: 'profile.designation',
      value: profile.mfi_employee ? roleLabel(profile.mfi_employee) : '',
      optional: true,
    },
    { key: 'bank_name', label: 'profile.bankName', value: profile.bank_name, optional: true },
    { key: 'account_number', label: 'profile.accountNumber', value: profile.account_number, optional: true },
    { key: 'ifsc', label: 'profile.ifsc', value: profile.ifsc, optional: true },
    { key: 'pincode', label: 'profile.pincode', value: profile.pincode, optional: true },
    { key: 'city', label: 'profile.city', value: profile.city, optional: true },
    { key: 'state', label: 'profile.state', value: profile.state, optional: true },
    { key: 'address', label: 'profile.address', value: profile.address, optional: true },
    { key: 'device', label: 'profile.thisDevice', value: thisDevice },
  ];
}

/**
 * /profile (spec 01 §2): 'User Details', read-only fields, fingerprint or face unlock (where the
 * phone can), Logout, and the language switch.
 */
export function ProfileScreen() {
  const { t } = useFeatureT(profileText);
  const profile = useProfile();
  const thisDevice = useThisDevice();

  const roleLabel = (value: string) => {
    const key = `role.${value}` as ProfileKey;
    const text = t(key);
    return text === undefined || text === key ? value : text;
  };
  const fields = profileFields(profile, roleLabel, thisDevice).filter((field) => !field.optional || (field.value ?? '').trim() !== '');

  return (
    <section className="profile" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <div className="profile__fields">
        {fields.map((field) => (
          <div className="field" key={field.key}>
            <label htmlFor={`profile-${field.key}`} className="field-label">
              {t(field.label)}
            </label>
            <input id={`profile-${field.key}`} className="field-input" readOnly value={field.value ?? ''} />
          </div>
        ))}
      </div>
      {(canManageDevices(profile) || canManageWebhooks(profile)) && (
        <nav className="profile__links" aria-label={t('profile.manage')}>
          {canManageDevices(profile) && (
            <Link className="button button--secondary" to="/officers">
              {t('profile.officersDevices')}
            </Link>
          )}
          {canManageWebhooks(profile) && (
            <Link className="button button--secondary" to="/webhooks">
              {t('profile.webhookDeliveries')}
            </Link>
          )}
        </nav>
      )}
      <BiometricSetting />
      <LogoutButton />
      <LanguageSwitch />
    </section>
  );
}
