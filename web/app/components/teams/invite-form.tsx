import { inviteEmailError, teamMessages, type Team } from '@animata/contracts';
import { Form } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../ui/text-field.js';
import { SubmitButton } from '../ui/submit-button.js';

/**
 * The invite field (billing-teams-apps §5, §6): a valid address, else 'Please enter a valid
 * email address.' and nothing is sent; after an invite the field is empty again (the route
 * gives it a new key). Only while a seat is free and the plan is active; otherwise says why.
 */
export function InviteForm({
  team,
  action,
  serverError,
  value,
  pending,
}: {
  team: Team;
  action: string;
  serverError?: string | undefined;
  /** What was typed, after a refusal. */
  value?: string | undefined;
  pending: boolean;
}) {
  const [email, setEmail] = useState(value ?? '');
  const [submitted, setSubmitted] = useState(false);
  const problem = inviteEmailError(email);
  const formRef = useRef<HTMLFormElement>(null);
  // After an invite the field is empty again (§5): the team's entries changed.
  const entries = `${team.invites.length}-${team.members.length}`;
  const seen = useRef(entries);
  useEffect(() => {
    if (seen.current === entries) return;
    seen.current = entries;
    const input = formRef.current?.elements.namedItem('recipientEmail');
    if (input instanceof HTMLInputElement) input.value = '';
    setEmail('');
    setSubmitted(false);
  }, [entries]);
  if (!team.canInvite) {
    return (
      <p className="team-invite__closed" role="note">
        {team.plan.expired ? teamMessages.planNotActive : teamMessages.noFreeSeat}
      </p>
    );
  }
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      preventScrollReset
      noValidate
      className="team-invite"
      onSubmit={(event) => {
        setSubmitted(true);
        if (problem) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="team-invite" />
      <input type="hidden" name="grantAccess" value="member" />
      <TextField
        label="Invite by e-mail"
        name="recipientEmail"
        type="email"
        autoComplete="off"
        defaultValue={value}
        placeholder="name@example.com"
        error={submitted || (email !== '' && problem && email.includes('@')) ? problem : undefined}
        serverError={serverError}
        onValueChange={setEmail}
      />
      <SubmitButton variant="primary" pending={pending}>
        Invite
      </SubmitButton>
    </Form>
  );
}
