import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ChangePasswordInput,
  FollowingResponse,
  PublicProfile,
  UpdateProfileInput,
  UpdateUserInput,
  UsernameSearchResult,
} from '@mm/shared';
import { api } from '../../../lib/api-client';

const getPublicProfile = (username: string) => api.get<PublicProfile>(`/users/profile/${encodeURIComponent(username)}`);
const getPublicProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['public-profile', username.toLowerCase()],
    queryFn: () => getPublicProfile(username),
    retry: false,
  });
export const usePublicProfile = (username: string) => useQuery(getPublicProfileQueryOptions(username));

const searchUsernames = (value: string) => api.get<UsernameSearchResult>('/users/getusernames', { limit: 100, value });
export const useUsernameSearch = (value: string) =>
  useQuery({
    queryKey: ['usernames', value.toLowerCase()],
    queryFn: () => searchUsernames(value),
    enabled: value.trim().length > 0,
    staleTime: 60_000,
  });

export const updateUser = (userId: number, input: UpdateUserInput) => api.put<null>(`/users/update/${userId}`, input);
export const updateProfile = (input: UpdateProfileInput) => api.put<null>('/users/updateprofile', input);
export const changePassword = (input: ChangePasswordInput) => api.put<null>('/users/changepassword', input);
export const updatePhoto = (file: File) =>
  api.upload<{ photo_path: string; photo_name: string }>('/users/update_photo', file);

export const followUser = (username: string) => api.post<null>(`/users/follow/${encodeURIComponent(username)}`);
export const unfollowUser = (username: string) => api.delete<null>(`/users/follow/${encodeURIComponent(username)}`);
const getFollowing = () => api.get<FollowingResponse>('/users/following');
export const useFollowing = () => useQuery({ queryKey: ['following'], queryFn: getFollowing });

/** Everything held about me and my photo files, as a zip (`data.json`, `photos/`, `profile/`). */
export const getMyDataArchive = () => api.blob('/users/mydata/archive');
export const deleteMyAccount = (password: string) => api.delete<null>('/users/myaccount', { password });
