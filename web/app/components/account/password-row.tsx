import {
  accountLabels,
  authMessages,
  fieldMessages,
  isStrongPassword,
  oldPasswordError,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@animata/contracts';
import { useState } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { PasswordField } from '../ui/password-field.js';
import { EditableRow, ForgotPasswordForm, RowForm } from './editable-row.js';
import type { AccountActionResult } from './editing.js';

/**
 * 'Password', or 'Set password' for a customer who signed up with Google or Facebook (§2.1,
 * §4.1): the old password only for customers who have one, then the new one with its
 * requirements; Update is blocked until they are met ('Password is not valid' on the server).
 * The BFF ends every other session of the customer after a change.
 */
export function PasswordRow({
  hasPassword,
  editing,
  refused,
}: {
  hasPassword: boolean;
  editing: boolean;
  refused: AccountActionResult | undefined;
}) {
  const mine = refused?.intent === 'password' ? refused : undefined;
  const [password, setPassword] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const hydrated = useHydrated();
  const oldLive = hasPassword ? oldPasswordError(oldPassword) : undefined;
  const newLive = newPasswordError(password);
  // What the new password's field says: as one types (Update is blocked meanwhile, so it says
  // why), and for an empty field once a save was tried.
  const newShown = password !== '' || touched ? newLive : undefined;
  const label = hasPassword ? accountLabels.password : accountLabels.setPassword;
  return (
    <EditableRow
      row="password"
      label={label}
      value={
        hasPassword ? (
          <span aria-label="Password is set">••••••••</span>
        ) : (
          <span className="muted">
            You sign in with Google or Facebook. Set a password to log in with your email too.
          </span>
        )
      }
      editing={editing}
    >
      <RowForm
        intent="password"
        refused={refused}
        updateDisabled={hydrated && !isStrongPassword(password)}
        onSubmit={() => {
          setTouched(true);
          return oldLive || newLive ? 'refuse' : 'send';
        }}
      >
        {hasPassword ? (
          <PasswordField
            name="old_password"
            label={accountLabels.oldPassword}
            autoComplete="current-password"
            autoFocus
            error={touched ? oldLive : undefined}
            serverError={mine?.fieldErrors?.old_password}
            onValueChange={setOldPassword}
          />
        ) : null}
        <PasswordField
          name="password"
          label={accountLabels.password}
          autoComplete="new-password"
          autoFocus={!hasPassword}
          requirements="focus"
          hint={fieldMessages.minimumHint(PASSWORD_MIN_LENGTH)}
          maxLength={PASSWORD_MAX_LENGTH}
          error={newShown}
          serverError={mine?.fieldErrors?.password}
          onValueChange={setPassword}
        />
      </RowForm>
      {hasPassword ? <ForgotPasswordForm /> : null}
    </EditableRow>
  );
}

/**
 * §5's rules of the new password: its length, then 'Password is not valid' while a requirement
 * fails (the list below the field says which).
 */
function newPasswordError(password: string): string | undefined {
  const length = Array.from(password).length;
  if (length === 0) return fieldMessages.required(accountLabels.password);
  if (length < PASSWORD_MIN_LENGTH) {
    return fieldMessages.atLeast(accountLabels.password, PASSWORD_MIN_LENGTH);
  }
  if (length > PASSWORD_MAX_LENGTH) return fieldMessages.atMost(accountLabels.password);
  if (!isStrongPassword(password)) return authMessages.passwordNotValid;
  return undefined;
}
