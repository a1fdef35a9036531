import { z } from 'zod';
import { LICENSE_CODES } from '../constants/licenses';
import { LOCALES, USERNAME_SEARCH_LIMIT } from '../constants/index';
import { emailSchema, passwordSchema, profileCountFields } from './users';
import { columnInt, multiline } from './input-rules';
import { V } from './validation';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** The spec §5 "Password must match." check on `key` and `confirm_password`. */
const passwordsMatch = (key: 'password' | 'new_password') => (v: Record<string, unknown>) =>
  v[key] === v.confirm_password;

/** Where "Password must match." goes, reported once both passwords are present. */
function matchParams(key: 'password' | 'new_password') {
  return {
    message: V.passwordMatch,
    path: ['confirm_password'],
    when: (p: { value: unknown }) => {
      const v = (p.value ?? {}) as Record<string, unknown>;
      return (
        passwordSchema.safeParse(v[key]).success && typeof v.confirm_password === 'string' && v.confirm_password !== ''
      );
    },
  };
}
const confirmSchema = z.string().min(1, V.required);

/** Forgot username/password (spec §2 `/users/forgotpassword`): the account's email. */
export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** The same answer whether or not the email belongs to an account (no enumeration). */
export const forgotPasswordResponseSchema = z.object({ sent: z.literal(true) });

/** A reset link's token: 256 random bits, base64url. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, V.invalid);

/** `GET /users/findbysystoken/{reset_value}`: whether the link can still be used. */
export const resetTokenStatusSchema = z.object({
  valid: z.boolean(),
  /** Why not: the link expired, was already used, or is unknown. */
  reason: z.enum(['expired', 'used', 'unknown']).optional(),
  message: z.string().optional(),
  username: z.string().optional(),
});
export type ResetTokenStatus = z.infer<typeof resetTokenStatusSchema>;

/** Reset Password form (spec §5 messages): new password and its confirmation. */
export const resetPasswordInputSchema = z
  .object({ password: passwordSchema, confirm_password: confirmSchema })
  .refine(passwordsMatch('password'), matchParams('password'));
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** Change password from My profile: the current one, then the new one twice. */
export const changePasswordInputSchema = z
  .object({
    current_password: z.string().min(1, V.required).max(256),
    new_password: passwordSchema,
    confirm_password: confirmSchema,
  })
  .refine(passwordsMatch('new_password'), matchParams('new_password'));
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** `PUT /users/update/{id}`: the user fields a person may change (spec §3 User record). */
export const updateUserInputSchema = z.object({
  first_name: z.string().trim().min(1, V.required).max(60),
  last_name: z.string().trim().min(1, V.required).max(60),
  email: emailSchema,
  language: z.enum(LOCALES, V.required),
  province_id: columnInt('province_id').nullable().default(null),
  country_id: columnInt('country_id').nullable().default(null),
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** `PUT /users/updateprofile`: the nested profile of spec §3. */
export const updateProfileInputSchema = z.object({
  club: optionalText(120),
  species_name: optionalText(120),
  bio: multiline(optionalText(1000)),
  newsletter: z.boolean().default(false),
  obsend: z.boolean().default(false),
  obreceive: z.boolean().default(false),
  /** Daily email when an admin vets the volunteer's observations; unchanged when left out. */
  vetting_emails: z.boolean().optional(),
  /** Weekly email when a monitored site is due for a visit (docs/monitoring.md); unchanged when left out. */
  visit_reminders: z.boolean().optional(),
  /** Licence of the volunteer's future observations and photos; unchanged when left out. */
  license: z.enum(LICENSE_CODES, V.invalid).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

export const updatePhotoResponseSchema = z.object({ photo_path: z.string(), photo_name: z.string() });

/** A recent public observation on a public profile. */
export const profileObservationSchema = z.object({
  observation_id: z.number().int(),
  checklist_id: z.number().int(),
  lifestage_id: z.number().int().nullable(),
  /** Individuals counted; null when an imported record gave no count. */
  numbers: z.number().int().nullable(),
  /** Null at a private site. */
  locality: z.string().nullable(),
  checklist_date: z.string(),
  is_flash: z.boolean(),
  photo_path: z.string().nullable(),
});

/**
 * `GET /users/profile/{username}`: what anyone may see of a volunteer. Never email, role, language,
 * last sign-in or opt-ins.
 */
export const publicProfileSchema = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    photo_path: z.string().nullable(),
    bio: z.string().nullable(),
    club: z.string().nullable(),
    created: z.string(),
    ...profileCountFields,
    recent_observations: z.array(profileObservationSchema),
    /** Whether the signed-in viewer follows this volunteer; absent for visitors. */
    followed_by_me: z.boolean().optional(),
  })
  .strict();
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** `GET /users/getusernames?limit=100&value=…` (spec §3 "User search result"). */
export const usernameSearchQuerySchema = z.object({
  value: z.string().trim().max(30).default(''),
  limit: z.coerce.number().int().min(1).max(USERNAME_SEARCH_LIMIT).default(USERNAME_SEARCH_LIMIT),
});
export const usernameSearchResponseSchema = z.object({
  data: z.array(z.object({ user_id: z.number().int(), username: z.string() })),
  pagination: z.object({ count: z.number().int() }),
});
export type UsernameSearchResult = z.infer<typeof usernameSearchResponseSchema>;

/** `GET /users` (administrators): one row per active account. */
export const userListResponseSchema = z.object({
  data: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      email: z.string(),
      role_id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      lastlogin: z.string().nullable(),
      created: z.string(),
    }),
  ),
  pagination: z.object({ count: z.number().int() }),
});

/** Contact Us form (spec §2 `/content/contact-us`). */
export const contactInputSchema = z.object({
  name: z.string().trim().min(1, V.required).max(120),
  email: emailSchema,
  subject: z.string().trim().min(1, V.required).max(200),
  message: multiline(z.string().trim().min(1, V.required).min(10).max(5000)),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/** `GET /users/following`: the volunteers I follow, with their latest public observations. */
export const followingResponseSchema = z.object({
  data: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      photo_path: z.string().nullable(),
      latest: z.array(profileObservationSchema),
    }),
  ),
});
export type FollowingResponse = z.infer<typeof followingResponseSchema>;
