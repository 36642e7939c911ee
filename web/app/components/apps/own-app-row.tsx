import {
  APP_NAME_MAX_LENGTH,
  appsMessages,
  appsTexts,
  displayAppId,
  formatDateTime,
  MANAGER_EMAIL_MAX_LENGTH,
  ownAppsTexts,
  type OwnApp,
} from '@animata/contracts';
import { Form, Link, useNavigate } from '@remix-run/react';
import { useId, useState } from 'react';
import type { OwnAppsActionData } from '../../utils/apps/own-apps.server.js';
import { ownAppsHref, type OwnAppsSort } from '../../utils/apps/own-apps-view.js';
import { OwnAppSecret } from './own-app-secret.js';

/** What a row needs to know of the page: its address state and the last refused form. */
export interface OwnAppRowContext {
  sort: OwnAppsSort;
  editing: boolean;
  adding: boolean;
  redirectsOpen: boolean;
  /** The secret key in full when this app just got it. */
  secret: string | null;
  /** The action's answer when it was about this app. */
  refused: OwnAppsActionData | undefined;
}

const COLUMNS = 8;

/** A form's submit button and its Cancel link back to the plain table. */
function FormButtons({ label, back }: { label: string; back: string }) {
  return (
    <span className="own-app-rename__buttons">
      <button type="submit" className="button button--primary">
        {label}
      </button>
      <Link to={back} className="button button--ghost" preventScrollReset replace>
        {ownAppsTexts.cancel}
      </Link>
    </span>
  );
}

function fieldError(refused: OwnAppsActionData | undefined, intent: string, field: string) {
  return refused?.intent === intent ? refused.fieldErrors?.[field] : undefined;
}

/** The Name cell in edit mode: Update, Cancel, Escape cancels, an unchanged name cancels. */
function RenameForm({ app, context }: { app: OwnApp; context: OwnAppRowContext }) {
  const navigate = useNavigate();
  const back = ownAppsHref(context.sort);
  const serverError = fieldError(context.refused, 'rename', 'name');
  const [name, setName] = useState(context.refused?.values?.name ?? app.name);
  const [edited, setEdited] = useState(false);
  const liveError =
    Array.from(name.trim()).length > APP_NAME_MAX_LENGTH ? appsMessages.nameMaxLength : undefined;
  const error = (edited ? undefined : serverError) ?? liveError;
  const errorId = useId();
  return (
    <Form
      method="post"
      // A refusal answers at the address that keeps this field open.
      action={ownAppsHref(context.sort, { edit: app.id })}
      className="own-app-rename"
      noValidate
      onSubmit={(event) => {
        if (liveError) {
          event.preventDefault();
          return;
        }
        if (name.trim() === '' || name === app.name) {
          event.preventDefault();
          navigate(back, { preventScrollReset: true, replace: true });
        }
      }}
    >
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="app" value={app.id} />
      <input type="hidden" name="current" value={app.name} />
      <input
        name="name"
        aria-label={ownAppsTexts.appName}
        defaultValue={name}
        autoFocus
        autoComplete="off"
        className="own-app-rename__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setEdited(true);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          event.stopPropagation();
          navigate(back, { preventScrollReset: true, replace: true });
        }}
      />
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <FormButtons label={ownAppsTexts.update} back={back} />
    </Form>
  );
}

