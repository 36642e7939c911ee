import { appNameError, appsMessages, appsTexts, ownAppsTexts } from '@animata/contracts';
import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { SubmitButton } from '../ui/submit-button.js';
import { TextField } from '../ui/text-field.js';

/**
 * The create-app field below the table (§2, §5). With JavaScript the rule runs as one types
 * (a whitespace-only name, more than 255 characters) and an empty submit is refused with the
 * same alert; without it the BFF answers the same texts.
 */
export function OwnAppCreate({
  action,
  serverError,
  value,
}: {
  action: string;
  serverError: string | undefined;
  value: string | undefined;
}) {
  const navigation = useNavigation();
  const [name, setName] = useState(value ?? '');
  const [submitted, setSubmitted] = useState(false);
  const liveError = name !== '' || submitted ? appNameError(name) : undefined;
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  return (
    <Form
      method="post"
      action={action}
      className="card own-apps-create"
      noValidate
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem('name') as HTMLInputElement | null;
        const typed = input?.value ?? name;
        if (appNameError(typed) !== undefined) {
          event.preventDefault();
          setName(typed);
          setSubmitted(true);
          input?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <TextField
        label={ownAppsTexts.newAppName}
        name="name"
        defaultValue={value}
        autoComplete="off"
        error={liveError}
        serverError={serverError}
        onValueChange={setName}
      />
      <SubmitButton pending={pending}>{appsTexts.createApp}</SubmitButton>
    </Form>
  );
}

/**
 * In place of the create field for a customer without the developer grant (a manager of
 * someone's app, or a developer whose grant was taken back): the refusal the BFF would answer
 * to a create (decision 80), said before anything is typed.
 */
export function OwnAppCreateRefused() {
  return (
    <section className="card own-apps-create own-apps-create--refused">
      <p role="note">{appsMessages.notADeveloper}</p>
    </section>
  );
}
