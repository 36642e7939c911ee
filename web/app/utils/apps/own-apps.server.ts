import {
  appsErrorNotice,
  appsMessages,
  catalogueMessages,
  endpoints,
  ownAppsTexts,
  ownMessages,
  type FieldErrors,
  type OwnApp,
  type OwnAppsResponse,
} from '@animata/contracts';
import { data, type AppLoadContext } from '@remix-run/node';
import { api, type Api, type ApiFailure, type ApiResult } from '../api.server.js';
import { readForm, textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import { ownAppsHref, sortOf, sortOwnApps, type OwnAppsSort } from './own-apps-view.js';

/** What the page's action answers when it does not redirect. */
export interface OwnAppsActionData {
  intent: string;
  /** The app (or membership) the form was about. */
  target?: string;
  /** 'Error occurred: …' or 'Unknown response' (billing-teams-apps §8). */
  notice?: string;
  fieldErrors?: FieldErrors;
  /** What was typed, to show again. */
  values?: Record<string, string>;
  /**
   * A secret key in full, right after create or regenerate: only in this answer, never in a
   * cookie or the address (decision 81).
   */
  fresh?: { appId: string; name: string; secret: string; created: boolean };
}

function isOwnAppsResponse(value: unknown): value is OwnAppsResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { ownApps?: unknown }).ownApps)
  );
}

/**
 * §8 for app calls: 'Error occurred' with the joined errors, or 'Unknown response' when the
 * answer says nothing readable.
 */
export function appsFailureNotice(failure: ApiFailure): string {
  const errors = [...Object.values(failure.error.fieldErrors), failure.error.notice].filter(
    (text, index, all): text is string => Boolean(text) && all.indexOf(text) === index,
  );
  return errors.length > 0 ? appsErrorNotice(errors) : appsMessages.unknownResponse;
}

/** The table's rows in the address's order, and whether the create field shows. */
export async function loadOwnApps(
  request: Request,
  context: AppLoadContext,
): Promise<{ ownApps: OwnApp[]; sort: OwnAppsSort; canCreateApps: boolean }> {
  const client = api(request, context);
  const answer = await client.expect(client.call(endpoints.ownApps.list));
  const sort = sortOf(new URL(request.url).searchParams);
  const readable = isOwnAppsResponse(answer);
  return {
    ownApps: sortOwnApps(readable ? answer.ownApps : [], sort),
    sort,
    canCreateApps: readable && answer.canCreateApps === true,
  };
}

/** One line per entry; blank lines dropped. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

interface Handled {
  intent: string;
  target: string;
  values?: Record<string, string>;
  knownFields?: readonly string[];
  call(client: Api): Promise<ApiResult<OwnAppsResponse>>;
  /** The success notification, or the secret to show when the call made one. */
  success: string | 'fresh';
}

/** The page's forms, by intent: each names its call, its fields and its success. */
function handlerFor(form: FormData): Handled | null {
  const intent = textField(form, 'intent');
  const app = textField(form, 'app');
  const params = { params: { id: app } };
  const { ownApps } = endpoints;
  switch (intent) {
    case 'create': {
      const name = textField(form, 'name');
      return {
        intent,
        target: '',
        values: { name },
        knownFields: ['name'],
        call: (client) =>
          client.call(ownApps.create, { type: 'app', name }, { knownFields: ['name'] }),
        success: 'fresh',
      };
    }
    case 'rename': {
      const name = textField(form, 'name');
      return {
        intent,
        target: app,
        values: { name },
        call: (client) =>
          client.call(ownApps.update, { name }, { ...params, knownFields: ['name'] }),
        success: ownAppsTexts.renamed,
      };
    }
    case 'redirects': {
      const redirectUris = textField(form, 'redirectUris');
      const origins = textField(form, 'origins');
      const knownFields = ['redirectUris', 'origins'];
      return {
        intent,
        target: app,
        values: { redirectUris, origins },
        call: (client) =>
          client.call(
            ownApps.update,
            { redirectUris: lines(redirectUris), origins: lines(origins) },
            { ...params, knownFields },
          ),
        success: ownAppsTexts.redirectsSaved,
      };
    }
    case 'delete':
      return {
        intent,
        target: app,
        call: (client) => client.call(ownApps.delete, undefined, params),
        success: ownAppsTexts.deleted,
      };
    case 'regenerate':
      return {
        intent,
        target: app,
        call: (client) => client.call(ownApps.regenerateSecret, undefined, params),
        success: 'fresh',
      };
    case 'add-manager': {
      const email = textField(form, 'email').trim();
      const role = textField(form, 'role');
      return {
        intent,
        target: app,
        values: { email, role },
        call: (client) =>
          client.call(
            ownApps.addManager,
            // The BFF checks the role; a forged one is its 422.
            { type: 'manager', app, email, role: role as 'admin' | 'manager' },
            { knownFields: ['email'] },
          ),
        success: ownAppsTexts.managerSaved,
      };
    }
    case 'remove-manager':
      return {
        intent,
        target: textField(form, 'member'),
        call: (client) =>
          client.call(ownApps.removeManager, undefined, {
            params: { id: textField(form, 'member') },
          }),
        success: ownAppsTexts.managerRemoved,
      };
    default:
      return null;
  }
}

