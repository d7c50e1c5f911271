import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { refusedPhotos } from './photo-check';

const answer = (status: number, body: unknown) => new ApiError(status, 'Error', JSON.stringify(body));

describe('refusedPhotos (the server’s 422 PHOTO_UNUSABLE, shared/photo-quality.ts)', () => {
  it('reads which photos the server refused and why', () => {
    const error = answer(422, {
      code: 'PHOTO_UNUSABLE',
      error:
        'Photo 2 is too dark to help: take it again with more light (a lamp or the flash), or remove it.',
      details: {
        problems: [
          { index: 1, problem: 'too-dark' },
          { index: 3, problem: 'too-blurred' },
        ],
      },
    });
    expect(refusedPhotos(error)).toEqual([
      { index: 1, problem: 'too-dark' },
      { index: 3, problem: 'too-blurred' },
    ]);
  });

  it('ignores every other failure and details it cannot read', () => {
    expect(refusedPhotos(answer(429, { code: 'RATE_LIMITED', error: 'Wait' }))).toBeNull();
    expect(refusedPhotos(answer(422, { code: 'APPOINTMENT_UNAVAILABLE', error: 'No' }))).toBeNull();
    expect(refusedPhotos(answer(422, { code: 'PHOTO_UNUSABLE', error: 'Photo 1 …' }))).toBeNull();
    expect(
      refusedPhotos(
        answer(422, {
          code: 'PHOTO_UNUSABLE',
          error: 'x',
          details: { problems: [{ index: 0, problem: 'wet' }] },
        }),
      ),
    ).toBeNull();
    expect(refusedPhotos(new Error('network down'))).toBeNull();
  });
});
