import { TRAVEL_COPY_OPTIONS } from './travel-copy-options';

type Answer = { ok: true; blob: Blob } | { ok: false; decodable: boolean };

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (answer: Answer) => void>();
// One photo at a time: a phone holds one decoded 12 MP picture (≈ 48 MB) in memory, not six.
let queue: Promise<unknown> = Promise.resolve();

/** The photo worker, started on the first photo (never before: it and its library are not in the page's bundle). */
function photoWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  if (!worker) {
    const started = new Worker(new URL('./travel-copy.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = ({ data }: MessageEvent<Answer & { id: number }>) => {
      waiting.get(data.id)?.(data);
      waiting.delete(data.id);
    };
    // A browser without module workers, or a worker that died: the page's own thread makes the copy.
    started.onerror = () => {
      started.terminate();
      if (worker === started) worker = undefined;
      waiting.forEach((answer) => answer({ ok: false, decodable: true }));
      waiting.clear();
    };
    worker = started;
  }
  return worker;
}

/**
 * Starts the photo worker ahead of the first photo (when the volunteer opens the file chooser): its
 * script and library are then loaded and compiled while they pick, not after.
 */
export function startPhotoWorker(): void {
  photoWorker();
}

function inWorker(file: File): Promise<Answer> {
  const target = photoWorker();
  // No worker (an old browser, or a test DOM): the page's thread tries where the browser decodes images.
  if (!target) return Promise.resolve({ ok: false, decodable: typeof createImageBitmap === 'function' });
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    target.postMessage({ id, file });
  });
}

/** The same copy made on the page's thread (Safari's path, see the worker), or undefined when it cannot be made. */
async function onPage(file: File): Promise<Blob | undefined> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, { ...TRAVEL_COPY_OPTIONS, useWebWorker: false });
  } catch {
    return undefined;
  }
}

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

async function make(file: File): Promise<File> {
  const answer = await inWorker(file);
  const blob = answer.ok ? answer.blob : answer.decodable ? await onPage(file) : undefined;
  return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) : file;
}

/**
 * Makes the copy of a picked photo that is previewed, kept in the outbox and uploaded (Flash and
 * Mission photo pickers): a JPEG that fits 2048 × 2048 px, upright from its EXIF orientation, without
 * metadata, made in a worker. Read the original's EXIF (date, GPS) before: the copy has none. Photos
 * are handled one after another, in the order asked. Never rejects.
 * @param file the original picked file (any size or type the input accepts)
 * @returns the copy (`{name}.jpg`, image/jpeg), or the original itself when this browser cannot
 *   decode it (HEIC on Chromium; the server converts it, as for any client that sends originals)
 */
export function prepareForTravel(file: File): Promise<File> {
  const made = queue.then(() => make(file));
  queue = made.catch(() => undefined);
  return made.catch(() => file);
}
