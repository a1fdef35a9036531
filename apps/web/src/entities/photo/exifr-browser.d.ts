// exifr's own typings reference Node's types (for its Buffer input), which would bring `process` and `Buffer`
// into the browser's type world. The web app types here the part of exifr it uses, with browser inputs:
// tsconfig.app.json maps `exifr` to this file for type checking only; the bundle takes the real package.
type BrowserInput = Blob | ArrayBuffer | Uint8Array;

declare const exifr: {
  /** Decimal degrees (WGS84) from the GPS block; rejects on files exifr cannot read. */
  gps(data: BrowserInput): Promise<{ latitude: number; longitude: number } | undefined>;
  /** The picked tags, revived or raw as `reviveValues` says; rejects on files exifr cannot read. */
  parse(data: BrowserInput, options: { pick: string[]; reviveValues?: boolean }): Promise<unknown>;
};
export default exifr;
