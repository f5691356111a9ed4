// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppContent } from '../../../src/app/app';
import { submitJoinUsRequest, uploadJoinUsFile } from '../../../src/app/api/join-us.api';
import { lookupPincode } from '../../../src/app/api/pincode.api';
import { joinUsText } from '../../../src/app/features/join-us/join-us.text';
import { uploadText } from '../../../src/app/components/upload/upload.text';
import { sourcesOf } from '../../support/message-source';
import { en, type MessageKey } from '../../../src/app/i18n/en';
import { hi } from '../../../src/app/i18n/hi';
import { getDb } from '../../../src/app/db/db';
import { loadJoinUsDraft } from '../../../src/app/features/join-us/join-us-draft';
import { DEVICE_KEYS } from '../../../src/app/session/local-keys';
import { currentLocation, flush, LocationProbe, resetDevice, setOnline, settleNavigation, teardown } from './test-utils';

vi.mock('../../../src/app/api/join-us.api');
vi.mock('../../../src/app/api/pincode.api');
// Compression runs in a worker with OffscreenCanvas, which jsdom lacks: photos pass through here.
vi.mock('../../../src/app/media/compress-image', () => ({ compressImage: async (blob: Blob) => blob }));

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });

async function openJoinUs(state?: { mobile: string }) {
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MemoryRouter initialEntries={['/login', { pathname: '/join-us', state }]} initialIndex={1}>
      <AppContent />
      <LocationProbe />
    </MemoryRouter>,
  );
  // The first test of a file also pays for the lazy screen's first transform.
  expect(await screen.findByRole('heading', { name: 'Partner Registration' }, { timeout: 5000 })).toBeTruthy();
  // The form opens once its draft is read from the device database.
  await screen.findByRole('button', { name: /^(Join us|Submitting)/ }, { timeout: 5000 });
  return { user, view };
}

/** The join-us draft as the device database holds it (issue 10: drafts live there, not in local storage). */
const storedDraft = async () => (await getDb().drafts.get('new:join_us'))?.values as { files?: unknown } | undefined;

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const joinUs = () => screen.getByRole('button', { name: 'Join us' }) as HTMLButtonElement;
/** Every alert with something in it (the upload boxes keep empty ones). */
const shownAlerts = () => screen.queryAllByRole('alert').filter((alert) => alert.textContent !== '');

/** Types every required text that is still empty. */
async function fillTexts(user: ReturnType<typeof userEvent.setup>) {
  const texts: [string, string][] = [
    ['First name', 'Asha'],
    ['Last name', 'Verma'],
    ['Email', 'asha@example.com'],
    ['Pincode', '411001'],
    ['Address', '12 MG Road, Camp'],
    ['Bank name', 'State Bank'],
    ['Account number', '123456789012'],
    ['IFSC', 'sbin0001234'],
  ];
  for (const [label, text] of texts) {
    if (field(label).value === '') await user.type(field(label), text);
    if (label === 'Pincode') await waitFor(() => expect(field('City').value).toBe('Pune'));
  }
}

async function uploadRequired(user: ReturnType<typeof userEvent.setup>) {
  for (const label of ['PAN', 'Aadhaar front', 'Aadhaar back', 'Cancelled cheque']) {
    await user.upload(field(label), png(`${label}.png`));
    await waitFor(() => expect(screen.getByRole('button', { name: `Clear ${label}` })).toBeTruthy());
  }
}

