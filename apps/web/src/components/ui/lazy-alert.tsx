import type { AlertProps } from '@mui/material/Alert';
import { Suspense, lazy } from 'react';

const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * MUI's Alert for messages that show only when something failed: its code loads then, not with the
 * page. Same props as Alert; nothing is drawn during the few milliseconds of the load.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
