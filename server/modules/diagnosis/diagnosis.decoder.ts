import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { AppError } from '../../lib/app-error';

/**
 * Photos are decoded in a child process of lower scheduling priority, not on this process's thread
 * pool. Decoding a full-size noise photo takes a core for a few hundred milliseconds; on the thread
 * pool it competed as an equal with the event loop, the database and the password checks (bcrypt
 * runs on that same pool), so a flood of admitted photo diagnoses slowed logins and nearby-jobs pages
 * (docs/performance.md, "Diagnosis flood"). At nice 19 the kernel gives the decoder almost nothing of
 * a contended core and all of an idle one: photos wait for interactive requests instead of sharing
 * a core with them. A crash inside the image library also ends only the decoder, which the next
 * photo starts again.
 *
 * The child's code is a string (node -e) so it runs the same under tsx, vitest and the server bundle;
 * it loads the same `sharp` this process would.
 */
const CHILD_SOURCE = `
// What ps and top show instead of this source.
process.title = 'plumbline photo decoder';
const sharp = require(process.env.PLUMBLINE_SHARP_PATH);
try { require('node:os').setPriority(Number(process.env.PLUMBLINE_DECODER_NICE)); } catch {}
// The server's exit closes the channel: the decoder never outlives it.
process.on('disconnect', () => process.exit(0));
const asBuffer = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const operations = {
  async reencode({ bytes, maxInputPixels, maxLongEdge, jpegQuality }) {
    const { data, info } = await sharp(asBuffer(bytes), { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: maxLongEdge, height: maxLongEdge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: jpegQuality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  },
  async rawPixels({ bytes, width, height }) {
    const { data, info } = await sharp(asBuffer(bytes))
      .resize({ width, height, fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  },
};
process.on('message', ({ id, operation, input }) => {
  operations[operation](input).then(
    (value) => process.send({ id, value }),
    (error) => process.send({ id, failure: error instanceof Error ? error.message : String(error) }),
  );
});
`;

/** What the image library said about a photo it could not decode (the caller words it for people). */
export class DecodeFailure extends Error {
  override name = 'DecodeFailure';
}

export interface ReencodeInput {
  bytes: Uint8Array;
  maxInputPixels: number;
  maxLongEdge: number;
  jpegQuality: number;
}
export interface Reencoded {
  data: Buffer;
  width: number;
  height: number;
}
export interface RawPixelsInput {
  bytes: Uint8Array;
  width: number;
  height: number;
}
export interface RawPixels extends Reencoded {
  channels: number;
}

interface Operations {
  reencode: [ReencodeInput, Reencoded];
  rawPixels: [RawPixelsInput, RawPixels];
}

interface Reply {
  id: number;
  value?: { data: Uint8Array } & Record<string, unknown>;
  failure?: string;
}

/** What a photo's request answers when the decoder stopped under it (it is started again for the next). */
export const DECODER_STOPPED_MESSAGE =
  'Photos could not be processed just now. Please try again in a moment.';

export interface PhotoDecoderOptions {
  /** The decoder's nice value, 0 (as the server) to 19 (only what nothing else wants). */
  nice: number;
}

/** One decoder process per app, started on first use and again if it ever stops. */
export function createPhotoDecoder({ nice }: PhotoDecoderOptions) {
  let child: ChildProcess | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (value: Reply['value']) => void; reject: (error: Error) => void }
  >();

  const start = () => {
    const started = spawn(process.execPath, ['-e', CHILD_SOURCE], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Buffers cross the channel as bytes, not as JSON arrays of numbers.
      serialization: 'advanced',
      env: {
        ...process.env,
        PLUMBLINE_SHARP_PATH: createRequire(import.meta.url).resolve('sharp'),
        PLUMBLINE_DECODER_NICE: String(nice),
        // The server's own flags (a profiler, a loader) are not the decoder's.
        NODE_OPTIONS: '',
      },
    });
    // An idle decoder never keeps the server alive.
    started.unref();
    started.channel?.unref();
    started.on('message', ({ id, value, failure }: Reply) => {
      const request = pending.get(id);
      if (!request) return;
      pending.delete(id);
      if (failure === undefined) request.resolve(value);
      else request.reject(new DecodeFailure(failure));
    });
    const stopped = () => {
      if (child !== started) return;
      child = undefined;
      for (const { reject } of pending.values())
        reject(new AppError('SERVICE_UNAVAILABLE', DECODER_STOPPED_MESSAGE));
      pending.clear();
    };
    started.on('exit', stopped);
    started.on('error', stopped);
    return started;
  };

  const run = <K extends keyof Operations>(
    operation: K,
    input: Operations[K][0],
  ): Promise<Operations[K][1]> => {
    const decoder = (child ??= start());
    const id = nextId++;
    const result = new Promise<Reply['value']>((resolve, reject) => pending.set(id, { resolve, reject }));
    // The channel is referenced while an answer is awaited, so a waiting request keeps the process up.
    decoder.channel?.ref();
    decoder.send({ id, operation, input });
    return result
      .then(
        (value) =>
          ({
            ...value!,
            data: Buffer.from(value!.data.buffer, value!.data.byteOffset, value!.data.byteLength),
          }) as Operations[K][1],
      )
      .finally(() => {
        if (pending.size === 0) decoder.channel?.unref();
      });
  };

  return {
    /** Auto-rotates, caps the long edge, drops every piece of metadata and re-encodes as JPEG. */
    reencode: (input: ReencodeInput) => run('reencode', input),
    /** The image shrunk (or stretched) to exactly width × height, as raw pixels without alpha. */
    rawPixels: (input: RawPixelsInput) => run('rawPixels', input),
    /** The decoder's process id while it runs (tests). */
    pid: () => child?.pid,
    /** Stops the decoder (the app's close); a later photo starts a new one. */
    async close(): Promise<void> {
      const stopping = child;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      // Waiting for the exit keeps this process up, though the decoder itself never does.
      stopping.ref();
      stopping.kill();
      await exited;
    },
  };
}

export type PhotoDecoder = ReturnType<typeof createPhotoDecoder>;