/** Other Users: everyone else's role, and for admins remove buttons and the add-manager form. */
function OtherUsers({ app, context }: { app: OwnApp; context: OwnAppRowContext }) {
  const admin = app.role === 'admin';
  const back = ownAppsHref(context.sort);
  const others = Object.entries(app.managers);
  const emailError = fieldError(context.refused, 'add-manager', 'email');
  const ids = useId();
  return (
    <div className="own-app-users">
      {others.length === 0 ? (
        <span className="muted">{ownAppsTexts.noOtherUsers}</span>
      ) : (
        <ul className="own-app-users__list">
          {others.map(([email, manager]) => (
            <li key={manager.id} className="own-app-users__item">
              <span className="own-app-users__email">{email}</span>
              <span className="badge">{appsTexts.roles[manager.role]}</span>
              {admin ? (
                <Form method="post" action={back} preventScrollReset>
                  <input type="hidden" name="intent" value="remove-manager" />
                  <input type="hidden" name="member" value={manager.id} />
                  <button
                    type="submit"
                    className="button button--link own-app-users__remove"
                    aria-label={ownAppsTexts.removeManager(email)}
                  >
                    {ownAppsTexts.remove}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {admin && !context.adding ? (
        <Link
          to={ownAppsHref(context.sort, { add: app.id })}
          className="button button--link"
          preventScrollReset
          aria-label={`${appsTexts.addManager}: ${app.name}`}
        >
          {appsTexts.addManager}
        </Link>
      ) : null}
      {admin && context.adding ? (
        <Form
          method="post"
          action={ownAppsHref(context.sort, { add: app.id })}
          className="own-app-users__add"
          noValidate
          aria-label={`${appsTexts.addManager}: ${app.name}`}
        >
          <input type="hidden" name="intent" value="add-manager" />
          <input type="hidden" name="app" value={app.id} />
          <label htmlFor={`${ids}-email`} className="field__label">
            {ownAppsTexts.managerEmail}
          </label>
          <input
            id={`${ids}-email`}
            type="email"
            name="email"
            maxLength={MANAGER_EMAIL_MAX_LENGTH}
            autoComplete="off"
            autoFocus
            defaultValue={
              context.refused?.intent === 'add-manager' ? context.refused.values?.email : undefined
            }
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${ids}-error` : undefined}
          />
          {emailError ? (
            <p id={`${ids}-error`} className="field__error" role="alert">
              {emailError}
            </p>
          ) : null}
          <label htmlFor={`${ids}-role`} className="field__label">
            {ownAppsTexts.managerRole}
          </label>
          <select
            id={`${ids}-role`}
            name="role"
            defaultValue={
              context.refused?.intent === 'add-manager'
                ? (context.refused.values?.role ?? 'manager')
                : 'manager'
            }
          >
            <option value="manager">{appsTexts.roles.manager}</option>
            <option value="admin">{appsTexts.roles.admin}</option>
          </select>
          <FormButtons label={ownAppsTexts.add} back={back} />
        </Form>
      ) : null}
    </div>
  );
}

/** Redirect URIs and origins, one per line, saved together (decision 80). */
function RedirectsForm({ app, context }: { app: OwnApp; context: OwnAppRowContext }) {
  const back = ownAppsHref(context.sort);
  const refused = context.refused?.intent === 'redirects' ? context.refused : undefined;
  const ids = useId();
  const fields = [
    {
      name: 'redirectUris',
      label: ownAppsTexts.redirectUris,
      hint: ownAppsTexts.redirectUrisHint,
      value: refused?.values?.redirectUris ?? app.redirectUris.join('\n'),
    },
    {
      name: 'origins',
      label: ownAppsTexts.origins,
      hint: ownAppsTexts.originsHint,
      value: refused?.values?.origins ?? app.origins.join('\n'),
    },
  ];
  return (
    <Form
      method="post"
      action={ownAppsHref(context.sort, { redirects: app.id })}
      className="own-app-redirects"
      aria-labelledby={`${ids}-title`}
    >
      <h3 id={`${ids}-title`}>{ownAppsTexts.redirectsTitle(app.name)}</h3>
      <input type="hidden" name="intent" value="redirects" />
      <input type="hidden" name="app" value={app.id} />
      <div className="own-app-redirects__fields">
        {fields.map((field) => {
          const error = refused?.fieldErrors?.[field.name];
          return (
            <div key={field.name} className={`field${error ? ' field--invalid' : ''}`}>
              <label htmlFor={`${ids}-${field.name}`} className="field__label">
                {field.label}
              </label>
              <textarea
                id={`${ids}-${field.name}`}
                name={field.name}
                rows={4}
                spellCheck={false}
                defaultValue={field.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${ids}-${field.name}-hint${error ? ` ${ids}-${field.name}-error` : ''}`}
              />
              <p id={`${ids}-${field.name}-hint`} className="muted own-app-redirects__hint">
                {field.hint}
              </p>
              {error ? (
                <p id={`${ids}-${field.name}-error`} className="field__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <FormButtons label={ownAppsTexts.save} back={back} />
    </Form>
  );
}

/** One app of the own apps table; admins get edit, redirects, new secret and delete. */
export function OwnAppRow({ app, context }: { app: OwnApp; context: OwnAppRowContext }) {
  const admin = app.role === 'admin';
  const { columns } = appsTexts;
  const to = (state: Parameters<typeof ownAppsHref>[1]) => ownAppsHref(context.sort, state);
  return (
    <>
      <tr className="own-apps-table__row" data-app={app.id}>
        <th scope="row" data-label={columns.name} className="own-apps-table__name">
          {context.editing && admin ? <RenameForm app={app} context={context} /> : app.name}
        </th>
        <td data-label={columns.appId}>
          <code className="own-app-id">{displayAppId(app.id)}</code>
        </td>
        <td data-label={columns.secretKey}>
          <OwnAppSecret app={app} secret={context.secret} />
        </td>
        <td data-label={columns.role}>{appsTexts.roles[app.role]}</td>
        <td data-label={columns.created}>
          <time dateTime={app.created}>{formatDateTime(app.created)}</time>
        </td>
        <td data-label={columns.otherUsers}>
          <OtherUsers app={app} context={context} />
        </td>
        <td data-label={columns.lastUsed}>
          {app.secretLastUsed ? (
            <time dateTime={app.secretLastUsed}>{formatDateTime(app.secretLastUsed)}</time>
          ) : (
            appsTexts.neverUsed
          )}
        </td>
        <td data-label={ownAppsTexts.actions} className="own-apps-table__actions">
          {admin ? (
            <span className="own-apps-table__buttons">
              {(
                [
                  [ownAppsTexts.edit, { edit: app.id }],
                  [ownAppsTexts.redirects, { redirects: app.id }],
                  [ownAppsTexts.regenerate, { confirm: 'regenerate', app: app.id }],
                  [ownAppsTexts.delete, { confirm: 'delete', app: app.id }],
                ] as const
              ).map(([label, state]) => (
                <Link
                  key={label}
                  to={to(state)}
                  preventScrollReset
                  className={`button button--link${label === ownAppsTexts.delete ? ' own-apps-table__delete' : ''}`}
                  aria-label={`${label}: ${app.name}`}
                >
                  {label}
                </Link>
              ))}
            </span>
          ) : null}
        </td>
      </tr>
      {admin && context.redirectsOpen ? (
        <tr className="own-apps-table__details">
          <td colSpan={COLUMNS}>
            <RedirectsForm app={app} context={context} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
