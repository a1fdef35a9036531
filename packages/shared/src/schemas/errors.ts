import { z } from 'zod';

/** Error body of every failed API call (DESIGN "API contract"). `fields` maps a field to its translated message. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
