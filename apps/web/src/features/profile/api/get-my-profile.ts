import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProfile } from '@mm/shared';
import { api } from '../../../lib/api-client';

const getMyProfile = () => api.get<MyProfile>('/users/myprofile');
const getMyProfileQueryOptions = () => queryOptions({ queryKey: ['myprofile'], queryFn: getMyProfile });
export const useMyProfile = () => useQuery(getMyProfileQueryOptions());
