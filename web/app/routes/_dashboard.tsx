import { endpoints } from '@animata/contracts';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Outlet,
  useLoaderData,
  useLocation,
  useParams,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { DashboardLayoutData } from '../components/dashboard/dashboard-data.js';
import { icons } from '../components/dashboard/icons.js';
import { useLiveThumbnails } from '../components/dashboard/live/use-live-thumbnails.js';
import { Welcome } from '../components/dashboard/onboarding/welcome.js';
import { menuTeamOf, SideMenu } from '../components/dashboard/side-menu.js';
import { Marketing } from '../components/marketing.js';
import { SeasonalPopup } from '../components/popups/seasonal-popup.js';
import { TopBar, topBarOf } from '../components/top-bar.js';
import { api } from '../utils/api.server.js';
import { seasonalPopupOf } from '../utils/popups/popups.server.js';
import { redirectIfIncomplete, requireCustomer } from '../utils/auth.server.js';
import { useHydrated } from '../utils/use-hydrated.js';
import { connectionSafeRevalidation } from '../utils/form-connection.js';
import dashboardStylesUrl from '../styles/dashboard.css?url';
import projectStylesUrl from '../styles/project.css?url';
import popupsStylesUrl from '../styles/popups.css?url';
import sharingStylesUrl from '../styles/sharing.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const links = () => [
  { rel: 'stylesheet', href: dashboardStylesUrl },
  // The upload tray, the welcome screen and the tour (web helper 2's components).
  { rel: 'stylesheet', href: projectStylesUrl },
  { rel: 'stylesheet', href: popupsStylesUrl },
  // The share dialog (`?share=`), which every section opens.
  { rel: 'stylesheet', href: sharingStylesUrl },
];

export const meta: MetaFunction = () => [
  { title: 'Animata' },
  {
    name: 'description',
    content: 'Create animated SVG graphics and export them to video and GIF.',
  },
];

/**
 * The projects dashboard's shell (projects-dashboard §2): the top bar, the side menu (a drawer
 * at 960 px and below) and the section. The customer (storage, slots) and the folder tree are
 * read once here. `/` is open to visitors, who get the marketing page; every other section
 * sends a signed-out visitor to the login form, which comes back here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (new URL(request.url).pathname === '/') {
    const session = await redirectIfIncomplete(request, context);
    if (!session) return { signedIn: false as const };
  } else {
    await requireCustomer(request, context);
  }
  const client = api(request, context);
  const [customerResponse, labels, teams] = await Promise.all([
    client.expect(client.call(endpoints.customer.get)),
    client.expect(client.call(endpoints.labels.list)),
    // projects-dashboard §7: the teams with their folders; on failure the list is empty.
    client.call(endpoints.teams.list, undefined, { query: { labels: true } }),
  ]);
  const { customer } = customerResponse;
  const data: DashboardLayoutData = {
    signedIn: true,
    customer: {
      isFree: customer.isFree,
      isTeam: customer.isTeam,
      partOfTeam: customer.partOfTeam,
      isPremium: customer.isPremium,
      storage: customer.storage,
      files: customer.files,
      onboarding: customer.onboarding,
    },
    labels: labels.data,
    teams: teams.ok && Array.isArray(teams.data?.teams) ? teams.data.teams.map(menuTeamOf) : [],
    coupon: customer.defaultCoupon,
    // Not while the onboarding welcome shows: one dialog at a time.
    seasonalPopup: customer.onboarding.projects
      ? { popup: null, analytics: customerResponse.analytics }
      : seasonalPopupOf(request, customerResponse),
  };
  return data;
}

/**
 * The menu and the customer change only through a post (a folder made, a project created);
 * moving between sections, searching or paging keeps them (§2: the page reloads on a section
 * change, except for the side menu). An explicit revalidation (same address) reloads them.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (args.formMethod && args.formMethod.toUpperCase() !== 'GET') {
    return connectionSafeRevalidation(args);
  }
  if (args.currentUrl.href === args.nextUrl.href) return args.defaultShouldRevalidate;
  return false;
};

export default function DashboardLayout() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Marketing />;
  return <DashboardShell data={data} />;
}

function DashboardShell({ data }: { data: DashboardLayoutData }) {
  const { customer, labels, teams, coupon } = data;
  const params = useParams();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const drawerRef = useRef<HTMLDivElement>(null);
  // The live channel opens with the dashboard (the spec's keep-alive); previews arrive on it.
  useLiveThumbnails();

  // A navigation (a menu entry chosen) closes the drawer.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return undefined;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setDrawerOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  const currentFolder = params.folder ?? null;
  return (
    <>
      <TopBar {...topBarOf({ isPremium: customer.isPremium, defaultCoupon: coupon })} />
      <div className={`dashboard${drawerOpen ? ' dashboard--drawer-open' : ''}`}>
        {/* Without JavaScript the button is a link to the menu (#dashboard-menu, :target). */}
        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            className="dashboard__drawer-toggle button button--ghost button--small"
            aria-controls="dashboard-menu"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            {icons.menu}
            <span>Menu</span>
          </button>
        ) : (
          <a
            href="#dashboard-menu"
            className="dashboard__drawer-toggle button button--ghost button--small"
          >
            {icons.menu}
            <span>Menu</span>
          </a>
        )}
        <div
          ref={drawerRef}
          id="dashboard-menu"
          className="dashboard__drawer"
          data-open={drawerOpen ? 'true' : undefined}
        >
          <a
            href="#main"
            className="dashboard__drawer-close"
            aria-label="Close menu"
            onClick={(event) => {
              event.preventDefault();
              setDrawerOpen(false);
              toggleRef.current?.focus();
            }}
          >
            {icons.close}
          </a>
          <SideMenu
            labels={labels}
            teams={teams}
            customer={customer}
            currentFolder={currentFolder}
          />
        </div>
        {drawerOpen ? (
          <div
            className="dashboard__backdrop"
            aria-hidden="true"
            onClick={() => setDrawerOpen(false)}
          />
        ) : null}
        {/* While the drawer is open the section behind it is out of reach (focus stays in the
            drawer); `inert` as a string because React 18 does not know the attribute. */}
        <div className="dashboard__section" {...(drawerOpen ? { inert: '' } : {})}>
          <Outlet />
        </div>
      </div>
      <Welcome show={customer.onboarding.projects} />
      <SeasonalPopup data={data.seasonalPopup} />
    </>
  );
}
