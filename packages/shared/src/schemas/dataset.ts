import { z } from 'zod';
import { LICENSE_CODES } from '../constants/licenses';
import { V } from './validation';

/** Longest dataset title and abstract introduction, characters. */
export const DATASET_TITLE_MAX_CHARS = 250;
export const DATASET_ABSTRACT_MAX_CHARS = 4000;

/** A text in the three languages: English required (the EML's own language), French and Spanish optional ('' when none). */
const threeLanguages = (max: number) =>
  z.object({
    en: z.string().trim().min(1, V.required).max(max),
    fr: z.string().trim().max(max).default(''),
    es: z.string().trim().max(max).default(''),
  });

/** One person or organisation to contact about the dataset (EML `contact`). */
export const datasetContactSchema = z.object({
  /** A person's name, or '' for the organisation alone. */
  name: z.string().trim().max(200).default(''),
  organization: z.string().trim().min(1, V.required).max(200),
  /** Their email address, or '' for none. */
  email: z.union([z.literal(''), z.email(V.emailInvalid).max(254)]).default(''),
});

/**
 * The dataset's metadata as the admin panel edits it and the Darwin Core Archive's `eml.xml` states it
 * (`PUT /api/admin/dataset/1`): title and abstract introduction in three languages, keywords, contacts,
 * the dataset licence (the least the EML states: it says the more restrictive of this and the records'
 * own), and the dataset citation GBIF shows ('' to cite each download instead).
 */
export const datasetMetadataInputSchema = z.object({
  title: threeLanguages(DATASET_TITLE_MAX_CHARS),
  abstract_intro: threeLanguages(DATASET_ABSTRACT_MAX_CHARS),
  keywords: z.array(z.string().trim().min(1, V.required).max(100)).max(30, V.invalid),
  contacts: z.array(datasetContactSchema).min(1, V.required).max(10, V.invalid),
  license: z.enum(LICENSE_CODES, V.invalid),
  citation: z.string().trim().max(1000).default(''),
});
export type DatasetMetadataInput = z.input<typeof datasetMetadataInputSchema>;
export type DatasetMetadata = z.output<typeof datasetMetadataInputSchema>;

/** `GET /api/admin/dataset/1`: the metadata with react-admin's `id` (always 1) and when and by whom it last changed. */
export const datasetMetadataSchema = datasetMetadataInputSchema.extend({
  id: z.literal(1),
  updated: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type DatasetMetadataRecord = z.infer<typeof datasetMetadataSchema>;
