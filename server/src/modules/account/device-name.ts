import Bowser from 'bowser';
import { devicesTexts } from '@animata/contracts';

/**
 * A person's name for the browser behind a session: 'Chrome 131 on Linux', 'Safari on iOS'.
 * Only the major version: the rest changes every week and means nothing to the customer.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return devicesTexts.unknownDevice;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  if (!browser) return devicesTexts.unknownDevice;
  const major = parsed.browser.version?.split('.')[0];
  const name = major && /^\d+$/.test(major) ? `${browser} ${major}` : browser;
  const os = parsed.os.name;
  return os ? `${name} on ${os}` : name;
}
