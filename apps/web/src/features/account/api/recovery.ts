import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput, ResetTokenStatus } from '@mm/shared';
import { api } from '../../../lib/api-client';

export const forgotPassword = (input: ForgotPasswordInput) => api.post<{ sent: true }>('/users/forgotpassword', input);

const getResetStatus = (token: string) =>
  api.get<ResetTokenStatus>(`/users/findbysystoken/${encodeURIComponent(token)}`);
const getResetStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-status', token],
    queryFn: () => getResetStatus(token),
    staleTime: Infinity,
    retry: false,
  });
export const useResetStatus = (token: string) => useQuery(getResetStatusQueryOptions(token));

export const resetPassword = (token: string, input: ResetPasswordInput) =>
  api.post<{ oauth_token: string }>(`/users/resetpassword/${encodeURIComponent(token)}`, input);
