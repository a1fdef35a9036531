import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProfile } from '@mm/shared';
import { api } from '../../../lib/api-client';

export const getMyProfile = () => api.get<MyProfile>('/users/myprofile');
export const getMyProfileQueryOptions = () => queryOptions({ queryKey: ['myprofile'], queryFn: getMyProfile });
export const useMyProfile = () => useQuery(getMyProfileQueryOptions());
