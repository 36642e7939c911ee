import { accountTabs, pagePaths, type Customer } from '@animata/contracts';
import { NavLink } from '@remix-run/react';

/**
 * The account area's tabs (billing-teams-apps §2). 'Own Apps' shows only for admins and
 * '3rd Party Apps' only for customers with authorized apps; the pages refuse them otherwise.
 */
export function AccountTabs({
  customer,
}: {
  customer: Pick<Customer, 'isAdmin' | 'hasOtherApps'>;
}) {
  const tabs = [
    { to: pagePaths.account, label: accountTabs.account },
    { to: pagePaths.billing, label: accountTabs.billing },
    { to: pagePaths.invoices, label: accountTabs.invoices },
    { to: pagePaths.team, label: accountTabs.team },
    ...(customer.isAdmin ? [{ to: pagePaths.ownApps, label: accountTabs.ownApps }] : []),
    ...(customer.hasOtherApps ? [{ to: pagePaths.otherApps, label: accountTabs.otherApps }] : []),
  ];
  return (
    <nav className="account-tabs" aria-label="Account">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className="account-tabs__tab" prefetch="intent">
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
