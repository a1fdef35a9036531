/**
 * The drawings made for the project: the monarch's four life stages, its
 * look-alikes, the common milkweeds, a pod that stands for any milkweed, and the swallow-wort that
 * passes for one. Each is a static SVG in `public/img/illustrations/{id}.svg`
 * (240 × 180, 4:3, no text inside, 1–2 KB), loaded as an image, so none of them adds JavaScript.
 * Their alt texts are in the `content` translations under `illustrations.{id}`.
 */
export const ILLUSTRATION_IDS = [
  'egg',
  'caterpillar',
  'chrysalis',
  'adult',
  'viceroy',
  'queen',
  'tussock-caterpillar',
  'common-milkweed',
  'swamp-milkweed',
  'butterfly-milkweed',
  'showy-milkweed',
  'whorled-milkweed',
  'milkweed-pod',
  'swallow-wort',
] as const;
export type IllustrationId = (typeof ILLUSTRATION_IDS)[number];

/** Intrinsic size of every drawing, in CSS pixels (its viewBox): width and height attributes keep layout shift at 0. */
export const ILLUSTRATION_WIDTH = 240;
export const ILLUSTRATION_HEIGHT = 180;

/** Path of a drawing under the app's sub-path (for `MmImage`). */
export const illustrationPath = (id: IllustrationId) => `/img/illustrations/${id}.svg`;

/** The drawing of a monarch life stage, by `lifestage_id` (1 adult, 2 egg, 3 caterpillar, 4 chrysalis). */
const LIFESTAGE_ILLUSTRATIONS: Readonly<Record<number, IllustrationId>> = {
  1: 'adult',
  2: 'egg',
  3: 'caterpillar',
  4: 'chrysalis',
};

/** The milkweeds that have their own drawing, by Latin name. */
export const MILKWEED_ILLUSTRATIONS: Readonly<Record<string, IllustrationId>> = {
  'Asclepias syriaca': 'common-milkweed',
  'Asclepias incarnata': 'swamp-milkweed',
  'Asclepias tuberosa': 'butterfly-milkweed',
  'Asclepias speciosa': 'showy-milkweed',
  'Asclepias verticillata': 'whorled-milkweed',
};

/**
 * The drawing that stands for an observation without a photo: its life stage's, or for a milkweed
 * row (no life stage) its species' drawing. A species without its own drawing gets the milkweed pod,
 * which every milkweed shares, never another species' leaves and flowers.
 */
export function observationIllustration(lifestageId: number | null, latinName: string | null): IllustrationId {
  if (lifestageId !== null) return LIFESTAGE_ILLUSTRATIONS[lifestageId] ?? 'adult';
  return (latinName !== null && MILKWEED_ILLUSTRATIONS[latinName]) || 'milkweed-pod';
}
