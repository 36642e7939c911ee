import { authTexts, pagePaths } from '@animata/contracts';
import { Form } from '@remix-run/react';

/**
 * 'Log out' as a one-button form: signing out is a POST to the logout route (§4.3), never a
 * link, so no other site can sign people out. `className` styles the button where it stands.
 */
export function LogoutForm({ className }: { className: string }) {
  return (
    <Form method="post" action={pagePaths.logout}>
      <button type="submit" className={className}>
        {authTexts.logOut}
      </button>
    </Form>
  );
}
