import {
  dashboardTexts,
  projectPagePaths,
  SHARE_PARAMS,
  TOUR_PARAM,
  TOUR_STEP_TEXTS,
  TOUR_STEPS,
  welcomeTexts,
} from '@animata/contracts';
import { Form, useLocation, useMatches, useNavigation, useSubmit } from '@remix-run/react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { useHydrated } from '../../../utils/use-hydrated.js';

/**
 * Whether some loader of the page says the customer's onboarding includes projects (§3
 * Customer.onboarding.projects): the dashboard layout loads the customer object, and this reads
 * it from whichever route holds it, so the layout passes nothing.
 */
function useOnboardingFlag(): boolean {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.data as { customer?: { onboarding?: { projects?: unknown } } } | undefined;
    if (data?.customer?.onboarding && typeof data.customer.onboarding === 'object') {
      return data.customer.onboarding.projects === true;
    }
  }
  return false;
}

/** The tour step in the address (`?tour=n`), or null. */
function tourStepOf(search: string): number | null {
  const value = Number(new URLSearchParams(search).get(TOUR_PARAM));
  return Number.isInteger(value) && value >= 1 && value <= TOUR_STEPS ? value : null;
}

/**
 * The projects onboarding (projects-dashboard §2 Dialogs, §4 Onboarding, §9): the welcome screen
 * while the customer's onboarding flag is set, shown after load and after every route change
 * (the layout's loader runs again on each), and the 3-step tour in the demo folder, whose step
 * lives in the address. Every choice is a form posting to the onboarding action, so all of it
 * works without JavaScript. `show` overrides the flag (for a layout that already knows it).
 */
export function Welcome({ show }: { show?: boolean } = {}) {
  const flag = useOnboardingFlag();
  const location = useLocation();
  const step = tourStepOf(location.search);
  // Only while onboarding: a bookmarked `?tour=` after the end shows nothing.
  if (!(show ?? flag)) return null;
  // One dialog at a time: a share dialog the address opens (a link someone sent) comes first.
  if (new URLSearchParams(location.search).has(SHARE_PARAMS.share)) return null;
  if (step !== null) return <TourStep step={step} />;
  // A new key per page, so a dialog closed on one page opens again after a route change.
  return <WelcomeDialog key={location.pathname} />;
}

function WelcomeDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const leadId = useId();
  const hydrated = useHydrated();
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [closed, setClosed] = useState(false);
  const here = location.pathname + location.search;
  const pending =
    navigation.state !== 'idle' && navigation.formAction === projectPagePaths.onboarding;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated || closed) return;
    // Opened by the server's HTML as a plain open dialog: reopened as a modal, which keeps
    // focus inside and makes the page behind it inert.
    if (dialog.open && !dialog.matches(':modal')) dialog.close();
    if (!dialog.open) dialog.showModal();
  }, [hydrated, closed]);

  /** Escape is 'Continue to dashboard': closed now, recorded as cancel. */
  const dismiss = () => {
    setClosed(true);
    ref.current?.close();
    submit(
      { intent: 'continue', redirectTo: here },
      { method: 'post', action: projectPagePaths.onboarding, preventScrollReset: true },
    );
  };

  if (closed) return null;
  return (
    <dialog
      ref={ref}
      className="welcome-dialog"
      aria-labelledby={titleId}
      aria-describedby={leadId}
      open={!hydrated ? true : undefined}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab') {
          trapFocus(event.currentTarget, event);
          return;
        }
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        dismiss();
      }}
    >
      <WelcomeArt />
      <h2 id={titleId} className="welcome-dialog__title">
        {welcomeTexts.title}
      </h2>
      <p id={leadId} className="welcome-dialog__lead">
        {welcomeTexts.lead}
      </p>
      <div className="welcome-dialog__actions">
        <OnboardingForm intent="demo">
          <button type="submit" className="button button--primary" disabled={pending}>
            {dashboardTexts.welcomeOpenDemo}
          </button>
        </OnboardingForm>
        <OnboardingForm intent="start-own">
          <button type="submit" className="button button--ghost" disabled={pending}>
            {dashboardTexts.welcomeStartOwn}
          </button>
        </OnboardingForm>
        <OnboardingForm intent="continue" fields={{ redirectTo: here }}>
          <button type="submit" className="button button--ghost" disabled={pending}>
            {dashboardTexts.welcomeContinue}
          </button>
        </OnboardingForm>
      </div>
    </dialog>
  );
}

