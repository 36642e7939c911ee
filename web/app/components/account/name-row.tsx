import { accountLabels, accountNameError, ACCOUNT_NAME_MAX_LENGTH } from '@animata/contracts';
import { useState } from 'react';
import { TextField } from '../ui/text-field.js';
import { EditableRow, RowForm } from './editable-row.js';
import type { AccountActionResult } from './editing.js';

/** 'Account name' (§2.1): POST change-account-info `{ name }`, 'Account info saved'. */
export function NameRow({
  name,
  editing,
  refused,
}: {
  name: string;
  editing: boolean;
  refused: AccountActionResult | undefined;
}) {
  const mine = refused?.intent === 'name' ? refused : undefined;
  const [value, setValue] = useState(mine?.values?.name ?? name);
  const [touched, setTouched] = useState(false);
  const live = accountNameError(value);
  return (
    <EditableRow row="name" label={accountLabels.name} value={name} editing={editing}>
      <RowForm
        intent="name"
        refused={refused}
        onSubmit={() => {
          setTouched(true);
          if (live) return 'refuse';
          return value.trim() === name ? 'cancel' : 'send';
        }}
      >
        <TextField
          name="name"
          label={accountLabels.name}
          defaultValue={mine?.values?.name ?? name}
          autoComplete="name"
          maxLength={ACCOUNT_NAME_MAX_LENGTH}
          // The row opened on the visitor's request: typing can start at once.
          autoFocus
          error={touched ? live : undefined}
          serverError={mine?.fieldErrors?.name}
          onValueChange={setValue}
          onBlur={() => setTouched(true)}
        />
      </RowForm>
    </EditableRow>
  );
}
