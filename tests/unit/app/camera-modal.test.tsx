// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraModal } from '../../../src/app/components/upload/camera-modal';
import { resetDevice, teardown } from './test-utils';
import { uploadText } from '../../../src/app/components/upload/upload.text';

const PREVIEW = uploadText.en['camera.preview'];

function setMediaDevices(value: unknown) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value });
}

describe('CameraModal', () => {
  beforeEach(resetDevice);
  afterEach(() => {
    setMediaDevices(undefined);
    teardown();
  });

  it("calls the error callback with 'getUserMedia not supported' when the camera API is missing", () => {
    setMediaDevices(undefined);
    const onError = vi.fn();
    const onClose = vi.fn();
    render(<CameraModal onCapture={vi.fn()} onError={onError} onClose={onClose} />);
    expect(onError).toHaveBeenCalledWith('getUserMedia not supported');
    expect(onClose).toHaveBeenCalled();
  });

  it('opens the rear camera at ideal 1280x720, captures a JPEG named captured_image<timestamp>.jpg with a geo tag, and stops the tracks', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    const getUserMedia = vi.fn(async () => stream);
    setMediaDevices({ getUserMedia });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
      callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })),
    );
    const onCapture = vi.fn();
    const onClose = vi.fn();

    render(<CameraModal onCapture={onCapture} onError={vi.fn()} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Capture Image' })).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
    const capture = screen.getByRole('button', { name: 'Capture' });
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    // No frame yet: capturing now would save a black photo.
    expect((capture as HTMLButtonElement).disabled).toBe(true);
    fireEvent.loadedData(screen.getByLabelText(PREVIEW));
    await waitFor(() => expect((capture as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(capture);

    await waitFor(() => expect(onCapture).toHaveBeenCalledTimes(1));
    const [file, geo] = onCapture.mock.calls[0]! as [File, unknown];
    expect(file.name).toMatch(/^captured_image\d{13}\.jpg$/);
    expect(file.type).toBe('image/jpeg');
    // jsdom has no geolocation: the spec's default 0, 0, marked unavailable.
    expect(geo).toEqual({ latitude: 0, longitude: 0, unavailable: true });
    expect(stop).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('Escape closes it, and the tracks stop when it goes away', async () => {
    const stop = vi.fn();
    setMediaDevices({ getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const onClose = vi.fn();
    const { unmount } = render(<CameraModal onCapture={vi.fn()} onError={vi.fn()} onClose={onClose} />);
    fireEvent.loadedData(screen.getByLabelText(PREVIEW));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Capture' }) as HTMLButtonElement).disabled).toBe(false));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    unmount();
    expect(stop).toHaveBeenCalled();
  });
});
