import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@mm/shared';

/**
 * Where toasts show: top-right, 5000 ms, close on click (spec §8). Loaded after the first paint
 * (issue 13); a toast raised before it mounts waits in react-toastify's queue.
 */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} closeOnClick />;
}
