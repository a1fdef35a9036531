import { useEffect, useRef } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useSignOut } from '../../features/auth/use-sign-out';

/** `/users/signout` (small-screen menu link): signs out, then goes home. */
export function SignoutPage() {
  const signOut = useSignOut();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void signOut();
  }, [signOut]);
  return <LoadingScreen />;
}
