import { describe, expect, it } from 'vitest';
import { decodeLooks } from './qr-camera';

describe('what the scanner decodes in a frame', () => {
  it('looks at the whole 1280×720 frame at 480 px first, then at the centre square pixel for pixel or the frame at 960 px, frame by frame', () => {
    const [small, crop] = decodeLooks(1280, 720, 0);
    expect(small).toEqual({ sx: 0, sy: 0, sw: 1280, sh: 720, width: 480, height: 270 });
    // A QR 15 % of the frame wide (~190 camera pixels) keeps every camera pixel in the crop.
    expect(crop).toEqual({ sx: 320, sy: 40, sw: 640, sh: 640, width: 640, height: 640 });
    expect(decodeLooks(1280, 720, 1)[1]).toEqual({ sx: 0, sy: 0, sw: 1280, sh: 720, width: 960, height: 540 });
    expect(decodeLooks(1280, 720, 2)[1]).toEqual(crop);
  });

  it('keeps the crop inside a portrait or small frame, and looks once at a frame already small', () => {
    expect(decodeLooks(720, 1280, 0)[1]).toEqual({ sx: 40, sy: 320, sw: 640, sh: 640, width: 640, height: 640 });
    expect(decodeLooks(640, 480, 0)[1]).toEqual({ sx: 80, sy: 0, sw: 480, sh: 480, width: 480, height: 480 });
    expect(decodeLooks(640, 480, 1)[1]).toEqual({ sx: 0, sy: 0, sw: 640, sh: 480, width: 640, height: 480 });
    expect(decodeLooks(320, 240, 0)).toEqual([{ sx: 0, sy: 0, sw: 320, sh: 240, width: 320, height: 240 }, null]);
  });
});
