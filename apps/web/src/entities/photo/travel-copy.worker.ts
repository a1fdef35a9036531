/**
 * The photo worker (docs/adr/0024-photos-resized-on-the-device.md): turns a picked photo into the copy
 * that travels, off the page's main thread so the form stays responsive while a 12 MP photo is
 * decoded, scaled and encoded. browser-image-compression does the work here on createImageBitmap and
 * OffscreenCanvas (its own worker mode would load the library from a CDN, which the offline app and
 * the Content-Security-Policy forbid).
 *
 * Message in: `{ id: number, file: Blob }`. Answer: `{ id, ok: true, blob }` (a JPEG, see
 * TRAVEL_COPY_OPTIONS), or `{ id, ok: false, decodable }` when it could not be made; `decodable`
 * says whether this browser can decode the file at all (Safari can, but the library will not use
 * createImageBitmap there, so the page retries on its own thread; Chromium cannot decode HEIC, so
 * the original is sent and the server converts it).
 */
import imageCompression from 'browser-image-compression';
import { TRAVEL_COPY_OPTIONS } from './travel-copy-options';

interface Request {
  id: number;
  file: Blob;
}

/** The worker's global scope, typed here because the app's TypeScript setup has the DOM library, not WebWorker's. */
const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<Request>) => void): void;
  postMessage(message: unknown): void;
};

async function decodable(file: Blob): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

scope.addEventListener('message', ({ data: { id, file } }) => {
  void (async () => {
    try {
      const blob = await imageCompression(file as File, { ...TRAVEL_COPY_OPTIONS, useWebWorker: false });
      scope.postMessage({ id, ok: true, blob });
    } catch {
      scope.postMessage({ id, ok: false, decodable: await decodable(file) });
    }
  })();
});