describe('JoinUsScreen (/join-us)', () => {
  beforeEach(async () => {
    resetDevice();
    await getDb().drafts.clear(); // the draft lives in the device database
    vi.mocked(lookupPincode)
      .mockReset()
      .mockImplementation(async (pincode) => (pincode === '411001' ? { city: 'Pune', district: 'Pune', state: 'Maharashtra' } : null));
    let next = 0;
    vi.mocked(uploadJoinUsFile)
      .mockReset()
      .mockImplementation(async (_file, fileType) => ({ success: true, data: { file_id: `${fileType}-${(next += 1)}` } }));
    vi.mocked(submitJoinUsRequest).mockReset();
  });
  afterEach(teardown);

  it('shows back, the logo once (the header), title and the Join us button; the mobile from the login screen is read-only', async () => {
    await openJoinUs({ mobile: '9876543210' });
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(document.querySelectorAll('.app-header__logo img')).toHaveLength(1);
    expect(screen.getByRole('main').querySelector('img')).toBeNull();
    const mobile = field('Mobile');
    expect(mobile.value).toBe('9876543210');
    expect(mobile.readOnly).toBe(true);
    expect(field('City').readOnly).toBe(true);
    expect(field('State').readOnly).toBe(true);
    expect(joinUs().disabled).toBe(false);
  });

  it('without a mobile in the navigation state (and no draft) the mobile is typed', async () => {
    const { user } = await openJoinUs();
    const mobile = field('Mobile');
    expect(mobile.readOnly).toBe(false);
    await user.click(mobile);
    await user.paste('+91 98765 43210');
    expect(mobile.value).toBe('9876543210');
  });

  it('shows only the first validation message, in a focused error banner, and sends nothing', async () => {
    const { user } = await openJoinUs({ mobile: '9876543210' });
    await user.click(joinUs());
    // The resolver checks asynchronously: wait for its message (a loaded machine takes longer).
    await waitFor(() => expect(shownAlerts().map((alert) => alert.textContent)).toEqual(['Invalid first name']), { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(shownAlerts()[0]));
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('First name'), 'Asha');
    await user.type(field('Last name'), 'V');
    await user.click(joinUs());
    await waitFor(() => expect(shownAlerts().map((alert) => alert.textContent)).toEqual(['Invalid last name']), { timeout: 5000 });

    await user.type(field('Last name'), 'erma');
    await fillTexts(user);
    await user.click(joinUs());
    await waitFor(() => expect(shownAlerts().map((alert) => alert.textContent)).toEqual(['Missing PAN']), { timeout: 5000 });
    expect(submitJoinUsRequest).not.toHaveBeenCalled();
  });

  it('looks city and state up at exactly 6 digits and clears them at any other length', async () => {
    const { user } = await openJoinUs({ mobile: '9876543210' });
    await user.type(field('Pincode'), '41100');
    expect(lookupPincode).not.toHaveBeenCalled();
    await user.type(field('Pincode'), '1');
    expect(lookupPincode).toHaveBeenCalledWith('411001');
    await waitFor(() => expect(field('City').value).toBe('Pune'));
    expect(field('State').value).toBe('Maharashtra');
    expect(field('City').readOnly).toBe(true);
    await user.type(field('Pincode'), '{Backspace}');
    expect(field('Pincode').value).toBe('41100');
    expect(field('City').value).toBe('');
    expect(field('State').value).toBe('');
  });

  it('a failed lookup leaves city and state empty and lets them be typed', async () => {
    const { user } = await openJoinUs({ mobile: '9876543210' });
    await user.type(field('Pincode'), '110001');
    await waitFor(() => expect(field('City').readOnly).toBe(false));
    expect(field('City').value).toBe('');
    expect(screen.getByText('The city and state of this pincode could not be found: type them.')).toBeTruthy();
    await user.type(field('City'), 'New Delhi');
    expect(field('City').value).toBe('New Delhi');
  });

  it('issue 31 N14: marks the required documents before Join us, for the eye and for screen readers; GST stays optional', async () => {
    await openJoinUs({ mobile: '9876543210' });
    for (const label of ['PAN', 'Aadhaar front', 'Aadhaar back', 'Cancelled cheque']) expect(field(label).required).toBe(true);
    expect(screen.getByTestId('upload-pan').querySelector('.field-label')?.textContent).toBe('PAN (required)');
    expect(field('GST certificate (optional)').required).toBe(false);
    expect(screen.getByTestId('upload-gst').querySelector('.field-label')?.textContent).toBe('GST certificate (optional)');
    expect(screen.getByText(/Photos are made smaller on this phone; other files up to 10 MB\.$/, { selector: '.field-note' })).toBeTruthy();
  });

  it('uploads a chosen file at once and refuses a wrong-content one on the device', async () => {
    const { user } = await openJoinUs({ mobile: '9876543210' });
    const box = screen.getByTestId('upload-pan');
    expect(box.getAttribute('data-status')).toBe('NONE');
    expect(within(box).getByText('Click here to select or drag and drop')).toBeTruthy();

    await user.upload(field('PAN'), new File(['plain text'], 'pan.png', { type: 'image/png' }));
    await waitFor(() => expect(box.getAttribute('data-status')).toBe('FAILED'));
    expect(within(box).getByRole('alert').textContent).toBe('The file "pan.png" is not a PNG, JPEG or PDF file.');
    expect(uploadJoinUsFile).not.toHaveBeenCalled();

    await user.upload(field('PAN'), png('pan.png'));
    await waitFor(() => expect(box.getAttribute('data-status')).toBe('SUCCESS'));
    expect(vi.mocked(uploadJoinUsFile).mock.calls[0]?.[1]).toBe('PAN');
    expect(within(box).getByText('Uploaded')).toBeTruthy();
    await user.click(within(box).getByRole('button', { name: 'Clear PAN' }));
    expect(box.getAttribute('data-status')).toBe('NONE');
  });

  it('a failed upload shows FAILED with the server message and keeps no file id', async () => {
    vi.mocked(uploadJoinUsFile).mockResolvedValueOnce({
      success: false,
      message: 'Only PNG, JPEG or PDF files are accepted',
      status_code: 415,
    });
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openJoinUs({ mobile: '9876543210' });
    const box = screen.getByTestId('upload-aadhaar_front');
    await user.upload(field('Aadhaar front'), png('front.png'));
    await waitFor(() => expect(box.getAttribute('data-status')).toBe('FAILED'));
    expect(within(box).getByRole('alert').textContent).toBe('Only PNG, JPEG or PDF files are accepted');
    expect(JSON.stringify((await storedDraft())?.files ?? {})).toBe('{}');
    expect(logged).toHaveBeenCalled();
  });

  it('keeps a draft that survives a remount (texts, uploads and the mobile)', async () => {
    const first = await openJoinUs({ mobile: '9876543210' });
    await first.user.type(field('First name'), 'Asha');
    await first.user.type(field('Pincode'), '411001');
    await waitFor(() => expect(field('City').value).toBe('Pune'));
    await first.user.upload(field('PAN'), png('my-pan.png'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clear PAN' })).toBeTruthy());
    first.view.unmount();

    await openJoinUs(); // a reload: no navigation state
    expect(field('First name').value).toBe('Asha');
    expect(field('Mobile').value).toBe('9876543210');
    expect(field('Mobile').readOnly).toBe(true);
    expect(field('City').value).toBe('Pune');
    const box = screen.getByTestId('upload-pan');
    expect(box.getAttribute('data-status')).toBe('SUCCESS');
    expect(within(box).getByText('my-pan.png')).toBeTruthy();
  });

  it('shows the server message of a 409 in the banner and keeps the form; sent again, the payload goes, then the confirmation with the tracker id, and the draft is cleared', async () => {
    vi.mocked(submitJoinUsRequest)
      .mockResolvedValueOnce({ success: false, message: 'A request for this mobile is already pending', status_code: 409 })
      .mockResolvedValueOnce({ success: true, data: { tracker_id: '9876543210' } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openJoinUs({ mobile: '9876543210' });
    await fillTexts(user);
    await uploadRequired(user);
    await user.click(joinUs());
    await waitFor(() => expect(shownAlerts().map((alert) => alert.textContent)).toEqual(['A request for this mobile is already pending']), {
      timeout: 5000,
    });
    await waitFor(() => expect(document.activeElement).toBe(shownAlerts()[0]));
    expect(joinUs()).toBeTruthy();
    expect(await storedDraft()).toBeDefined();
    expect(logged).toHaveBeenCalled();

    // The same form sent again (one full fill proves both answers).
    await user.click(joinUs());
    await flush();
    expect(submitJoinUsRequest).toHaveBeenCalledTimes(2);
    const body = vi.mocked(submitJoinUsRequest).mock.calls[1]![0];
    expect(body).toMatchObject({
      first_name: 'Asha',
      mobile: '9876543210',
      city: 'Pune',
      state: 'Maharashtra',
      ifsc: 'SBIN0001234',
      pan: 'PAN-1',
      cancelled_cheque: 'CANCELLED_CHEQUE-4',
    });
    expect(body).not.toHaveProperty('business_name');
    expect(body).not.toHaveProperty('gst');

    // The confirmation follows the draft's removal from the device database.
    expect(await screen.findByText('We have received your details, we will verify the details and get back to you!')).toBeTruthy();
    expect(screen.getByText('Mobile: 9876543210')).toBeTruthy();
    expect(screen.getByText('(Please use your mobile number to track your application status)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join us' })).toBeNull();
    await waitFor(async () => expect(await storedDraft()).toBeUndefined());

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/login');
  });

  it('offline: Join us and the uploads are disabled with Needs connection', async () => {
    await openJoinUs({ mobile: '9876543210' });
    setOnline(false);
    await flush();
    expect(joinUs().disabled).toBe(true);
    expect(joinUs().getAttribute('aria-describedby')).toBe('join-us-offline');
    expect(field('PAN').disabled).toBe(true);
    expect(screen.getAllByText('Needs connection').length).toBeGreaterThan(1);
  });

  it("has Hindi for every key of the registration and tracking screens, theirs and the shell's", () => {
    const own = Object.keys(joinUsText.en) as (keyof typeof joinUsText.en)[];
    expect(own.length).toBeGreaterThan(30);
    // The ICU texts (a message with arguments is compiled).
    const joinUsHindi = sourcesOf(joinUsText.hi);
    expect(own.filter((key) => !joinUsHindi[key]?.trim())).toEqual([]);
    const shell = (Object.keys(en) as MessageKey[]).filter((key) => ['joinUs.', 'track.'].some((group) => key.startsWith(group)));
    const hindi = sourcesOf(hi) as Partial<Record<MessageKey, string>>;
    expect(shell.filter((key) => !hindi[key]?.trim())).toEqual([]);
    // The upload box's progress and failure (its own texts since issue 37).
    const upload = Object.keys(uploadText.en).filter((key) => ['upload.progress', 'upload.failed'].some((group) => key.startsWith(group)));
    expect(upload.length).toBe(3);
    const uploadHindi = sourcesOf(uploadText.hi);
    expect(upload.filter((key) => !uploadHindi[key]?.trim())).toEqual([]);
    expect(joinUsText.en['joinUs.received']).toBe('We have received your details, we will verify the details and get back to you!');
    expect(joinUsText.en['track.title']).toBe('Track the request');
  });
});

describe('join-us draft', () => {
  beforeEach(async () => {
    resetDevice();
    await getDb().drafts.clear();
  });

  it('drops uploads older than the server keeps them and ignores malformed values', async () => {
    const now = Date.UTC(2025, 0, 5);
    const hour = 3_600_000;
    localStorage.setItem(
      DEVICE_KEYS.joinUsDraft,
      JSON.stringify({
        values: { first_name: 'Asha', email: 5, unknown: 'x' },
        files: {
          pan: { file_id: 'old', name: 'pan.png', uploaded_at: now - 24 * hour },
          aadhaar_front: { file_id: 'new', name: 'front.png', uploaded_at: now - hour },
          gst: 'bad',
        },
        mobileLocked: 'yes',
      }),
    );
    const draft = await loadJoinUsDraft(now);
    expect(draft.values.first_name).toBe('Asha');
    expect(draft.values.email).toBe('');
    expect(draft.values).not.toHaveProperty('unknown');
    expect(Object.keys(draft.files)).toEqual(['aadhaar_front']);
    expect(draft.mobileLocked).toBe(false);
  });
});
