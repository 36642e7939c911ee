import {
  slotsError,
  TEAM_MAX_EXTRA_SEATS,
  teamMessages,
  type SlotsPreview,
  type Team,
} from '@animata/contracts';
import { Form, Link } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldState } from '../ui/field-state.js';
import { useHydrated } from '../../utils/use-hydrated.js';
import { SubmitButton } from '../ui/submit-button.js';
import { formatDollars, formatDay } from '../../utils/teams/team-view.js';

/**
 * The seat controls (billing-teams-apps §4, §5, §6): 0–7 extra seats beside the 3 included,
 * the price of a seat, the seats from the next billing date after a decrease. An increase is
 * charged now (prorated); a decrease applies at the next billing date. Seats are bought only
 * with a stored payment method; without one the customer is told to contact support.
 */
export function SeatsForm({
  team,
  action,
  serverError,
  pending,
  preview,
}: {
  team: Team;
  action: string;
  serverError?: string | undefined;
  pending: boolean;
  /** The cost of the seats asked for, to confirm before paying (an increase). */
  preview?: SlotsPreview | undefined;
}) {
  const { slots } = team;
  const { subscription } = slots;
  const id = useId();
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(slots.extra.nextCycle));
  // A change of the team's seats (this form's post, or elsewhere) shows the new number.
  const formRef = useRef<HTMLFormElement>(null);
  const seen = useRef(slots.extra.nextCycle);
  useEffect(() => {
    if (seen.current === slots.extra.nextCycle) return;
    seen.current = slots.extra.nextCycle;
    const input = formRef.current?.elements.namedItem('extra');
    if (input instanceof HTMLInputElement) input.value = String(slots.extra.nextCycle);
    setValue(String(slots.extra.nextCycle));
  }, [slots.extra.nextCycle]);
  const extra = value.trim() === '' ? Number.NaN : Number(value);
  const error = value.trim() === '' ? undefined : slotsError(extra);
  const field = useFieldState({
    serverError,
    error,
    defaultValue: String(slots.extra.nextCycle),
    onValueChange: setValue,
  });
  const shown = field.shownError;
  const total = slots.included + slots.extra.current;
  const next = slots.included + slots.extra.nextCycle;
  const seatPrice = subscription.seatMonthlyPrice;
  const changing = Number.isInteger(extra) && extra !== slots.extra.nextCycle;
  const increase = Number.isInteger(extra) && extra > slots.extra.current;
  const canBuy = subscription.paymentMethod !== null;

  return (
    <section className="team-seats" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="team-section__title">
        Seats
      </h3>
      <p className="team-seats__summary" data-testid="team-seats">
        {total} seats: {slots.included} included and {slots.extra.current} extra
        {next !== total && subscription.endDate
          ? `; ${next} from ${formatDay(subscription.endDate)}`
          : ''}
      </p>
      {seatPrice > 0 ? (
        <p className="muted">{formatDollars(seatPrice)} per extra seat a month</p>
      ) : null}
      {canBuy && preview ? (
        <Form method="post" action={action} preventScrollReset className="team-seats__confirm">
          <input type="hidden" name="intent" value="team-seats" />
          <input type="hidden" name="extra" value={String(preview.extra)} />
          <input type="hidden" name="confirm" value="1" />
          <p role="status" data-testid="seats-preview">
            {slots.included + preview.extra} seats: {formatDollars(preview.amount / 100)} is charged
            now, prorated
            {preview.periodEnd ? ` to ${formatDay(preview.periodEnd)}` : ''}.
          </p>
          <div className="team-seats__buttons">
            <Link to={action} className="button button--ghost" replace preventScrollReset>
              Cancel
            </Link>
            <SubmitButton variant="primary" pending={pending}>
              Pay {formatDollars(preview.amount / 100)} and update seats
            </SubmitButton>
          </div>
        </Form>
      ) : canBuy ? (
        <Form
          ref={formRef}
          method="post"
          action={action}
          preventScrollReset
          className="team-seats__form"
        >
          <input type="hidden" name="intent" value="team-seats" />
          <div className={`field field--inline${shown ? ' field--invalid' : ''}`}>
            <label htmlFor={id} className="field__label">
              Extra seats (0–{TEAM_MAX_EXTRA_SEATS})
            </label>
            <div className="field__control">
              <input
                ref={field.ref}
                id={id}
                name="extra"
                type="number"
                inputMode="numeric"
                step={1}
                defaultValue={String(slots.extra.nextCycle)}
                aria-invalid={shown ? true : undefined}
                aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
                onChange={(event) => field.edited(event.target.value)}
              />
            </div>
            {shown ? (
              <p id={`${id}-error`} className="field__error" role="alert">
                {shown}
              </p>
            ) : null}
            <p id={`${id}-hint`} className="field__hint">
              {increase
                ? `Added seats are charged now, prorated to ${
                    subscription.endDate ? formatDay(subscription.endDate) : 'the next billing date'
                  }.`
                : 'Fewer seats apply from the next billing date.'}
            </p>
          </div>
          <SubmitButton
            variant="primary"
            pending={pending}
            disabled={hydrated && (Boolean(error) || !changing)}
          >
            Update seats
          </SubmitButton>
        </Form>
      ) : (
        <p className="team-seats__support" role="note">
          {teamMessages.noPaymentMethod}
        </p>
      )}
    </section>
  );
}
