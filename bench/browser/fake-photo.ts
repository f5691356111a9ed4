/**
 * A photo-sized JPEG body for the browser benches: random beyond a JFIF header and a frame header
 * of 1600 x 1200, so the server's header read finds a photo's size, not whatever random bytes
 * would claim (it refuses over 40 megapixels: a photo of pure random bytes was refused now and then).
 */
export function fakePhoto(bytes = 300 * 1024): Blob {
  const data = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i += 65536) crypto.getRandomValues(data.subarray(i, Math.min(bytes, i + 65536)));
  data.set([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xc0,
    0x00, 0x11, 0x08, 0x04, 0xb0, 0x06, 0x40, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ]);
  return new Blob([data], { type: 'image/jpeg' });
}
