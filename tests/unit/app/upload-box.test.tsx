// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileView } from '../../../src/app/db/files.hooks';
import type { CaptureInput } from '../../../src/app/db/files.repository';
import { UploadBox, type UploadBoxProps } from '../../../src/app/components/upload/upload-box';
import { IMAGE_OR_PDF, IMAGES_ONLY, PDF_ONLY } from '../../../src/app/components/upload/check-file';
import { resetDevice, teardown } from './test-utils';

// The device database is replaced by a small in-memory store: jsdom loses Blobs in
// fake-indexeddb (TOOLCHAIN trap 3); the real repository is tested in tests/unit/sync.
const store = vi.hoisted(() => {
  let files: FileView[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => files,
    set(next: FileView[]) {
      files = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('../../../src/app/db/files.hooks', () => ({
  useFilesFor: (app: string | undefined, field: string) =>
    useSyncExternalStore(store.subscribe, store.get).filter((f) => f.applicationLocalId === app && f.field === field),
}));
vi.mock('../../../src/app/db/files.repository', () => ({
  captureFile: vi.fn(async (_db: unknown, input: CaptureInput) => {
    const added = input.files.map((f, i) => ({
      localId: `file-${i}-${store.get().length}`,
      blob: f.blob,
      name: f.name,
      mime: f.blob.type,
      size: f.blob.size,
      geo: input.geo,
      capturedAt: 1,
      applicationLocalId: input.applicationLocalId,
      field: input.field,
      uploadState: 'pending' as const,
    }));
    store.set([...(input.multiple ? store.get() : store.get().filter((f) => f.field !== input.field)), ...added]);
    return added.map((f) => f.localId);
  }),
  clearFile: vi.fn(async (_db: unknown, localId: string) => store.set(store.get().filter((f) => f.localId !== localId))),
}));
vi.mock('../../../src/app/db/db', () => ({ getDb: () => ({}) }));

const { captureFile, clearFile } = await import('../../../src/app/db/files.repository');

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (bytes: number[] | string, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

function renderBox(props: Partial<UploadBoxProps> = {}) {
  return render(
    <UploadBox
      label="PAN"
      entryLabel="PAN"
      applicationLocalId="app-1"
      field="pan_file"
      fields={{ file_type: 'PAN', upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'borrower', phone: '9876543210' }}
      accept={IMAGE_OR_PDF}
      {...props}
    />,
  );
}

const box = () => document.querySelector('.upload-box')!;
const input = () => screen.getByLabelText('PAN', { selector: 'input' }) as HTMLInputElement;

describe('UploadBox', () => {
  beforeEach(() => {
    resetDevice();
    store.set([]);
    vi.mocked(captureFile).mockClear();
    vi.mocked(clearFile).mockClear();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(teardown);

  it('starts at NONE with the spec prompt, the accept list and a labelled file input', () => {
    renderBox();
    expect(box().getAttribute('data-status')).toBe('NONE');
    expect(screen.getByText('Click here to select or drag and drop')).toBeTruthy();
    expect(screen.getByText('Accepts PNG, JPEG or PDF. Photos are made smaller on this phone; other files up to 10 MB.')).toBeTruthy();
    expect(input().accept).toBe('.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf');
    expect(input().multiple).toBe(false);
  });

  it("multiple mode (bank statements) says ' files' and accepts PDF only", () => {
    renderBox({ multiple: true, accept: PDF_ONLY });
    expect(screen.getByText('Click here to select or drag and drop files')).toBeTruthy();
    expect(input().multiple).toBe(true);
    expect(input().accept).toBe('.pdf,application/pdf');
    expect(screen.getByText('Accepts PDF, up to 10 MB')).toBeTruthy();
  });

  it('the hint says photos are made smaller on the phone (a 16 MB camera photo is taken), a PDF must be up to 10 MB', async () => {
    renderBox({ accept: IMAGES_ONLY });
    expect(screen.getByText('Accepts PNG or JPEG. Photos are made smaller on this phone.')).toBeTruthy();
    const photo = new File([new Uint8Array(PNG), new Uint8Array(16 * 1024 * 1024)], 'camera.png', { type: 'image/png' });
    await userEvent.upload(input(), photo);
    await vi.waitFor(() => expect(captureFile).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('The file is larger than 10 MB. Choose a smaller file.')).toBeNull();
  });

  it('issue 31 N14: a required upload is marked beside its label and required for screen readers; an optional one is not', async () => {
    const { unmount } = renderBox({ required: true });
    expect(box().querySelector('.field-label')?.textContent).toBe('PAN (required)');
    expect(input().required).toBe(true);
    // The mark is for the eye: the input's name stays the label, screen readers hear 'required' from the input.
    expect(screen.getByLabelText('PAN', { selector: 'input' })).toBe(input());
    unmount();
    renderBox();
    expect(box().querySelector('.field-label')?.textContent).toBe('PAN');
    expect(input().required).toBe(false);
  });

  it("shows 'Release to upload' while a file is dragged over, and the prompt again when it leaves", () => {
    renderBox();
    const zone = screen.getByText('Click here to select or drag and drop').closest('label')!;
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['Files'] } });
    expect(screen.getByText('Release to upload')).toBeTruthy();
    expect(screen.queryByText('Click here to select or drag and drop')).toBeNull();
    fireEvent.dragLeave(zone);
    expect(screen.getByText('Click here to select or drag and drop')).toBeTruthy();
  });

  it('refuses on the device, with the reason, a file whose content is not an accepted type (whatever its name)', async () => {
    renderBox();
    await userEvent.upload(input(), file('just some text', 'pan.jpg', 'image/jpeg'));
    expect(await screen.findByText('The file "pan.jpg" is not a PNG, JPEG or PDF file.')).toBeTruthy();
    expect(box().getAttribute('data-status')).toBe('FAILED');
    expect(captureFile).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('refuses a PDF where only images are allowed', async () => {
    renderBox({ accept: IMAGES_ONLY });
    await userEvent.upload(input(), file('%PDF-1.4 x', 'doc.pdf', 'application/pdf'), { applyAccept: false });
    expect(await screen.findByText('The file "doc.pdf" is not a PNG or JPEG file.')).toBeTruthy();
    expect(captureFile).not.toHaveBeenCalled();
  });

  it('refuses a document over 10 MB (photos are compressed first, so their limit is checked after)', async () => {
    renderBox({ accept: IMAGE_OR_PDF });
    const big = new File(['%PDF-1.4', new Uint8Array(10 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(input(), big);
    expect(await screen.findByText('The file is larger than 10 MB. Choose a smaller file.')).toBeTruthy();
    expect(captureFile).not.toHaveBeenCalled();
  });

  it('a dropped PNG is saved on the phone: SUCCESS, preview, waiting to upload; Clear resets to NONE', async () => {
    renderBox();
    const zone = screen.getByText('Click here to select or drag and drop').closest('label')!;
    const png = file(PNG, 'pan.png', 'image/png');
    await act(async () => {
      fireEvent.drop(zone, { dataTransfer: { files: [png], types: ['Files'] } });
    });
    await screen.findByRole('button', { name: 'Clear PAN' });
    expect(box().getAttribute('data-status')).toBe('SUCCESS');
    expect(vi.mocked(captureFile).mock.calls[0]![1]).toMatchObject({
      applicationLocalId: 'app-1',
      field: 'pan_file',
      label: 'PAN',
      fields: { file_type: 'PAN', upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'borrower', phone: '9876543210' },
    });
    expect(screen.getByText('Saved on this phone, waiting to upload')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open pan.png' }).querySelector('img')!.getAttribute('src')).toBe('blob:preview');

    await userEvent.click(screen.getByRole('button', { name: 'Clear PAN' }));
    expect(clearFile).toHaveBeenCalledWith(expect.anything(), 'file-0-0');
    expect(box().getAttribute('data-status')).toBe('NONE');
    expect(screen.queryByRole('button', { name: 'Open pan.png' })).toBeNull();
    expect(screen.getByText('Click here to select or drag and drop')).toBeTruthy();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('shows an uploaded file as uploaded, and the geo tag, or that the location was not available', async () => {
    store.set([
      {
        localId: 'p',
        blob: new Blob(['x']),
        name: 'captured_image1.jpg',
        mime: 'image/jpeg',
        size: 1,
        capturedAt: 1,
        applicationLocalId: 'app-1',
        field: 'photo_file',
        uploadState: 'uploaded',
        geo: { latitude: 0, longitude: 0, unavailable: true },
      },
      {
        localId: 'q',
        blob: new Blob(['x']),
        name: 'pan.jpg',
        mime: 'image/jpeg',
        size: 1,
        capturedAt: 1,
        applicationLocalId: 'app-1',
        field: 'pan_file',
        uploadState: 'pending',
        geo: { latitude: 12.9716, longitude: 77.5946 },
      },
    ]);
    renderBox({ field: 'photo_file', label: 'Borrower photo' });
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(screen.getByText('Location not available (saved as 0, 0)')).toBeTruthy();
    renderBox();
    expect(screen.getByText('Location: 12.97160, 77.59460')).toBeTruthy();
  });

  it("a parked upload is FAILED: the value is cleared and the server's message shown", () => {
    store.set([
      {
        localId: 'x',
        blob: new Blob(['x']),
        name: 'pan.jpg',
        mime: 'image/jpeg',
        size: 1,
        capturedAt: 1,
        applicationLocalId: 'app-1',
        field: 'pan_file',
        uploadState: 'failed',
        uploadError: 'Application not found',
      },
    ]);
    renderBox();
    expect(box().getAttribute('data-status')).toBe('FAILED');
    expect(screen.getByRole('alert').textContent).toBe('Application not found');
    expect(screen.queryByRole('button', { name: 'Clear PAN' })).toBeNull();
    expect(screen.getByText('Click here to select or drag and drop')).toBeTruthy();
  });

  it("without a camera API, 'Capture Image' fails with 'getUserMedia not supported'", async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    renderBox({ camera: true });
    await userEvent.click(screen.getByRole('button', { name: 'Capture Image for PAN' }));
    expect(await screen.findByText('getUserMedia not supported')).toBeTruthy();
    expect(box().getAttribute('data-status')).toBe('FAILED');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
