import { Form, Link, useNavigation } from '@remix-run/react';
import { SubmitButton } from '../ui/submit-button.js';

/** Accept and Decline on an invite link's page, posting to the page's own action. */
export function InviteAnswerButtons() {
  const navigation = useNavigation();
  const busy = (value: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('action') === value;
  return (
    <Form method="post" className="team-invite-page__buttons">
      <SubmitButton name="action" value="confirm" pending={busy('confirm')}>
        Accept invitation
      </SubmitButton>
      <SubmitButton variant="ghost" name="action" value="refuse" pending={busy('refuse')}>
        Decline
      </SubmitButton>
    </Form>
  );
}

/**
 * An invite link's page signed out: log in (back to the page), or, without an account for the
 * address, sign up through the link first.
 */
export function InviteSignedOut(props: {
  accountExists: boolean;
  loginHref: string;
  registerHref: string;
  /** 'Create your free account to …, or log in if you already have one.' */
  createAccount: string;
  signUp: string;
}) {
  const { accountExists, loginHref, registerHref } = props;
  return (
    <>
      <p>{accountExists ? 'Log in to accept the invitation.' : props.createAccount}</p>
      <div className="team-invite-page__buttons">
        {accountExists ? null : (
          <Link to={registerHref} className="button button--primary">
            {props.signUp}
          </Link>
        )}
        <Link
          to={loginHref}
          className={`button ${accountExists ? 'button--primary' : 'button--ghost'}`}
        >
          Log in
        </Link>
      </div>
    </>
  );
}
