import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@/lib/notify';

// SPEC §8: toasts top-right, auto-close after 5000 ms.
export function Toaster() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />;
}
