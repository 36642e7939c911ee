import { accountTexts, pagePaths } from '@animata/contracts';
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import type { FormEvent, ReactNode } from 'react';
import { FormNotice } from '../ui/form-notice.js';
import { useFocusFirstError } from '../ui/field-state.js';
import { SubmitButton } from '../ui/submit-button.js';
import { editAddress, type AccountActionResult, type EditableRowName } from './editing.js';

/**
 * A row of the settings page (account-and-auth §2.1, §4.1): its label and value with an Edit
 * link, or, in edit mode, its form. Edit and Cancel are links (edit mode lives in the address),
 * so both work without JavaScript; a row without `canEdit` has no Edit at all.
 */
export function EditableRow({
  row,
  label,
  value,
  editing,
  canEdit = true,
  children,
}: {
  row: EditableRowName;
  label: string;
  value: ReactNode;
  editing: boolean;
  canEdit?: boolean;
  children: ReactNode;
}) {
  const titleId = `account-row-${row}`;
  return (
    <section
      className={`account-row${editing ? ' account-row--editing' : ''}`}
      aria-labelledby={titleId}
      data-row={row}
    >
      <div className="account-row__head">
        <h2 id={titleId} className="account-row__label">
          {label}
        </h2>
        {!editing && canEdit ? (
          <Link
            to={editAddress(row)}
            className="button button--ghost button--small"
            preventScrollReset
            replace
            aria-label={`${accountTexts.edit} ${label}`}
          >
            {accountTexts.edit}
          </Link>
        ) : null}
      </div>
      {editing ? children : <div className="account-row__value">{value}</div>}
    </section>
  );
}

/**
 * A row's edit form: posts to the page's action with its `intent`, Cancel and Update at the
 * end. Escape cancels (with JavaScript); `onSubmit` may refuse the post (the form's own rules)
 * or turn it into a cancel (an unchanged value, §4.1).
 */
export function RowForm({
  intent,
  refused,
  onSubmit,
  updateDisabled = false,
  encType,
  children,
}: {
  intent: string;
  refused: AccountActionResult | undefined;
  /** Return 'refuse' to keep the form open, 'cancel' to leave edit mode without saving. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => 'refuse' | 'cancel' | 'send';
  updateDisabled?: boolean;
  encType?: 'multipart/form-data';
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const mine = refused?.intent === intent ? refused : undefined;
  const focus = useFocusFirstError(mine, Object.keys(mine?.fieldErrors ?? {}).length > 0);
  const cancel = () => navigate(pagePaths.account, { preventScrollReset: true, replace: true });
  return (
    <Form
      ref={focus.formRef}
      method="post"
      action={pagePaths.account}
      preventScrollReset
      noValidate
      encType={encType}
      className="account-row__form"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here: the snackbar must not take this Escape as well.
        event.preventDefault();
        event.stopPropagation();
        cancel();
      }}
      onSubmit={(event) => {
        if (submitting) return event.preventDefault();
        const verdict = onSubmit?.(event) ?? 'send';
        if (verdict === 'send') return;
        event.preventDefault();
        if (verdict === 'cancel') cancel();
        else focus.refused();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
      <FormNotice>{mine?.notice}</FormNotice>
      <div className="account-row__buttons">
        <Link to={pagePaths.account} className="button button--ghost" preventScrollReset replace>
          {accountTexts.cancel}
        </Link>
        <SubmitButton pending={submitting} disabled={updateDisabled}>
          {accountTexts.update}
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * 'Forgot password' of the e-mail and password edit modes: it mails the customer a reset link
 * ('Click the link in the email we sent you to reset your password'). Its own small form, as
 * forms cannot nest.
 */
export function ForgotPasswordForm() {
  const navigation = useNavigation();
  const sending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'forgot-password';
  return (
    <Form
      method="post"
      action={pagePaths.account}
      preventScrollReset
      className="account-row__forgot"
    >
      <input type="hidden" name="intent" value="forgot-password" />
      <SubmitButton variant="link" pending={sending}>
        {accountTexts.forgotPassword}
      </SubmitButton>
    </Form>
  );
}
