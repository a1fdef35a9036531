import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, LOCALES } from '../constants/index';
import { V } from './validation';

const required = (max: number) => z.string().trim().min(1, V.required).max(max);

/** Usernames: letters, digits, dot, dash, underscore; spec §5 "Do not use special characters or spaces". */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, V.required)
  .min(3)
  .max(30)
  .regex(/^[A-Za-z0-9._-]+$/, V.specialChars);

export const passwordSchema = z
  .string()
  .min(1, V.required)
  .min(PASSWORD_MIN_LENGTH, V.passwordLength)
  .max(PASSWORD_MAX_LENGTH, V.passwordLength);

export const emailSchema = z.string().trim().min(1, V.required).max(254).pipe(z.email(V.emailInvalid));

/** Sign-up form (spec §3): username, names, email, password twice, language, newsletter opt-in. */
export const signupInputSchema = z
  .object({
    username: usernameSchema,
    first_name: required(60),
    last_name: required(60),
    email: emailSchema,
    password: passwordSchema,
    confirm_password: z.string().min(1, V.required),
    language: z.enum(LOCALES, V.required),
    newsletter: z.boolean().default(false),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: V.passwordMatch,
    path: ['confirm_password'],
    // Report a mismatch alongside other fields' errors once both passwords are present.
    when: (p) => {
      const v = (p.value ?? {}) as Record<string, unknown>;
      return (
        passwordSchema.safeParse(v.password).success &&
        typeof v.confirm_password === 'string' &&
        v.confirm_password !== ''
      );
    },
  });
export type SignupInput = z.infer<typeof signupInputSchema>;

export const signinInputSchema = z.object({
  username: z.string().trim().min(1, V.required).max(254),
  password: z.string().min(1, V.required).max(256),
});
export type SigninInput = z.infer<typeof signinInputSchema>;

export const signinResponseSchema = z.object({ oauth_token: z.string() });

/** Session user of spec §3: held in app state and localStorage `currentUser`. */
export const sessionUserSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  role_id: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Sign-up answer: the same whether the email is new or already has an account. A new email
 * gets a confirmation link; the owner of a known one gets an email saying someone tried to sign up.
 */
export const signupResponseSchema = z.object({ confirmation_sent: z.literal(true) });

/** `POST /users/confirm`: the token of a confirmation link (256 random bits, base64url). */
export const confirmSignupInputSchema = z.object({ token: z.string().max(100) });

/** The account created by a confirmation link, signed in. */
export const confirmSignupResponseSchema = sessionUserSchema.extend({ oauth_token: z.string() });
export type ConfirmSignupResponse = z.infer<typeof confirmSignupResponseSchema>;

/** checksession answer: the user when the token is valid, an empty object otherwise (spec §4). */
export const checkSessionResponseSchema = z.union([
  sessionUserSchema.extend({ user: z.object({ first_name: z.string(), last_name: z.string(), language: z.string() }) }),
  z.object({}).strict(),
]);

export const profileSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  species_name: z.string().nullable(),
  club: z.string().nullable(),
  newsletter: z.boolean(),
  obsend: z.boolean(),
  obreceive: z.boolean(),
  /** Daily email when an admin vets the volunteer's observations; on by default. */
  vetting_emails: z.boolean(),
  /** Weekly email when a monitored site is due for a visit (docs/monitoring.md); on by default. */
  visit_reminders: z.boolean(),
  bio: z.string().nullable(),
  /** Licence of the volunteer's observations and photos: a `LicenseCode`. */
  license: z.string(),
  isdeleted: z.boolean(),
  created: z.string(),
  updated: z.string(),
});

/** The counts of spec §3 shown on My profile and on a public profile. */
export const profileCountFields = {
  location_count: z.number().int(),
  checklist_count: z.number().int(),
  observation_count: z.number().int(),
  species_count: z.number().int(),
  following_count: z.number().int(),
  follower_count: z.number().int(),
};

/** The signed-in user's own record (spec §3 "User record"), without secrets. */
export const myProfileSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.string(),
  province_id: z.number().int().nullable(),
  country_id: z.number().int().nullable(),
  photo_name: z.string().nullable(),
  photo_path: z.string().nullable(),
  lastlogin: z.string().nullable(),
  ...profileCountFields,
  created: z.string(),
  profile: profileSchema.nullable(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;
