/** Types of `heic-worker.mjs` (plain JavaScript, so that it loads the same under tsx, vitest and node). */
export interface HeicLayout {
  width: number;
  height: number;
  channels: 3 | 4;
  /** Clockwise degrees still to apply (after `flop`). */
  angle: number;
  /** Whether a left-right mirror is still to apply (before `angle`). */
  flop: boolean;
}

export default function decodeHeicTiles(input: {
  buffer: Uint8Array;
  part: number;
  parts: number;
  out: SharedArrayBuffer;
}): Promise<HeicLayout>;

export function decodeHeicWhole(input: { buffer: Uint8Array; out: SharedArrayBuffer }): Promise<HeicLayout>;
