import type { Label, SiteCoupon } from '@animata/contracts';
import { useRouteLoaderData } from '@remix-run/react';
import type { SeasonalPopupData } from '../../utils/popups/popup-view.js';
import type { MenuTeam, SideMenuCustomer } from './side-menu.js';

/** What the dashboard layout (routes/_dashboard.tsx) loads once for every section. */
export interface DashboardLayoutData {
  signedIn: true;
  customer: SideMenuCustomer & { isPremium: boolean; onboarding: { projects: boolean } };
  labels: Label[];
  /** The customer's teams with their folders (GET /teams?labels=true), for the side menu. */
  teams: MenuTeam[];
  coupon: SiteCoupon | null;
  /** The seasonal popup (billing-teams-apps §4), or none. */
  seasonalPopup: SeasonalPopupData;
}

/** The layout's customer and folder tree, for any page inside the dashboard. */
export function useDashboardData(): DashboardLayoutData {
  const data = useRouteLoaderData<DashboardLayoutData | { signedIn: false }>('routes/_dashboard');
  if (!data || !data.signedIn) throw new Error('useDashboardData is for signed-in dashboard pages');
  return data;
}
