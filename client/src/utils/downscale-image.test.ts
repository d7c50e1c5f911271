import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_EDGE_PX, fitWithin } from './downscale-image';

describe('fitWithin', () => {
  it('shrinks a 12-megapixel photo to 1568 px on its long edge, keeping the aspect ratio', () => {
    expect(MAX_PHOTO_EDGE_PX).toBe(1568);
    expect(fitWithin(4000, 3000)).toEqual({ width: 1568, height: 1176 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1176, height: 1568 });
  });

  it('never enlarges a small photo and never returns a zero side', () => {
    expect(fitWithin(320, 240)).toEqual({ width: 320, height: 240 });
    expect(fitWithin(1568, 1568)).toEqual({ width: 1568, height: 1568 });
    expect(fitWithin(10000, 2)).toEqual({ width: 1568, height: 1 });
  });
});
