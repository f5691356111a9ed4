import { describe, expect, it } from 'vitest';
import { readImageSize } from '../../../src/app/media/image-size';
import { fitWithin } from '../../../src/app/media/compress-options';

const u16 = (n: number) => [n >> 8, n & 0xff];

/** SOI, an APP0 segment, optionally a DHT segment, then a frame header of the given kind. */
function jpeg(width: number, height: number, sof = 0xc0, withDht = false): Uint8Array {
  const app0 = [0xff, 0xe0, ...u16(16), 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const dht = withDht ? [0xff, 0xc4, ...u16(5), 0, 1, 2] : [];
  const frame = [0xff, sof, ...u16(17), 8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...dht, ...frame, 0xff, 0xda]);
}

function png(width: number, height: number): Uint8Array {
  const u32 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32(13),
    0x49,
    0x48,
    0x44,
    0x52,
    ...u32(width),
    ...u32(height),
    8,
    6,
    0,
    0,
    0,
  ]);
}

describe('readImageSize', () => {
  it('reads a baseline JPEG frame header past other segments', () =>
    expect(readImageSize(jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 }));
  it('reads a progressive JPEG and is not fooled by a DHT (C4) segment', () =>
    expect(readImageSize(jpeg(3000, 4000, 0xc2, true))).toEqual({ width: 3000, height: 4000 }));
  it('reads a PNG header', () => expect(readImageSize(png(1920, 1080))).toEqual({ width: 1920, height: 1080 }));
  it('gives up on other bytes', () => {
    expect(readImageSize(new TextEncoder().encode('%PDF-1.4'))).toBeUndefined();
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
  });
});

describe('fitWithin', () => {
  it('caps the long edge at 1600 px, keeping the aspect ratio, and never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
