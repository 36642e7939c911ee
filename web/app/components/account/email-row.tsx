import {
  accountLabels,
  accountTexts,
  emailChangeMessages,
  emailChangePasswordError,
  newEmailError,
  pagePaths,
  type EmailChangeStatus,
} from '@animata/contracts';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { PasswordField } from '../ui/password-field.js';
import { SubmitButton } from '../ui/submit-button.js';
import { TextField } from '../ui/text-field.js';
import { EditableRow, ForgotPasswordForm, RowForm } from './editable-row.js';
import { editAddress, type AccountActionResult } from './editing.js';

/**
 * 'Account email' (§2.1, §4.1): Edit is hidden for customers without a password (§6). A change
 * is pending until the link mailed to the new address is followed: the row then shows the
 * server's message and the new address with Cancel, Resend and Edit (which reopens the form
 * with the pending address).
 */
export function EmailRow({
  email,
  hasPassword,
  pending,
  editing,
  refused,
}: {
  email: string;
  hasPassword: boolean;
  pending: EmailChangeStatus;
  editing: boolean;
  refused: AccountActionResult | undefined;
}) {
  const mine = refused?.intent === 'email' ? refused : undefined;
  const start = mine?.values?.newEmail ?? pending.newEmail ?? email;
  const [newEmail, setNewEmail] = useState(start);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailLive = newEmailError(newEmail);
  const passwordLive = emailChangePasswordError(password);
  return (
    <EditableRow
      row="email"
      label={accountLabels.email}
      value={
        <>
          {email}
          {pending.newEmail ? <PendingChange pending={pending} canEdit={hasPassword} /> : null}
        </>
      }
      editing={editing && hasPassword}
      canEdit={hasPassword && !pending.newEmail}
    >
      <RowForm
        intent="email"
        refused={refused}
        onSubmit={() => {
          setTouched(true);
          if (newEmail.trim().toLowerCase() === email && !emailLive) return 'cancel';
          return emailLive || passwordLive ? 'refuse' : 'send';
        }}
      >
        <TextField
          name="newEmail"
          type="email"
          label={accountLabels.email}
          defaultValue={start}
          autoComplete="email"
          autoFocus
          error={touched ? emailLive : undefined}
          serverError={mine?.fieldErrors?.newEmail}
          onValueChange={setNewEmail}
        />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="current-password"
          error={touched ? passwordLive : undefined}
          serverError={mine?.fieldErrors?.password}
          onValueChange={setPassword}
        />
      </RowForm>
      <ForgotPasswordForm />
    </EditableRow>
  );
}

function PendingChange({ pending, canEdit }: { pending: EmailChangeStatus; canEdit: boolean }) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <div className="email-pending">
      <p className="account-row__warning" role="status">
        {pending.message}
      </p>
      <p className="email-pending__address">
        <span className="muted">{emailChangeMessages.pendingLabel}: </span>
        {pending.newEmail}
      </p>
      <div className="email-pending__buttons">
        <Form method="post" action={pagePaths.account} preventScrollReset>
          <input type="hidden" name="intent" value="email-cancel" />
          <SubmitButton variant="ghost" pending={busy('email-cancel')}>
            {accountTexts.cancel}
          </SubmitButton>
        </Form>
        <Form method="post" action={pagePaths.account} preventScrollReset>
          <input type="hidden" name="intent" value="email-resend" />
          <input type="hidden" name="newEmail" value={pending.newEmail} />
          <SubmitButton variant="ghost" pending={busy('email-resend')}>
            {emailChangeMessages.resend}
          </SubmitButton>
        </Form>
        {canEdit ? (
          <Link
            to={editAddress('email')}
            className="button button--ghost"
            preventScrollReset
            replace
            aria-label={`${accountTexts.edit} new email`}
          >
            {accountTexts.edit}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
