import {
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_WIDTH,
  ILLUSTRATION_IDS,
  type IllustrationId,
} from '../../components/illustrations/illustrations';

/**
 * Intrinsic sizes of the diagrams under `/img/content/{name}-{lng}.svg`, in CSS pixels: the
 * `width`/`height` of each SVG (equal to its viewBox), the same in every language. A test checks them
 * against the files.
 */
const DIAGRAM_SIZES: Readonly<Record<string, readonly [width: number, height: number]>> = {
  'life-cycle': [720, 620],
  'look-alikes': [780, 300],
  migration: [630, 654],
  'where-to-look': [880, 520],
};

const isIllustration = (name: string): name is IllustrationId => (ILLUSTRATION_IDS as readonly string[]).includes(name);

/**
 * The width and height attributes of a content page's image, so that the browser reserves its space
 * before it loads (no layout shift): a project drawing (`/img/illustrations/{id}.svg`) or a diagram
 * (`/img/content/{name}-{lng}.svg`). `undefined` for any other image (none today).
 * @param src the image path as written in the Markdown, under the app's sub-path
 */
export function figureSize(src: string): { width: number; height: number } | undefined {
  const drawing = /^\/img\/illustrations\/([a-z-]+)\.svg$/.exec(src)?.[1];
  if (drawing !== undefined && isIllustration(drawing))
    return { width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT };
  const diagram = /^\/img\/content\/([a-z-]+)-[a-z]{2}\.svg$/.exec(src)?.[1];
  const size = diagram === undefined ? undefined : DIAGRAM_SIZES[diagram];
  return size && { width: size[0], height: size[1] };
}
