import {
  annualSavingPercent,
  billingMessages,
  couponOffLabel,
  formatMoney,
  loginUrlFor,
  planPriceView,
  type AccountLinks,
  type Customer,
  type PayablePeriod,
  type Product,
  type SiteCoupon,
} from '@animata/contracts';
import { Link } from '@remix-run/react';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { TopBar } from '../top-bar.js';
import { ChatWidget, ChatLink } from './chat-widget.js';
import { CouponRefusalNote } from './coupon-refusal-note.js';
import { COMPARISON, PLAN_HIGHLIGHTS, PRODUCT_TITLES, type ComparisonCell } from './comparison.js';
import { planAction, type PlanAction } from './plan-buttons.js';
import { pricingHref } from './pricing-query.js';
import pricingStylesUrl from '../../styles/pricing.css?url';
import type { PendingWarning } from '../../utils/checkout.server.js';
import { PendingPaymentWarning } from './checkout/pending-payment-warning.js';

/** The pricing page's stylesheet, for every route that draws the page (the dialog routes too). */
export const pricingLinks = () => [{ rel: 'stylesheet', href: pricingStylesUrl }];

/** What the page draws: the loader data of utils/pricing.server.ts (loadPricing). */
export interface PricingPageProps {
  products: Product[];
  customer: Customer | null;
  links: AccountLinks | null;
  period: PayablePeriod;
  product?: string | null;
  coupon: string | null;
  payment?: string | null;
  promo: SiteCoupon | null;
  /** A payment waiting for 3-D Secure: the 24-hour warning (§4), on the page itself only. */
  pendingWarning?: PendingWarning | null;
}

/**
 * The pricing page (billing-teams-apps §2): heading, Monthly/Annual switch, one column per
 * product with its button by the §2 rule, the promo banner, the comparison table with a sticky
 * header, 'Back to plans' and the chat. Everything works without JavaScript (the switch is a
 * link, 'Back to plans' a #top link, the chat a #chat panel); with it the switch toggles in
 * place and the chat opens as a dialog.
 */
export function PricingPage(props: PricingPageProps) {
  const [period, setPeriod] = useState(props.period);
  useEffect(() => setPeriod(props.period), [props.period]);
  // A period change keeps the coupon and the product; the payment result only when it is
  // 'success' (§2: changing plan or product goes back to /pricing unless payment is success).
  const query = {
    coupon: props.coupon,
    product: props.product ?? null,
    payment: props.payment === 'success' ? 'success' : null,
  };

  function choose(event: MouseEvent<HTMLAnchorElement>, next: PayablePeriod) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setPeriod(next);
    // The address says what is shown (a reload keeps it) without reloading the products.
    window.history.replaceState(window.history.state, '', event.currentTarget.href);
  }

  return (
    <>
      <TopBar coupon={props.promo} />
      <main id="main" className="pricing">
        <div id="top" className="pricing__top" />
        <header className="pricing__header">
          <h1>{billingMessages.pricingHeading}</h1>
          <div className="pricing__period">
            <nav className="period-switch" aria-label="Billing period">
              {(['monthly', 'annual'] as const).map((value) => (
                <a
                  key={value}
                  href={pricingHref({ ...query, plan: value })}
                  className="period-switch__option"
                  aria-current={period === value ? 'true' : undefined}
                  onClick={(event) => choose(event, value)}
                >
                  {value === 'monthly' ? 'Monthly' : 'Annual'}
                </a>
              ))}
            </nav>
            <span className="pricing__save-note">{billingMessages.saveUpTo}</span>
          </div>
        </header>
        <PendingPaymentWarning warning={props.pendingWarning ?? null} />
        <PlanColumns {...props} period={period} />
        {props.promo ? <PromoBanner coupon={props.promo} /> : null}
        {props.products.length > 0 ? <Comparison {...props} period={period} /> : null}
        <p className="pricing__footer">
          <a href="#top" className="button button--ghost" onClick={backToTop}>
            {billingMessages.backToPlans}
          </a>
          <ChatLink />
        </p>
      </main>
      <ChatWidget customer={props.customer} />
    </>
  );
}

function backToTop(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.scrollTo({ top: 0, behavior: 'smooth' });
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search,
  );
}

/** The heading and a spinner, while the products load on a client navigation (§2). */
export function PricingLoading() {
  return (
    <>
      <TopBar />
      <main id="main" className="pricing">
        <header className="pricing__header">
          <h1>{billingMessages.pricingHeading}</h1>
        </header>
        <div className="pricing__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading plans</span>
        </div>
      </main>
    </>
  );
}

