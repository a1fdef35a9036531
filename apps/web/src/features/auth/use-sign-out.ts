import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../lib/links';
import { useSession } from '../../entities/session/session-context';

/** Signs out (spec §4): revoke, clear storage and cookie, toast `you_are_signed_out`, go home. */
export function useSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const to = useLocalePath();
  const { t } = useTranslation();
  return async () => {
    await signOut();
    // react-toastify loads with its container, after the first paint.
    const { toast } = await import('react-toastify');
    toast.success(t('toast.you_are_signed_out'));
    await navigate(to('/'));
  };
}
