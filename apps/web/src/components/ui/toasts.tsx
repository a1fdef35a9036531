import type { CSSProperties } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@mm/shared';

/**
 * react-toastify's light theme writes its text in #757575, grey on white; the app's own body text
 * (MUI's text.primary on white, 15.8:1) and font instead. Set on the container, these outrank the
 * library's `:root` defaults whatever the order the style sheets load in.
 */
const toastTheme = {
  '--toastify-text-color-light': 'rgba(0, 0, 0, 0.87)',
  '--toastify-font-family': 'inherit',
} as CSSProperties;

/**
 * Where toasts show: top-right, 5000 ms, close on click (spec §8). Loaded after the first paint
 *; a toast raised before it mounts waits in react-toastify's queue.
 */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} closeOnClick style={toastTheme} />;
}