function PlanColumns(props: PricingPageProps) {
  if (props.products.length === 0) {
    return (
      <p className="pricing__failed" role="alert">
        {billingMessages.pricingPageFailed}
      </p>
    );
  }
  const proPercent = annualSavingPercent(props.products.find((item) => item.name === 'pro'));
  return (
    <ol
      className="plans"
      aria-label="Plans"
      data-before-prices={
        props.products.some((product) => planPriceView(product, props.period)?.before) || undefined
      }
    >
      {props.products.map((product) => {
        const price = planPriceView(product, props.period);
        const action = planAction(product, props.period, props.customer, { coupon: props.coupon });
        const current = action.kind === 'editor';
        return (
          <li
            key={product.name}
            className="plan"
            data-product={product.name}
            data-current={current || undefined}
            data-chosen={props.product === product.name || undefined}
            aria-labelledby={`plan-${product.name}`}
          >
            {price?.ribbon ? <span className="plan__ribbon">{price.ribbon}</span> : null}
            <h2 id={`plan-${product.name}`} className="plan__title">
              {PRODUCT_TITLES[product.name]}
              {current ? <span className="plan__current">Current plan</span> : null}
            </h2>
            <p className="plan__description muted">{product.short_description}</p>
            <p className="plan__price">
              {price?.before ? <s className="plan__before">{price.before}</s> : null}
              <strong className="plan__amount">
                {price?.price ?? formatMoney(0, { cents: 'always' })}
              </strong>
              <span className="plan__unit">{price?.unit ?? '/mo'}</span>
            </p>
            <p className="plan__billing muted">{price ? price.billing : 'Free forever'}</p>
            <CouponRefusalNote refusal={product.plans[props.period]?.coupon_refusal ?? null} />
            <p className="plan__saving">
              {price?.saving ?? null}
              {product.name === 'pro' && props.period === 'annual' && proPercent !== null ? (
                <span className="plan__percent">{` (${proPercent}% off)`}</span>
              ) : null}
            </p>
            <div className="plan__action">
              <PlanButton action={action} links={props.links} signedIn={props.customer !== null} />
            </div>
            <ul className="plan__highlights">
              {PLAN_HIGHLIGHTS[product.name].map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

/** 'Go to editor', 'Upgrade' or nothing (§2); a visitor's Upgrade goes through the login. */
export function PlanButton({
  action,
  links,
  signedIn,
  small = false,
}: {
  action: PlanAction;
  links: AccountLinks | null;
  signedIn: boolean;
  small?: boolean;
}) {
  const size = small ? ' button--small' : '';
  if (action.kind === 'editor') {
    return (
      <a href={editorHref(links)} className={`button button--ghost${size}`}>
        {billingMessages.goToEditor}
      </a>
    );
  }
  if (action.kind === 'upgrade') {
    return (
      <Link
        to={signedIn ? action.href : loginUrlFor(action.href)}
        className={`button button--primary${size}`}
        preventScrollReset
      >
        {billingMessages.upgrade}
      </Link>
    );
  }
  return null;
}

/** The editor's address with its '#/' route (the configured link may carry it already). */
export function editorHref(links: AccountLinks | null): string {
  const editor = links?.editor ?? '/editor';
  return editor.includes('#') ? editor : `${editor}#/`;
}

function PromoBanner({ coupon }: { coupon: SiteCoupon }) {
  return (
    <aside
      className={`promo-banner promo-banner--${coupon.customDesign}`}
      data-design={coupon.customDesign}
      aria-label="Offer"
    >
      <strong className="promo-banner__off">{couponOffLabel(coupon)}</strong>
      <span className="promo-banner__text">
        {coupon.limitation
          ? `on the ${PRODUCT_TITLES[coupon.limitation]} plan with code ${coupon.code}`
          : `on every plan with code ${coupon.code}`}
      </span>
    </aside>
  );
}

function Comparison(props: PricingPageProps) {
  const products = props.products;
  return (
    <section className="comparison" aria-labelledby="comparison-title">
      <h2 id="comparison-title" className="comparison__title">
        Compare plans
      </h2>
      <table className="comparison__table">
        <thead>
          <tr>
            <th scope="col" className="comparison__corner">
              <span className="visually-hidden">Feature</span>
            </th>
            {products.map((product) => (
              <th key={product.name} scope="col" className="comparison__plan">
                <span className="comparison__plan-name">{PRODUCT_TITLES[product.name]}</span>
                <PlanButton
                  action={planAction(product, props.period, props.customer, {
                    coupon: props.coupon,
                  })}
                  links={props.links}
                  signedIn={props.customer !== null}
                  small
                />
              </th>
            ))}
          </tr>
        </thead>
        {COMPARISON.map((section) => (
          <tbody key={section.title}>
            <tr className="comparison__section">
              <th scope="colgroup" colSpan={products.length + 1}>
                {section.title}
              </th>
            </tr>
            {section.rows.map((row) => (
              <tr key={row.title}>
                <th scope="row" className="comparison__feature">
                  {row.title}
                  {row.hint ? <span className="comparison__hint">{row.hint}</span> : null}
                </th>
                {products.map((product) => (
                  <td key={product.name} className="comparison__cell">
                    <Cell value={row.cells[product.name]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}

function Cell({ value }: { value: ComparisonCell }): ReactNode {
  if (value === true) {
    return (
      <span className="cell cell--yes" title="Included">
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="m4 10.5 4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" />
        </svg>
        <span className="visually-hidden">Included</span>
      </span>
    );
  }
  if (value === false) {
    return (
      <span className="cell cell--no" title="Not included">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not included</span>
      </span>
    );
  }
  return <span className="cell cell--text">{value}</span>;
}
