import type { SessionUser, SigninInput, SignupInput } from '@mm/shared';
import { api } from '../../lib/api-client';

export type CheckSessionAnswer = Partial<SessionUser> & {
  user?: { first_name: string; last_name: string; language: string };
};

export const signin = (input: SigninInput) => api.post<{ oauth_token: string }>('/users/signin', input);
export const signup = (input: SignupInput) => api.post<SessionUser & { oauth_token: string }>('/users/signup', input);
export const checkSession = (token: string) =>
  api.post<CheckSessionAnswer>('/users/checksession', { oauth_token: token });
export const signoutRequest = () => api.post<null>('/users/signout');
