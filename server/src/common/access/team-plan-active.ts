/**
 * A team's plan is active: PlanAccess.teamsOf's rule (subscriptionState + isPremiumState on a
 * team product) in SQL, for the statements that decide through teams (the access layer's, the
 * share dialog's). `s` is the team's subscription row, `now` the placeholder holding the time.
 */
export const teamPlanActive = (now: string): string => `
  ((s.status = 'active'
    AND (NOT s.cancel_at_period_end OR s.current_period_end IS NULL
         OR s.current_period_end > ${now}))
   OR (s.status = 'canceled' AND s.current_period_end > ${now})
   OR (s.status = 'past_due' AND s.attempt_count < s.attempt_limit))`;
