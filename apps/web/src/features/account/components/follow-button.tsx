import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { followUser, unfollowUser } from '../api/profiles';

/** Follow or unfollow a volunteer from their public profile; counts refresh from the server. */
export function FollowButton({ username, following }: { username: string; following: boolean }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => (following ? unfollowUser(username) : followUser(username)),
    onSuccess: async () => {
      toast.success(t(following ? 'follow.unfollowed' : 'follow.followed', { username }));
      await Promise.all(
        ['public-profile', 'following', 'myprofile'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      );
    },
    onError: (err) =>
      toast.error(err instanceof ApiRequestError && err.status > 0 ? err.body.message : t('common:errors.network')),
  });
  return (
    <Button
      variant={following ? 'outlined' : 'contained'}
      onClick={() => mutation.mutate()}
      disabled={mutation.isPending}
      aria-pressed={following}
    >
      {t(following ? 'follow.unfollow' : 'follow.follow')}
    </Button>
  );
}
