import { spawn } from 'node:child_process';
import os from 'node:os';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { photoLike } from '../../test/photos';
import {
  createPhotoDecoder,
  DECODER_STOPPED_MESSAGE,
  DecodeFailure,
  type PhotoDecoder,
} from './diagnosis.decoder';

const LIMITS = { maxInputPixels: 16_000_000, maxLongEdge: 1568, jpegQuality: 82 };

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the photo decoder process (diagnosis.decoder.ts)', () => {
  let decoder: PhotoDecoder | undefined;
  afterEach(async () => {
    await decoder?.close();
    decoder = undefined;
  });

  it('decodes in its own process at the nice value it was given, and re-encodes as JPEG', async () => {
    decoder = createPhotoDecoder({ nice: 19 });
    expect(decoder.pid()).toBeUndefined(); // started on first use
    const { data, width, height } = await decoder.reencode({
      bytes: await photoLike({ width: 2000, height: 1000 }),
      ...LIMITS,
    });
    const pid = decoder.pid()!;
    expect(pid).not.toBe(process.pid);
    expect(os.getPriority(pid)).toBe(19);
    expect([width, height]).toEqual([1568, 784]);
    expect(await sharp(data).metadata()).toMatchObject({ format: 'jpeg', width: 1568, height: 784 });

    const pixels = await decoder.rawPixels({ bytes: data, width: 64, height: 32 });
    expect(pixels).toMatchObject({ width: 64, height: 32, channels: 3 });
    expect(pixels.data).toBeInstanceOf(Buffer);
    expect(pixels.data.length).toBe(64 * 32 * 3);
    // One process serves every photo.
    expect(decoder.pid()).toBe(pid);
  });

  it("answers a photo the library cannot read with the library's reason, and keeps running", async () => {
    decoder = createPhotoDecoder({ nice: 0 });
    const jpeg = await photoLike();
    const truncated = Buffer.concat([jpeg.subarray(0, 600), Buffer.alloc(400, 0x41)]);
    const failure = await decoder.reencode({ bytes: truncated, ...LIMITS }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DecodeFailure);
    expect((failure as Error).message).not.toBe('');
    const tooLarge = await decoder
      .reencode({ bytes: jpeg, ...LIMITS, maxInputPixels: 100 })
      .catch((error: unknown) => error);
    expect(tooLarge).toBeInstanceOf(DecodeFailure);
    expect((tooLarge as Error).message).toMatch(/pixel limit/i);
    const pid = decoder.pid();
    await decoder.reencode({ bytes: jpeg, ...LIMITS });
    expect(decoder.pid()).toBe(pid);
  });

  it('answers 503 for the photos of a decoder that stops under them, and starts a new one for the next', async () => {
    decoder = createPhotoDecoder({ nice: 0 });
    const bytes = await photoLike({ width: 1568, height: 1176 });
    await decoder.reencode({ bytes, ...LIMITS });
    const first = decoder.pid()!;
    const inFlight = decoder.reencode({ bytes, ...LIMITS }).catch((error: unknown) => error);
    process.kill(first, 'SIGKILL');
    const failure = await inFlight;
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: DECODER_STOPPED_MESSAGE });

    const again = await decoder.reencode({ bytes, ...LIMITS });
    expect(again.width).toBe(1568);
    expect(decoder.pid()).not.toBe(first);
  });

  it('ends with close(), and a closed decoder starts again on the next photo', async () => {
    decoder = createPhotoDecoder({ nice: 0 });
    const bytes = await photoLike();
    await decoder.reencode({ bytes, ...LIMITS });
    const pid = decoder.pid()!;
    await decoder.close();
    expect(isRunning(pid)).toBe(false);
    expect(decoder.pid()).toBeUndefined();
    await decoder.reencode({ bytes, ...LIMITS });
    expect(decoder.pid()).not.toBe(pid);
  });

  it('never keeps a server alive, and never outlives it', async () => {
    // A process that decodes one photo and then has nothing left to do: it must exit by itself,
    // and its decoder with it.
    const script = `
      import { createPhotoDecoder } from ${JSON.stringify(new URL('./diagnosis.decoder.ts', import.meta.url).pathname)};
      import sharp from 'sharp';
      const decoder = createPhotoDecoder({ nice: 0 });
      const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#345' } }).jpeg().toBuffer();
      await decoder.reencode({ bytes, maxInputPixels: 1e6, maxLongEdge: 1568, jpegQuality: 82 });
      process.stdout.write(String(decoder.pid()));
    `;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => parent.once('exit', resolve));
    expect(code).toBe(0);
    const decoderPid = Number(output);
    expect(decoderPid).toBeGreaterThan(0);
    await until(() => !isRunning(decoderPid));
  });
});