/**
 * The page's action: every form posts here with an `intent`. A success redirects back to the
 * table (with its sort) and a notification, except create and regenerate, whose answer carries
 * the new secret key to show once. A refusal answers the form again with §8's notice.
 */
export async function ownAppsAction(request: Request, context: AppLoadContext) {
  const sort = sortOf(new URL(request.url).searchParams);
  const back = ownAppsHref(sort);
  const read = await readForm(request);
  if (!read.ok) {
    return data<OwnAppsActionData>({ intent: '', notice: read.notice }, { status: read.status });
  }
  const form = read.form;
  // An unchanged or emptied name cancels the edit (§5); an empty manager e-mail is ignored.
  if (
    (textField(form, 'intent') === 'rename' &&
      (textField(form, 'name').trim() === '' ||
        textField(form, 'name') === textField(form, 'current'))) ||
    (textField(form, 'intent') === 'add-manager' && textField(form, 'email').trim() === '')
  ) {
    return new Response(null, { status: 303, headers: { location: back } });
  }
  const handler = handlerFor(form);
  // A post without the app or membership it is about (a forged form) is a notice, never a
  // call with an empty path segment.
  if (handler !== null && handler.intent !== 'create' && handler.target === '') {
    return data<OwnAppsActionData>(
      { intent: handler.intent, notice: appsErrorNotice([catalogueMessages.notFound]) },
      { status: 422 },
    );
  }
  if (handler === null) {
    return data<OwnAppsActionData>(
      { intent: '', notice: ownMessages.formUnreadable },
      { status: 400 },
    );
  }
  const client = api(request, context);
  const result = await handler.call(client);
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    return data<OwnAppsActionData>(
      {
        intent: handler.intent,
        target: handler.target,
        notice: appsFailureNotice(result),
        fieldErrors: result.error.fieldErrors,
        ...(handler.values ? { values: handler.values } : {}),
      },
      { status: result.status === 429 ? 429 : 422 },
    );
  }
  if (!isOwnAppsResponse(result.data)) {
    return data<OwnAppsActionData>(
      { intent: handler.intent, target: handler.target, notice: appsMessages.unknownResponse },
      { status: 502 },
    );
  }
  if (handler.success === 'fresh') {
    const fresh = result.data.ownApps.find((row) => row.secret !== null);
    if (!fresh?.secret) {
      return data<OwnAppsActionData>(
        { intent: handler.intent, target: handler.target, notice: appsMessages.unknownResponse },
        { status: 502 },
      );
    }
    return data<OwnAppsActionData>(
      {
        intent: handler.intent,
        target: fresh.id,
        fresh: {
          appId: fresh.id,
          name: fresh.name,
          secret: fresh.secret,
          created: handler.intent === 'create',
        },
      },
      // The secret must not be kept by any cache.
      { headers: { 'cache-control': 'no-store' } },
    );
  }
  return redirectWithNotification(back, notify('success', handler.success));
}
