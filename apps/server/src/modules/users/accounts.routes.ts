import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  followingResponseSchema,
  forgotPasswordResponseSchema,
  publicProfileSchema,
  resetPasswordInputSchema,
  resetTokenSchema,
  resetTokenStatusSchema,
  signinResponseSchema,
  updatePhotoResponseSchema,
  updateProfileInputSchema,
  updateUserInputSchema,
  userListResponseSchema,
  usernameSearchQuerySchema,
  usernameSearchResponseSchema,
  queryColumnInt,
  V,
} from '@mm/shared';
import { HttpError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { readUploadedFile } from '../../lib/uploads';
import { requireUser } from '../../plugins/auth';
import { perEmailLimit, type AuthLimit, type RateLimits } from '../../lib/rate-limits';
import type { AccountDataService } from './account-data.service';
import type { FollowsService } from './follows.service';
import type { ProfilesService } from './profiles.service';
import type { RecoveryService } from './recovery.service';
import { ROOT_PATH_FORMS } from '../../lib/api-contract';

const e = apiErrorSchema;

/** `/api/users/*` beyond sign-in: recovery by email, public profiles, search, own-record edits (spec §7). */
export const accountsRoutes: FastifyPluginAsyncZod<{
  recovery: RecoveryService;
  profiles: ProfilesService;
  follows: FollowsService;
  accountData: AccountDataService;
  authLimit: AuthLimit;
  limits: RateLimits;
}> = async (app, { recovery, profiles, follows, accountData, authLimit, limits }) => {
  app.post('/forgotpassword', {
    config: { rateLimit: authLimit },
    preHandler: perEmailLimit(limits, 'forgotpassword-email', authLimit),
    schema: {
      operationId: 'forgotPassword',
      tags: ['users'],
      summary:
        'Email the username and a reset link (valid 1 hour) to the account of this email; the same answer whether it exists or not',
      body: forgotPasswordInputSchema,
      response: { 200: forgotPasswordResponseSchema, 400: e, 429: e },
    },
    handler: async (request) => {
      // Answered before the lookup and the email, so the response time does not tell whether the account exists.
      void recovery
        .forgot(request.body.email)
        .catch((err: unknown) => request.log.error({ err }, 'password reset email failed'));
      return { sent: true as const };
    },
  });

  app.get('/findbysystoken/:reset_value', {
    schema: {
      operationId: 'findResetRequest',
      tags: ['users'],
      summary:
        'Whether a reset link can still be used; reason expired, used or unknown with a translated message otherwise',
      params: z.object({ reset_value: z.string().max(100) }),
      response: { 200: resetTokenStatusSchema },
    },
    handler: async (request) => {
      const token = resetTokenSchema.safeParse(request.params.reset_value);
      if (!token.success)
        return { valid: false, reason: 'unknown' as const, message: request.t('account:errors.reset_unknown') };
      return recovery.status(token.data, request.t);
    },
  });

  app.post('/resetpassword/:reset_value', {
    config: { rateLimit: authLimit },
    schema: {
      operationId: 'resetPassword',
      tags: ['users'],
      summary:
        'Set a new password with a reset link: the link is used up, every session of the user revoked, and a new oauth_token answered',
      params: z.object({ reset_value: z.string().max(100) }),
      body: resetPasswordInputSchema,
      response: { 200: signinResponseSchema, 400: e, 429: e },
    },
    handler: async (request) => {
      const token = resetTokenSchema.safeParse(request.params.reset_value);
      if (!token.success) throw new HttpError(400, 'account:errors.reset_unknown');
      const session = await recovery.reset(token.data, request.body.password, request.headers['user-agent']);
      request.log.info({ user_id: session.user.user_id }, 'password reset');
      return { oauth_token: session.oauth_token };
    },
  });

  // `/api/users` (spec §7 `GET /users`), and `/api/users/` for older clients, hidden (lib/api-contract.ts).
  for (const { prefixTrailingSlash, hide } of ROOT_PATH_FORMS)
    app.get('/', {
      prefixTrailingSlash,
      config: { auth: true },
      schema: {
        hide,
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'Every active account (administrators only)',
        response: { 200: userListResponseSchema, 401: e, 403: e },
      },
      handler: async (request) => profiles.listUsers(requireUser(request)),
    });

  app.get('/getusernames', {
    schema: {
      operationId: 'searchUsernames',
      tags: ['users'],
      summary:
        'Usernames containing value anywhere (case- and accent-insensitive), best matches first, at most limit (≤ 100)',
      querystring: usernameSearchQuerySchema,
      response: { 200: usernameSearchResponseSchema, 400: e },
    },
    handler: async (request) => profiles.searchUsernames(request.query.value, request.query.limit),
  });

  app.get('/profile/:username', {
    schema: {
      operationId: 'getPublicProfile',
      tags: ['users'],
      summary:
        "A volunteer's public profile: name, photo, bio, member since, counts over public observations, recent observations (and followed_by_me for a signed-in viewer). No email or private field",
      params: z.object({ username: z.string().max(60) }),
      response: { 200: publicProfileSchema, 404: e },
    },
    handler: async (request) => {
      const profile = await profiles.publicProfile(request.params.username);
      if (!request.user) return profile;
      return { ...profile, followed_by_me: await follows.isFollowing(request.user.user_id, profile.user_id) };
    },
  });

  const followParams = z.object({ username: z.string().max(60) });
  app.post('/follow/:username', {
    config: { auth: true },
    schema: {
      operationId: 'followVolunteer',
      tags: ['users'],
      summary: 'Follow a volunteer (idempotent)',
      params: followParams,
      response: { 204: z.null(), 400: e, 401: e, 404: e },
    },
    handler: async (request, reply) => {
      await follows.follow(requireUser(request), request.params.username);
      return reply.status(204).send(null);
    },
  });

  app.delete('/follow/:username', {
    config: { auth: true },
    schema: {
      operationId: 'unfollowVolunteer',
      tags: ['users'],
      summary: 'Stop following a volunteer (idempotent)',
      params: followParams,
      response: { 204: z.null(), 401: e, 404: e },
    },
    handler: async (request, reply) => {
      await follows.unfollow(requireUser(request), request.params.username);
      return reply.status(204).send(null);
    },
  });

  app.get('/following', {
    config: { auth: true },
    schema: {
      operationId: 'listFollowing',
      tags: ['users'],
      summary: 'The volunteers I follow, each with their 3 latest public observations',
      response: { 200: followingResponseSchema, 401: e },
    },
    handler: async (request) => follows.following(requireUser(request).user_id),
  });

  app.put('/update/:id', {
    config: { auth: true },
    schema: {
      operationId: 'updateUser',
      tags: ['users'],
      summary: 'Update user fields (names, email, language, province, country): oneself, or anyone for an admin',
      params: z.object({ id: queryColumnInt('user_id') }),
      body: updateUserInputSchema,
      response: { 204: z.null(), 400: e, 401: e, 403: e, 404: e },
    },
    handler: async (request, reply) => {
      await profiles.updateUser(requireUser(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  });

  app.put('/updateprofile', {
    config: { auth: true },
    schema: {
      operationId: 'updateProfile',
      tags: ['users'],
      summary:
        "Update the signed-in user's nested profile (club, bio, species name, newsletter and notification opt-ins)",
      body: updateProfileInputSchema,
      response: { 204: z.null(), 400: e, 401: e },
    },
    handler: async (request, reply) => {
      await profiles.updateProfile(requireUser(request).user_id, request.body);
      return reply.status(204).send(null);
    },
  });

  app.put('/changepassword', {
    config: { auth: true, rateLimit: authLimit },
    schema: {
      operationId: 'changePassword',
      tags: ['users'],
      summary: 'Change the password with the current one; other sessions are revoked',
      body: changePasswordInputSchema,
      response: { 204: z.null(), 400: e, 401: e, 429: e },
    },
    handler: async (request, reply) => {
      await profiles.changePassword(
        requireUser(request),
        request.body,
        request.token ? hashToken(request.token) : null,
      );
      return reply.status(204).send(null);
    },
  });

  app.get('/mydata', {
    config: { auth: true },
    schema: {
      operationId: 'downloadMyData',
      tags: ['users'],
      summary:
        'Download all my data as a JSON file: account, profile, submissions with places and observations, photo URLs, follows, contact messages',
      response: { 200: z.record(z.string(), z.unknown()), 401: e },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const data = await accountData.exportData(user.user_id);
      reply
        .header('Content-Disposition', `attachment; filename="mission-monarch-${user.username}.json"`)
        .header('Cache-Control', 'no-store');
      return data;
    },
  });

  app.get('/mydata/archive', {
    config: { auth: true },
    schema: {
      operationId: 'downloadMyDataArchive',
      tags: ['users'],
      summary: 'Download all my data and my photo files as a zip: data.json (as /mydata), photos/, profile/',
      produces: ['application/zip'],
      response: { 200: z.any().describe('The zip, streamed'), 401: e },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const archive = await accountData.exportArchive(user.user_id);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="mission-monarch-${user.username}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(archive);
    },
  });

  app.delete('/myaccount', {
    config: { auth: true, rateLimit: authLimit, changesPublicData: true },
    schema: {
      operationId: 'deleteMyAccount',
      tags: ['users'],
      summary:
        'Delete my account after confirming the password: observations stay, anonymised; photos, profile and sessions are removed',
      body: z.object({ password: z.string().min(1, V.required).max(256) }),
      response: { 204: z.null(), 400: e, 401: e, 429: e },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      await accountData.deleteAccount(user.user_id, request.body.password);
      request.log.info({ user_id: user.user_id }, 'account deleted');
      return reply.status(204).send(null);
    },
  });

  app.post('/update_photo', {
    config: { auth: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    schema: {
      operationId: 'uploadProfilePhoto',
      tags: ['users'],
      summary: 'Upload the profile photo (multipart, field "file", ≤ 10 MB); cropped to a 400 px square JPEG',
      consumes: ['multipart/form-data'],
      response: { 200: updatePhotoResponseSchema, 400: e, 401: e, 413: e, 415: e },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return profiles.updatePhoto(user.user_id, await readUploadedFile(request));
    },
  });
};
