import { useLayoutEffect } from 'react';
import { detectDevice, type Device, MOBILE_QUERY, useAppStore } from '../../stores/app';

/**
 * Keeps the app store's `device` (docs/product.md, "Preferences and defaults") in step with the viewport: below 992 px the console
 * uses its mobile layout. Runs before paint so a phone never flashes the desktop frame.
 */
export function useDevice(): Device {
  const device = useAppStore((s) => s.device);
  const setDevice = useAppStore((s) => s.setDevice);
  useLayoutEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const sync = () => setDevice(detectDevice());
    sync();
    mq.addEventListener('change', sync);
    return () => mq.removeEventListener('change', sync);
  }, [setDevice]);
  return device;
}
