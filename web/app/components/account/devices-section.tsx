import { devicesTexts, formatDate, pagePaths } from '@animata/contracts';
import { Form, useNavigation } from '@remix-run/react';
import type { DeviceRow } from '../../utils/account/devices.server.js';
import { SubmitButton } from '../ui/submit-button.js';

/**
 * 'Where you're signed in' (issue 16, beyond the spec, as GitHub and Google offer it): every
 * live session with its browser and system and when it was last used, this device marked,
 * each other one with Sign out, and one button for all the others.
 */
export function DevicesSection({ devices }: { devices: DeviceRow[] }) {
  const navigation = useNavigation();
  const pending = (intent: string, id?: string) =>
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    (id === undefined || navigation.formData?.get('id') === id);
  const others = devices.filter((device) => !device.current);
  return (
    <section className="card devices" aria-labelledby="devices-title">
      <h2 id="devices-title">{devicesTexts.title}</h2>
      <p className="muted">{devicesTexts.intro}</p>
      <ul className="devices__list">
        {devices.map((device) => (
          <li key={device.id} className="devices__item">
            <div>
              <p className="devices__name">
                {device.device}
                {device.current ? (
                  <span className="devices__badge">{devicesTexts.thisDevice}</span>
                ) : null}
              </p>
              <p className="devices__when muted">
                {device.lastActive}
                {' · Signed in '}
                <time dateTime={device.signedInAt}>{formatDate(device.signedInAt, 'short')}</time>
              </p>
            </div>
            {device.current ? null : (
              <Form method="post" action={pagePaths.account} preventScrollReset>
                <input type="hidden" name="intent" value="sign-out-device" />
                <input type="hidden" name="id" value={device.id} />
                <SubmitButton
                  variant="ghost"
                  pending={pending('sign-out-device', device.id)}
                  aria-label={`${devicesTexts.signOut}: ${device.device}, ${device.lastActive}`}
                >
                  {devicesTexts.signOut}
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" action={pagePaths.account} preventScrollReset>
          <input type="hidden" name="intent" value="sign-out-others" />
          <SubmitButton variant="danger" pending={pending('sign-out-others')}>
            {devicesTexts.signOutOthers}
          </SubmitButton>
        </Form>
      ) : (
        <p className="muted">{devicesTexts.noOthers}</p>
      )}
    </section>
  );
}
