import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, datasetMetadataInputSchema, datasetMetadataSchema, V } from '@mm/shared';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { assertPanelRole } from './admin-access.service';
import type { AdminDatasetService } from './admin-dataset.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** The record's id, as react-admin's REST provider puts it in the path: there is one, id 1. */
const params = z.object({ id: z.string().max(12, V.invalid) });
/** 404 for any id but the one record's. */
const theRecord = (id: string) => {
  if (id !== '1') throw notFound();
};

/**
 * `/api/admin/dataset/1`: the dataset metadata of the archives' `eml.xml` (docs/internals.md "GBIF"), as
 * react-admin's single record (id 1; 404 for another id). Admin (role 1) only: 401 without a session, 403 for other roles.
 */
export const adminDatasetRoutes: FastifyPluginAsyncZod<{ dataset: AdminDatasetService }> = async (app, { dataset }) => {
  app.addHook('onRequest', async (request) => {
    assertPanelRole(request.user, true);
  });

  app.get('/dataset/:id', {
    config: { auth: true },
    schema: {
      operationId: 'getAdminDataset',
      params,
      tags: ['admin'],
      summary: 'The dataset metadata written into every Darwin Core Archive (EML)',
      description:
        'Admin (role 1) only. Title and abstract introduction in en/fr/es, keywords, contacts, the dataset licence (the least restrictive the EML may state) and the dataset citation; the DATASET_* configuration until an admin first saves it (updated null).',
      response: { 200: datasetMetadataSchema, ...errors },
    },
    handler: async (request) => {
      theRecord(request.params.id);
      return dataset.current();
    },
  });

  app.put('/dataset/:id', {
    config: { auth: true },
    schema: {
      operationId: 'updateAdminDataset',
      params,
      tags: ['admin'],
      summary: 'Replace the dataset metadata (audit-logged)',
      description:
        'Admin (role 1) only. Body: title {en, fr?, es?} (en required, ≤ 250 characters), abstract_intro {en, fr?, es?} (≤ 4,000), keywords (≤ 30, each ≤ 100), contacts (1–10: organization required, name and email optional), license (CC0-1.0 | CC-BY-4.0 | CC-BY-NC-4.0), citation (≤ 1,000; empty cites each download). 400 naming the field; the change is written to the audit log (resource dataset).',
      body: datasetMetadataInputSchema,
      response: { 200: datasetMetadataSchema, ...errors },
    },
    handler: async (request) => {
      theRecord(request.params.id);
      return dataset.update(requireUser(request), request.body);
    },
  });
};
