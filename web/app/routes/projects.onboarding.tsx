import {
  DEMO_FOLDER_ID,
  endpoints,
  fillPath,
  pagePaths,
  TOUR_PARAM,
  TOUR_STEPS,
  type OnboardingRequest,
} from '@animata/contracts';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { api, type Api } from '../utils/api.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { readForm, textField } from '../utils/form.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import { returnTo } from '../utils/redirects.js';

/** Nothing to show here: the welcome screen lives on the dashboard. */
export function loader() {
  return redirect(pagePaths.home);
}

const demoFolder = fillPath(pagePaths.folder, { params: { folder: DEMO_FOLDER_ID } });
const tourStep = (step: number) => `${demoFolder}?${TOUR_PARAM}=${step}`;

/**
 * The welcome screen's and the tour's forms (projects-dashboard §2 Dialogs, §4 Onboarding, §7):
 * each records its action with the BFF, then goes where the choice leads. Plain forms and
 * redirects, so they work without JavaScript; with it, Remix follows the same redirects.
 *
 * - start-own ('Start on my own'): cancel, then a new project and its page (the editor's stand-in).
 * - demo ('Open a demo project'): step 1 recorded, the demo folder with the tour's first step.
 * - continue ('Continue to dashboard', Escape): cancel, back to the page it was on.
 * - step (the tour's Next): step n recorded, the tour's step n.
 * - finish (the last step's Finish): finish, the demo folder.
 * - skip (Skip tour, Escape during the tour): cancel, the demo folder.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireCustomer(request, context);
  const read = await readForm(request);
  if (!read.ok) return redirect(pagePaths.home);
  const form = read.form;
  const client = api(request, context);
  const intent = textField(form, 'intent');
  switch (intent) {
    case 'start-own': {
      const failed = await record(client, { action: 'cancel' });
      if (failed) return failed;
      const created = await client.call(endpoints.projects.create, {});
      if (created.ok) {
        return redirect(fillPath(pagePaths.project, { params: { id: created.data.project.id } }));
      }
      if (created.error.kind === 'logged-out') return client.toLogin(created.headers);
      return redirectWithNotification(pagePaths.home, notify('error', created.error.notice));
    }
    case 'demo': {
      const failed = await record(client, { action: 'step', step: 1 });
      return failed ?? redirect(tourStep(1));
    }
    case 'step': {
      const step = Number(textField(form, 'step'));
      if (!Number.isInteger(step) || step < 1 || step > TOUR_STEPS) return redirect(demoFolder);
      const failed = await record(client, { action: 'step', step });
      return failed ?? redirect(tourStep(step));
    }
    case 'finish': {
      const failed = await record(client, { action: 'finish' });
      return failed ?? redirect(demoFolder);
    }
    case 'skip': {
      const failed = await record(client, { action: 'cancel' });
      return failed ?? redirect(demoFolder);
    }
    case 'continue':
    default: {
      const failed = await record(client, { action: 'cancel' });
      return failed ?? redirect(returnTo(textField(form, 'redirectTo')));
    }
  }
}

/** Records the step with the BFF; a Response only when that failed (login, or a notice). */
async function record(client: Api, body: OnboardingRequest): Promise<Response | null> {
  const result = await client.call(endpoints.onboarding.projects, body);
  if (result.ok) return null;
  if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
  return redirectWithNotification(pagePaths.home, notify('error', result.error.notice));
}
