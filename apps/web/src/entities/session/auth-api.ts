import type { ConfirmSignupResponse, SessionUser, SigninInput, SignupInput } from '@mm/shared';
import { api } from '../../lib/api-client';

export type CheckSessionAnswer = Partial<SessionUser> & {
  user?: { first_name: string; last_name: string; language: string };
};

export const signin = (input: SigninInput) => api.post<{ oauth_token: string }>('/users/signin', input);
/** Asks for an account: 202 whether or not the email is known; the account exists once the emailed link is followed. */
export const signup = (input: SignupInput) => api.post<{ confirmation_sent: true }>('/users/signup', input);
/** Creates the account of a confirmation link and answers its first session. */
export const confirmSignup = (token: string) => api.post<ConfirmSignupResponse>('/users/confirm', { token });
/** Sends the confirmation link of a waiting sign-up again; the same answer either way. */
export const resendConfirmation = (email: string) => api.post<{ sent: true }>('/users/signup/resend', { email });
export const checkSession = (token: string) =>
  api.post<CheckSessionAnswer>('/users/checksession', { oauth_token: token });
export const signoutRequest = () => api.post<null>('/users/signout');
