/**
 * `toast.success|error|info|warning(message)` as react-toastify's, with the library loaded on the
 * first toast rather than with every page that may raise one. The container
 * (components/ui/toasts) loads the same chunk after the first paint, so it is normally there already;
 * a toast raised before the container mounts waits in react-toastify's queue.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';

const show = (kind: Kind, message: string) =>
  void import('react-toastify').then(({ toast: t }) => t[kind](message)).catch(() => undefined);

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
