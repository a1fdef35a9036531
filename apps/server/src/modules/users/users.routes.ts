import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  checkSessionResponseSchema,
  confirmSignupInputSchema,
  confirmSignupResponseSchema,
  forgotPasswordInputSchema,
  forgotPasswordResponseSchema,
  resetTokenSchema,
  myProfileSchema,
  signinInputSchema,
  signinResponseSchema,
  signupInputSchema,
  signupResponseSchema,
} from '@mm/shared';
import { requireUser } from '../../plugins/auth';
import { tokenFromHeader } from '../../lib/tokens';
import { HttpError } from '../../lib/errors';
import { perEmailLimit, type AuthLimit, type RateLimits } from '../../lib/rate-limits';
import type { SignupService } from './signup.service';
import type { UsersService } from './users.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

/** `/api/users/*`: spec §7 account calls. */
export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  signups: SignupService;
  authLimit: AuthLimit;
  limits: RateLimits;
  /** Per IP on sign-up: room for a class behind one school address. */
  signupLimit: AuthLimit;
}> = async (app, { users, signups, authLimit, limits, signupLimit }) => {
  app.post('/signup', {
    config: { rateLimit: signupLimit },
    // Per address too: a known address's owner is not flooded with "someone tried" emails.
    preHandler: perEmailLimit(limits, 'signup-email', authLimit),
    schema: {
      operationId: 'signUp',
      tags: ['users'],
      summary:
        'Ask for an account (spec §3 sign-up form): emails a confirmation link; 202 whether or not the email is known',
      description:
        'Non-enumerating: a new email gets a link to `/users/confirm` (valid 48 h) that creates the account; ' +
        'an email that already has an account gets the same 202 and the same work, and its owner is emailed instead ' +
        '(someone tried to create an account with your address: sign in or reset your password). A taken username is ' +
        'still a 400 on `username` (usernames are public).',
      body: signupInputSchema,
      response: { 202: signupResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      // Answered before the part that depends on the email (signup.service.ts): same answer, same time.
      const { delivered } = await signups.signup(request.body);
      void delivered.catch((err: unknown) => request.log.error({ err }, 'sign-up could not be completed'));
      return reply.status(202).send({ confirmation_sent: true as const });
    },
  });

  app.post('/signup/resend', {
    config: { rateLimit: authLimit },
    preHandler: perEmailLimit(limits, 'signup-resend-email', authLimit),
    schema: {
      operationId: 'resendSignUpConfirmation',
      tags: ['users'],
      summary:
        'Send the confirmation link of a pending sign-up again (the previous link stops working); the same answer either way',
      body: forgotPasswordInputSchema,
      response: { 200: forgotPasswordResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request) => {
      // Answered before the lookup and the email, so the response time does not tell whether a sign-up waits.
      void signups
        .resend(request.body.email)
        .catch((err: unknown) => request.log.error({ err }, 'sign-up confirmation email failed'));
      return { sent: true as const };
    },
  });

  app.post('/confirm', {
    // Sized like sign-up: a class behind one school address confirms together.
    config: { rateLimit: signupLimit },
    schema: {
      operationId: 'confirmSignUp',
      tags: ['users'],
      summary: 'Create the account of a confirmation link (role MM User) and sign it in; the link works once',
      description:
        '400 with a translated message when the link is unknown, expired (48 h), already used, or its username was taken meanwhile.',
      body: confirmSignupInputSchema,
      response: { 201: confirmSignupResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const token = resetTokenSchema.safeParse(request.body.token);
      if (!token.success) throw new HttpError(400, 'account:errors.confirm_unknown');
      const session = await signups.confirm(token.data, request.headers['user-agent']);
      request.log.info({ user_id: session.user.user_id }, 'sign-up confirmed');
      return reply.status(201).send({ ...session.user, oauth_token: session.oauth_token });
    },
  });

  app.post('/signin', {
    config: { rateLimit: authLimit },
    schema: {
      operationId: 'signIn',
      tags: ['users'],
      summary: 'Sign in with username (or email) and password; answers a new oauth_token',
      description:
        'Limited per IP (AUTH_RATE_LIMIT per AUTH_RATE_WINDOW_MS) and per account whatever identifier is typed: ' +
        'growing delays after 5 failures, at most 100 failures an hour; 429 with Retry-After (s) meanwhile.',
      body: signinInputSchema,
      response: { 200: signinResponseSchema, ...errors },
    },
    handler: async (request) => {
      // Every attempt is logged (username and IP, never the password) to trace guessing.
      const attempt = { username: request.body.username, ip: request.ip };
      const session = await users
        .signin(request.body.username, request.body.password, request.headers['user-agent'])
        .catch((err: unknown) => {
          request.log.warn(attempt, 'sign-in failed');
          throw err;
        });
      request.log.info({ ...attempt, user_id: session.user.user_id }, 'sign-in');
      return { oauth_token: session.oauth_token };
    },
  });

  app.post('/checksession', {
    schema: {
      operationId: 'checkSession',
      tags: ['users'],
      summary: 'The user of a token (body oauth_token or Authorization header); {} when not valid (spec §4)',
      description:
        'Always read from the database, never from the session cache: a role changed or a session revoked by another process shows at once (the admin panel re-checks every 30 s).',
      body: z.object({ oauth_token: z.string().max(200).optional() }).optional(),
      response: { 200: checkSessionResponseSchema },
    },
    handler: async (request) => {
      const token = tokenFromHeader(request.body?.oauth_token) ?? request.token;
      const user = token ? await users.userForToken(token, { fresh: true }) : undefined;
      if (!user) return {};
      const me = await users.myProfile(user.user_id);
      return { ...user, user: { first_name: me.first_name, last_name: me.last_name, language: me.language } };
    },
  });

  app.post('/signout', {
    schema: {
      operationId: 'signOut',
      tags: ['users'],
      summary: 'Revoke the session of the Authorization token',
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      if (request.token) await users.signout(request.token);
      return reply.status(204).send(null);
    },
  });

  app.get('/myprofile', {
    config: { auth: true },
    schema: {
      operationId: 'getMyProfile',
      tags: ['users'],
      summary: "The signed-in user's record and profile (spec §3 User record)",
      response: { 200: myProfileSchema, 401: apiErrorSchema },
    },
    handler: async (request) => users.myProfile(requireUser(request).user_id),
  });
};