/**
 * Keeps Tab inside the dialog: a modal dialog makes the page inert, but Tab from its last
 * button would still leave for the browser's own controls.
 */
function trapFocus(dialog: HTMLElement, event: ReactKeyboardEvent<HTMLElement>) {
  const focusable = Array.from(
    dialog.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input, [tabindex]'),
  ).filter((node) => node.tabIndex >= 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * One step of the tour: a card in the corner that leaves the demo folder usable, labelled by its
 * title. Next records the next step; the last step's Finish records finish; Skip tour and Escape
 * record cancel. Each is a form, so the tour works without JavaScript.
 */
function TourStep({ step }: { step: number }) {
  const titleId = useId();
  const textId = useId();
  const submit = useSubmit();
  const navigation = useNavigation();
  const ref = useRef<HTMLElement>(null);
  const texts = TOUR_STEP_TEXTS[step - 1]!;
  const last = step === TOUR_STEPS;
  const pending =
    navigation.state !== 'idle' && navigation.formAction === projectPagePaths.onboarding;

  // Each step takes the focus, so a keyboard or screen-reader user is told it arrived; the page
  // marks what the step is about (project.css, `data-tour-step`).
  useEffect(() => {
    ref.current?.focus();
    document.documentElement.dataset.tourStep = String(step);
    return () => {
      delete document.documentElement.dataset.tourStep;
    };
  }, [step]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      submit({ intent: 'skip' }, { method: 'post', action: projectPagePaths.onboarding });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [submit]);

  return (
    <section
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      className="tour-step"
      data-step={step}
    >
      <p className="tour-step__count">{welcomeTexts.stepOf(step, TOUR_STEPS)}</p>
      <h2 id={titleId} className="tour-step__title">
        {texts.title}
      </h2>
      <p id={textId} className="tour-step__text">
        {texts.text}
      </p>
      <ol className="tour-step__dots" aria-hidden="true">
        {TOUR_STEP_TEXTS.map((entry, index) => (
          <li
            key={entry.title}
            className={`tour-step__dot${index + 1 === step ? ' tour-step__dot--current' : ''}`}
          />
        ))}
      </ol>
      <div className="tour-step__buttons">
        <OnboardingForm intent="skip">
          <button type="submit" className="button button--ghost button--small" disabled={pending}>
            {welcomeTexts.skip}
          </button>
        </OnboardingForm>
        {last ? (
          <OnboardingForm intent="finish">
            <button
              type="submit"
              className="button button--primary button--small"
              disabled={pending}
            >
              {welcomeTexts.finish}
            </button>
          </OnboardingForm>
        ) : (
          <OnboardingForm intent="step" fields={{ step: String(step + 1) }}>
            <button
              type="submit"
              className="button button--primary button--small"
              disabled={pending}
            >
              {welcomeTexts.next}
            </button>
          </OnboardingForm>
        )}
      </div>
    </section>
  );
}

function OnboardingForm({
  intent,
  fields = {},
  children,
}: {
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={projectPagePaths.onboarding} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** A small mark: a motion path between two keyframes, the product in one picture. */
function WelcomeArt() {
  return (
    <svg className="welcome-dialog__art" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <rect width="72" height="72" rx="18" fill="var(--brand-soft)" />
      <path
        d="M14 52 C 26 14, 46 14, 58 52"
        fill="none"
        stroke="var(--brand)"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="14" cy="52" r="6" fill="var(--brand)" />
      <circle cx="58" cy="52" r="6" fill="#ffd166" />
    </svg>
  );
}
