import { authTexts, pagePaths, validateEmailOnly, type FieldErrors } from '@animata/contracts';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { TextField } from '../ui/text-field.js';
import { FormNotice } from '../ui/form-notice.js';
import { useFocusFirstError } from '../ui/field-state.js';
import { SubmitButton } from '../ui/submit-button.js';

/** Recover password and Confirm email share this layout (account-and-auth §2.3). */
export function EmailRequestPage({
  title,
  intro,
  result,
}: {
  title: string;
  intro: string;
  result: { fieldErrors?: FieldErrors; notice?: string; email?: string } | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const [email, setEmail] = useState(result?.email ?? '');
  const [touched, setTouched] = useState(false);
  const live = validateEmailOnly(email);
  const serverError = result?.fieldErrors?.email;
  const focus = useFocusFirstError(result, serverError !== undefined);
  return (
    <>
      <h1 className="auth-title">{title}</h1>
      <p className="auth-subtitle">{intro}</p>
      <Form
        ref={focus.formRef}
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          setTouched(true);
          if (submitting || live.email) {
            event.preventDefault();
            if (!submitting) focus.refused();
          }
        }}
      >
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.email ?? ''}
          error={touched ? live.email : undefined}
          serverError={serverError}
          onValueChange={setEmail}
          onBlur={() => setTouched(true)}
        />
        <FormNotice>{result?.notice}</FormNotice>
        <SubmitButton block pending={submitting} pendingLabel="Sending…">
          {authTexts.sendEmail}
        </SubmitButton>
      </Form>
      <p className="auth-switch">
        <Link to={pagePaths.login}>{authTexts.backToLogin}</Link>
      </p>
    </>
  );
}
