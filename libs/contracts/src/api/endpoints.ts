import type { BffRequest, MultipartBody } from './transport.js';
import { API_BASE, apiPaths } from './paths.js';
import type {
  ApiV1Me,
  ApiV1ProjectList,
  AppAuthInfo,
  AppAuthorizeRequest,
  AppAuthorizeResponse,
  AppTokenRequest,
  AppTokenResponse,
  AuthorizationServerMetadata,
} from '../apps/app-authorization.js';
import type {
  AddAppManagerRequest,
  CreateOwnAppRequest,
  OtherAppsResponse,
  OwnAppsResponse,
  UpdateOwnAppRequest,
} from '../apps/own-apps.js';
import type {
  AuthOptionsResponse,
  ChangePasswordRequest,
  CustomerMessageResponse,
  EmailOnlyRequest,
  EmptyResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  ResetLinkCheckRequest,
  ResetPasswordRequest,
  TwoFactorCodeRequest,
  TwoFactorEmailRequest,
  TwoFactorSettingRequest,
  TwoFactorSettingResponse,
  TwoFactorTokenResponse,
  VerifyEmailRequest,
} from '../auth/auth-dto.js';
import type { SiteCouponResponse } from '../coupons/coupon.js';
import type { Avatar, CustomerResponse } from '../account/customer.js';
import type { EndedSessionsResponse, SessionsResponse } from '../account/devices.js';
import type {
  ChangeEmailRequest,
  ConfirmEmailChangeRequest,
  EmailChangeLinkResponse,
  EmailChangeStatus,
} from '../account/email-change.js';
import type {
  ChangeAccountInfoRequest,
  ChangeAccountInfoResponse,
} from '../account/account-dto.js';
import type { OutboxListResponse } from '../dev/outbox.js';
import type {
  CreatedProjectResponse,
  CreateLabelRequest,
  CreateProjectRequest,
  DeletedLabelResponse,
  DuplicateProjectRequest,
  DuplicateProjectResponse,
  LabelResponse,
  LabelsResponse,
  MoveProjectsRequest,
  OnboardingRequest,
  OnboardingResponse,
  OpenDemoResponse,
  Project,
  ProjectDetails,
  ProjectIdsRequest,
  ProjectIdsResponse,
  ProjectListResponse,
  ProjectWithData,
  UpdateLabelRequest,
  UpdateProjectRequest,
} from '../projects/project.js';
import type { HealthResponse, ReadinessResponse } from '../health/health.js';
import type { PricesResponse } from '../billing/catalog.js';
import type { InvoicesResponse } from '../billing/invoices.js';
import type { BillingInfoRequest, BillingInfoResponse } from '../billing/billing-page.js';
import type {
  CancelSubscriptionRequest,
  CancelSubscriptionResponse,
  CardPayRequest,
  ChangeCardRequest,
  ChangeCardResponse,
  Handle3dsRequest,
  PaymentConfigResponse,
  PayResponse,
  PreviewCostRequest,
  SandboxConfirmRequest,
  SandboxConfirmResponse,
  TrackRequest,
  UpgradePreview,
  UpgradeSubscriptionRequest,
  WalletPayRequest,
} from '../billing/checkout.js';
import type { SessionInfoResponse } from '../session-info/session-info.js';
import type {
  ConfirmTransferResponse,
  InviteAnswerResponse,
  InviteLinkInfo,
  SlotsPreview,
  TeamActivityResponse,
  TeamInviteResponse,
  TeamMembersResponse,
  TeamResponse,
  TeamsResponse,
  TeamSuccessResponse,
  TeamUpdateResponse,
  TransferOwnershipResponse,
} from '../teams/team.js';
import type {
  DeleteTeamBody,
  InviteAnswerBody,
  SortTeamBody,
  TeamInviteBody,
  TeamSlotsBody,
  TransferOwnershipBody,
  UpdateTeamBody,
} from '../teams/team-dto.js';
import type { PublicLinkResponse } from '../sharing/public-link.js';
import type {
  CreateRenderRequest,
  CreateRenderResponse,
  RenderAbortResponse,
  RenderExport,
  RenderIdsRequest,
  RenderIdsResponse,
  RenderListResponse,
  RenderOptionsResponse,
  RenderPriorityRequest,
  RenderShareResponse,
} from '../renders/render.js';
import type {
  PublicProjectInfo,
  SharingInviteResponse,
  SharingRemoveResponse,
  SharingResponse,
  SharingSuccessResponse,
} from '../sharing/sharing.js';
import type {
  PublicLinkBody,
  PublicUnlockBody,
  RemoveShareBody,
  RemoveSharedBody,
  ShareInviteBody,
  TeamShareBody,
  UpdateShareAccessBody,
} from '../sharing/sharing-dto.js';

export type HttpMethod = BffRequest['method'];

/**
 * One call of the BFF: its method and full path (from `/`, Nest-style `:name` segments), with
 * the JSON body it takes and the JSON it answers with carried as types only. `undefined` means
 * no body (a request without one, or an answer that is empty or not JSON: 204, a redirect, the
 * Prometheus text). The server routes with `@Post(endpoints.auth.login.path)` under a bare
 * `@Controller()`; the web client calls `api.call(endpoints.auth.login, body)`.
 */
export interface Endpoint<Request, Response, Path extends string = string> {
  readonly method: HttpMethod;
  readonly path: Path;
  /**
   * Phantom: for the compiler only, never present at run time. The request is a parameter
   * type, so an endpoint that accepts more (`Partial<EmailOnlyRequest>`) stands in where code
   * sends less (`EmailOnlyRequest`), never the other way round.
   */
  readonly types?: {
    readonly request: (body: Request) => void;
    readonly response: Response;
  };
}

/** Any endpoint, whatever it takes and answers. */
export type AnyEndpoint = Endpoint<never, unknown>;
export type RequestOf<E> = E extends {
  readonly types?: { readonly request: (body: infer R) => void };
}
  ? R
  : never;
export type ResponseOf<E> = E extends { readonly types?: { readonly response: infer R } }
  ? R
  : never;

/** `endpoint<Request, Response>().post(path)`: the types first, then the path as a literal. */
function endpoint<Request = undefined, Response = undefined>() {
  const at =
    (method: HttpMethod) =>
    <const Path extends string>(path: Path): Endpoint<Request, Response, Path> => ({
      method,
      path,
    });
  return { get: at('GET'), post: at('POST'), put: at('PUT'), delete: at('DELETE') };
}

/**
 * Every BFF call the pages and the server agree on (account-and-auth §3, §7; billing-teams-apps
 * §2). A new call is added here first; both sides then read its path and types from this table.
 */
export const endpoints = {
  auth: {
    login: endpoint<LoginRequest, LoginResponse>().post(`${API_BASE}/auth/login`),
    register: endpoint<RegisterRequest, RegisterResponse>().post(`${API_BASE}/auth/register`),
    /** 401 without a session; the session cookies are cleared either way (§4.3). */
    signOut: endpoint<undefined, MessageResponse>().post(`${API_BASE}/auth/sign-out`),
    /** Signed in: no body, the own address. Signed out (Confirm email): `{ email }`. */
    sendValidationEmail: endpoint<Partial<EmailOnlyRequest>, MessageResponse>().post(
      `${API_BASE}/auth/send-validation-email`,
    ),
    sendPasswordResetEmail: endpoint<EmailOnlyRequest, MessageResponse>().post(
      `${API_BASE}/auth/send-password-reset-email`,
    ),
    /** The token may come in the query string instead (`?token=`, the spec's other reading). */
    resetPassword: endpoint<ResetPasswordRequest, CustomerMessageResponse>().post(
      `${API_BASE}/auth/reset-password`,
    ),
    /**
     * Whether a reset link still works, without using it up: `{}`, or 422 with the text the
     * reset itself answers for a used, expired or unknown link.
     */
    checkResetLink: endpoint<ResetLinkCheckRequest, EmptyResponse>().post(
      `${API_BASE}/auth/reset-password/check`,
    ),
    verifyEmail: endpoint<VerifyEmailRequest, CustomerMessageResponse>().post(
      `${API_BASE}/auth/verify-email`,
    ),
    options: endpoint<undefined, AuthOptionsResponse>().get(`${API_BASE}/auth/options`),
    social: {
      /** A browser navigation (`?redirectTo=`): a redirect to the provider, not JSON. */
      start: endpoint().get(`${API_BASE}/auth/social/:provider`),
      /** Where the provider sends the browser back; redirects to the page it was going to. */
      callback: endpoint().get(`${API_BASE}/auth/social/:provider/callback`),
    },
  },
  customer: {
    /** The customer object of account-and-auth §3 and the environment's links; 401 signed out. */
    get: endpoint<undefined, CustomerResponse>().get(`${API_BASE}/customer`),
    /**
     * billing-teams-apps §7 "Billing info change" (path not shown: ours, decision billing-1):
     * `{ name, details }` trimmed, `include` computed by §5's rule; answers the stored info.
     */
    billingInfo: endpoint<BillingInfoRequest, BillingInfoResponse>().put(
      `${API_BASE}/customer/billing-info`,
    ),
  },
  account: {
    /** `{ name }` or `{ unsubscribed }` (§7); answers both, as they now stand. */
    changeAccountInfo: endpoint<ChangeAccountInfoRequest, ChangeAccountInfoResponse>().post(
      `${API_BASE}/account/change-account-info`,
    ),

    // E-mail change and devices (issue 16, package B).
    /** `{ message, newEmail }` when a change is pending, else `{}`. */
    emailChangeStatus: endpoint<undefined, EmailChangeStatus>().get(
      `${API_BASE}/account/change-email`,
    ),
    /** 403 with `errors.password` / `errors.email` beside `error` for a refusal (§8). */
    changeEmail: endpoint<ChangeEmailRequest, MessageResponse>().post(
      `${API_BASE}/account/change-email`,
    ),
    cancelEmailChange: endpoint<undefined, MessageResponse>().delete(
      `${API_BASE}/account/change-email`,
    ),
    /** Public: the mailed link's token; 422 for a used, expired or unknown one. */
    confirmEmailChange: endpoint<ConfirmEmailChangeRequest, MessageResponse>().post(
      `${API_BASE}/account/confirm-email-change`,
    ),
    /** Public: the address the link would confirm, without using it up; 422 like the confirm. */
    checkEmailChangeLink: endpoint<ConfirmEmailChangeRequest, EmailChangeLinkResponse>().post(
      `${API_BASE}/account/confirm-email-change/check`,
    ),
    /** 'Where you're signed in': the customer's live sessions. */
    sessions: endpoint<undefined, SessionsResponse>().get(`${API_BASE}/account/sessions`),
    /** Signs out every session of the customer but this one. */
    endOtherSessions: endpoint<undefined, EndedSessionsResponse>().delete(
      `${API_BASE}/account/sessions`,
    ),

    // Avatar (issue 16, package C).
    /** Multipart: the `image` file and the `payload` JSON field (§3); answers the stored avatar. */
    changeAvatar: endpoint<MultipartBody, Avatar>().post(`${API_BASE}/account/change-avatar`),
    /** Removes the customer's avatar and its files; 404 for anyone else's. */
    removeAvatar: endpoint<undefined, MessageResponse>().delete(
      `${API_BASE}/account/change-avatar/:id`,
    ),

    /** Who is signed in; 401 without a live session. */
    session: endpoint<undefined, SessionInfoResponse>().get(apiPaths.session),
    changePassword: endpoint<ChangePasswordRequest, MessageResponse>().post(
      `${API_BASE}/account/change-password`,
    ),
    /** 'Update later' of the strong-password screen. */
    postponePasswordUpdate: endpoint<undefined, MessageResponse>().delete(
      `${API_BASE}/account/change-password`,
    ),
    twoFactor: endpoint<TwoFactorSettingRequest, TwoFactorSettingResponse>().put(
      `${API_BASE}/account/two-factor`,
    ),
    /** Signs one of the customer's own sessions out; 204, or 404 for anyone else's. */
    endSession: endpoint().delete(`${API_BASE}/account/sessions/:id`),
  },
  /**
   * The project API (projects-dashboard §7). The spec names the `customer/projects` calls; the
   * others' paths are ours (decision 66). A project or folder of someone else answers 404.
   */
  projects: {
    /** Query: rows, page, titleSearchFilter, sort_by, label, team, sharedWithMe. */
    list: endpoint<undefined, ProjectListResponse>().get(`${API_BASE}/projects`),
    /** 422 with `limits.created` when the file slots or the storage are used up. */
    create: endpoint<CreateProjectRequest, CreatedProjectResponse>().post(`${API_BASE}/projects`),
    /** Multipart: the `file` field (svg, jpeg, png, gif, webp or json) and an optional `label`. */
    import: endpoint<MultipartBody, CreatedProjectResponse>().post(`${API_BASE}/projects/import`),
    get: endpoint<undefined, ProjectWithData>().get(`${API_BASE}/projects/:id`),
    update: endpoint<UpdateProjectRequest, Project>().put(`${API_BASE}/projects/:id`),
    /** The project file (`*.animata.json`) as a download; import reads it back. */
    export: endpoint().get(`${API_BASE}/projects/:id/export`),
    /** The static preview (SVG text), served as user content. */
    preview: endpoint().get(`${API_BASE}/projects/:id/preview`),
    /**
     * The project's document, its sanitised SVG with the animation, served as user content:
     * what the project page plays (an image without JavaScript, inline markup with it).
     */
    document: endpoint().get(`${API_BASE}/projects/:id/document`),
    /** Opening a demo: the customer's own changed copy (made once), to open instead. */
    openDemo: endpoint<undefined, OpenDemoResponse>().post(`${API_BASE}/projects/:id/open-demo`),
    /** Changed demos back to the original: their copies are removed. */
    resetDemos: endpoint<ProjectIdsRequest, ProjectIdsResponse>().post(
      `${API_BASE}/customer/projects/reset`,
    ),
    duplicate: endpoint<DuplicateProjectRequest, DuplicateProjectResponse>().post(
      `${API_BASE}/customer/projects/:id/duplicate`,
    ),
    /** Moves the projects to a folder, or to none (relabel). */
    move: endpoint<MoveProjectsRequest, ProjectIdsResponse>().put(`${API_BASE}/customer/projects`),
    deleteMany: endpoint<ProjectIdsRequest, ProjectIdsResponse>().delete(
      `${API_BASE}/customer/projects`,
    ),
    delete: endpoint<undefined, ProjectIdsResponse>().delete(`${API_BASE}/customer/projects/:id`),
    details: endpoint<undefined, ProjectDetails>().get(
      `${API_BASE}/customer/projects/:id/get-details`,
    ),
  },
  labels: {
    /**
     * The folder tree, the demo folder included (isDemo). Query `team`: the folders shared with
     * that team instead (issue 30; 404 for a team not the customer's).
     */
    list: endpoint<undefined, LabelsResponse>().get(`${API_BASE}/customer/labels`),
    create: endpoint<CreateLabelRequest, LabelResponse>().post(`${API_BASE}/customer/labels`),
    update: endpoint<UpdateLabelRequest, LabelResponse>().put(`${API_BASE}/customer/labels/:id`),
    /** Removes the folder and its sub-folders; their projects move to All projects. */
    delete: endpoint<undefined, DeletedLabelResponse>().delete(`${API_BASE}/customer/labels/:id`),
  },
  onboarding: {
    projects: endpoint<OnboardingRequest, OnboardingResponse>().post(
      `${API_BASE}/onboarding/projects`,
    ),
  },
  twoFactor: {
    email: endpoint<TwoFactorEmailRequest, TwoFactorTokenResponse>().post(
      `${API_BASE}/two-factor-auth/email`,
    ),
    code: endpoint<TwoFactorCodeRequest, TwoFactorTokenResponse>().post(
      `${API_BASE}/two-factor-auth/code`,
    ),
  },
  files: {
    /** An avatar's file (64, 512 or 150): public by its unguessable id, cached for good. */
    avatar: endpoint().get(`${API_BASE}/avatars/:id/:size`),
  },
  coupons: {
    site: endpoint<undefined, SiteCouponResponse>().get(`${API_BASE}/coupons/site`),
  },
  pricing: {
    /** Query: PricesQuery (a GET has no body). */
    prices: endpoint<undefined, PricesResponse>().get(`${API_BASE}/pricing/prices`),
    /** The gateways' browser keys; nulls when the sandbox gateways run. */
    paymentConfig: endpoint<undefined, PaymentConfigResponse>().get(
      `${API_BASE}/pricing/payment-config`,
    ),
  },
  /** The customer's invoices (billing-teams-apps §7); someone else's answers 404. */
  invoices: {
    /** Query: InvoicesQuery (from, to: YYYY-MM-DD, GMT, inclusive). Newest first. */
    list: endpoint<undefined, InvoicesResponse>().get(`${API_BASE}/customer/invoices`),
    /** The PDF, as an attachment named Invoice-{invoice_id}.pdf. */
    view: endpoint().get(`${API_BASE}/customer/invoices/:id/view`),
  },
  /** The card gateway (billing-teams-apps §7), Stripe or its sandbox. */
  stripe: {
    pay: endpoint<CardPayRequest, PayResponse>().post(`${API_BASE}/stripe/pay`),
    previewCost: endpoint<PreviewCostRequest, UpgradePreview>().post(
      `${API_BASE}/stripe/preview-cost`,
    ),
    upgradeSubscription: endpoint<UpgradeSubscriptionRequest, PayResponse>().post(
      `${API_BASE}/stripe/upgrade-subscription`,
    ),
    handle3ds: endpoint<Handle3dsRequest, PayResponse>().post(`${API_BASE}/stripe/handle3ds`),
    changeCard: endpoint<ChangeCardRequest, ChangeCardResponse>().post(
      `${API_BASE}/stripe/change-card`,
    ),
    removePaymentMethod: endpoint<undefined, EmptyResponse>().post(
      `${API_BASE}/stripe/remove-payment-method`,
    ),
    cancelSubscription: endpoint<CancelSubscriptionRequest, CancelSubscriptionResponse>().post(
      `${API_BASE}/stripe/cancel-subscription`,
    ),
    /** Ours (decision billing-6): undoes a cancel before the end date; answers the end date. */
    resumeSubscription: endpoint<undefined, CancelSubscriptionResponse>().post(
      `${API_BASE}/stripe/resume-subscription`,
    ),
    /** Stripe's signed events; raw body, no session. */
    webhook: endpoint().post(`${API_BASE}/stripe/webhook`),
    /** Sandbox only (404 once a Stripe key is set): the 3-D Secure challenge's answer. */
    sandboxConfirm: endpoint<SandboxConfirmRequest, SandboxConfirmResponse>().post(
      `${API_BASE}/stripe/sandbox/confirm`,
    ),
  },
  /** The wallet gateway (PayPal through Braintree, or its sandbox). */
  paypal: {
    pay: endpoint<WalletPayRequest, PayResponse>().post(`${API_BASE}/paypal/pay`),
    previewCost: endpoint<PreviewCostRequest, UpgradePreview>().post(
      `${API_BASE}/paypal/preview-cost`,
    ),
    upgradeSubscription: endpoint<UpgradeSubscriptionRequest, PayResponse>().post(
      `${API_BASE}/paypal/upgrade-subscription`,
    ),
    removePaymentMethod: endpoint<undefined, EmptyResponse>().post(
      `${API_BASE}/paypal/remove-payment-method`,
    ),
    cancelSubscription: endpoint<CancelSubscriptionRequest, CancelSubscriptionResponse>().post(
      `${API_BASE}/paypal/cancel-subscription`,
    ),
    /** Ours (decision billing-6): undoes a cancel before the end date; answers the end date. */
    resumeSubscription: endpoint<undefined, CancelSubscriptionResponse>().post(
      `${API_BASE}/paypal/resume-subscription`,
    ),
    /** Braintree's signed notifications (bt_signature, bt_payload), form-encoded. */
    webhook: endpoint().post(`${API_BASE}/paypal/webhook`),
  },
  tracking: {
    track: endpoint<TrackRequest, EmptyResponse>().post(`${API_BASE}/tracking/track`),
  },
  dev: {
    /** Development only: 404 in production. */
    outbox: endpoint<undefined, OutboxListResponse>().get(apiPaths.devOutbox),
    /** 204, no body. */
    clearOutbox: endpoint().delete(apiPaths.devOutbox),
  },
  health: {
    live: endpoint<undefined, HealthResponse>().get(apiPaths.health),
    /** 200 or 503 with the same body. */
    ready: endpoint<undefined, ReadinessResponse>().get(apiPaths.healthReady),
  },
  /**
   * Prometheus text format, outside /api like every scrape target; served on the metrics port
   * only (METRICS_PORT), the public port answers 404.
   */
  metrics: endpoint().get(apiPaths.metrics),
  /** Developer apps (billing-teams-apps §7): every call answers the whole list. */
  ownApps: {
    list: endpoint<undefined, OwnAppsResponse>().get(`${API_BASE}/account/own-apps`),
    /** 403 without the developer grant (decision 80). */
    create: endpoint<CreateOwnAppRequest, OwnAppsResponse>().post(`${API_BASE}/account/own-apps`),
    /** Admins only; a manager's or a stranger's app answers 404. */
    update: endpoint<UpdateOwnAppRequest, OwnAppsResponse>().put(
      `${API_BASE}/account/own-apps/:id`,
    ),
    delete: endpoint<undefined, OwnAppsResponse>().delete(`${API_BASE}/account/own-apps/:id`),
    /** Ours: a new secret, shown in full in this answer only; the old one works an hour more. */
    regenerateSecret: endpoint<undefined, OwnAppsResponse>().post(
      `${API_BASE}/account/own-apps/:id/secret`,
    ),
    addManager: endpoint<AddAppManagerRequest, OwnAppsResponse>().post(
      `${API_BASE}/account/own-apps-managers`,
    ),
    /** 422 'The last admin cannot be deleted' for an app's only admin. */
    removeManager: endpoint<undefined, OwnAppsResponse>().delete(
      `${API_BASE}/account/own-apps-managers/:id`,
    ),
  },
  /**
   * Teams (billing-teams-apps §7, projects-dashboard §7; issue 30). Someone else's team, member
   * or invite answers 404; a member asking for what only owners and administrators may do, 403.
   */
  teams: {
    /** Query: labels=true adds each team's folders. The customer's teams, in their order. */
    list: endpoint<undefined, TeamsResponse>().get(`${API_BASE}/teams`),
    get: endpoint<undefined, TeamResponse>().get(`${API_BASE}/teams/:id`),
    /** Rename (owner, administrators). */
    update: endpoint<UpdateTeamBody, TeamUpdateResponse>().put(`${API_BASE}/teams/:id`),
    /** The member customer ids in their order; administrators stay first. */
    sort: endpoint<SortTeamBody, TeamUpdateResponse>().put(`${API_BASE}/teams/sort/:id`),
    /** Query: teamId. */
    members: endpoint<undefined, TeamMembersResponse>().get(`${API_BASE}/teams/managers`),
    /** A membership id: removes a member, or leaves when it is one's own. */
    removeMember: endpoint<undefined, TeamSuccessResponse>().delete(
      `${API_BASE}/teams/managers/:id`,
    ),
    /** `{ id }`: only when the team's plan expired (owner). */
    delete: endpoint<DeleteTeamBody, TeamSuccessResponse>().delete(`${API_BASE}/teams`),
    /** Extra seats 0–7 through the gateway that holds the plan (owner). Ours: path not shown. */
    slots: endpoint<TeamSlotsBody, TeamUpdateResponse>().put(`${API_BASE}/teams/:id/slots`),
    /** What a seat change would cost now (owner). */
    slotsPreview: endpoint<TeamSlotsBody, SlotsPreview>().post(
      `${API_BASE}/teams/:id/slots/preview`,
    ),
    /** Owner and administrators: joined, left, removed, seats, ownership… newest first. */
    activity: endpoint<undefined, TeamActivityResponse>().get(`${API_BASE}/teams/:id/activity`),
    /** Owner: ask to move ownership to an administrator; both confirm by e-mail link. */
    transferOwnership: endpoint<TransferOwnershipBody, TransferOwnershipResponse>().post(
      `${API_BASE}/teams/:id/transfer-ownership`,
    ),
    /** Signed in as the owner or the administrator the link was mailed to. */
    confirmTransfer: endpoint<undefined, ConfirmTransferResponse>().post(
      `${API_BASE}/teams/transfer/:token`,
    ),
  },
  invites: {
    /** `{ recipientEmail, grantAccess }` (owner, administrators). */
    team: endpoint<TeamInviteBody, TeamInviteResponse>().post(`${API_BASE}/invite/team/:id`),
    /**
     * `{ recipientEmail, grantAccess }` (the owner, with pro access; issue 31): every address
     * gets a mailed invite that waits as Pending until its recipient accepts it.
     */
    project: endpoint<ShareInviteBody, SharingInviteResponse>().post(
      `${API_BASE}/invite/project/:id`,
    ),
    label: endpoint<ShareInviteBody, SharingInviteResponse>().post(`${API_BASE}/invite/label/:id`),
    /**
     * Revokes an invite: a team's (owner, administrators of its team) or a share invite's (the
     * shared item's owner; 'Invite was removed').
     */
    delete: endpoint<undefined, TeamSuccessResponse>().delete(`${API_BASE}/invite/:id`),
    /**
     * The recipient's answer: `{ action: 'confirm' | 'refuse' }`, to a team invite or a share
     * invite (confirm makes the grant).
     */
    answer: endpoint<InviteAnswerBody, InviteAnswerResponse>().put(`${API_BASE}/invite/:id`),
    /** Public: what the invite link page shows (team or share invite); 404 for an unknown or used link. */
    link: endpoint<undefined, InviteLinkInfo>().get(`${API_BASE}/invite/link/:token`),
    /**
     * Signed in: answer through the link (a team invite: any signed-in customer holding it,
     * decisions-teams; a share invite: only the recipient address, else 403).
     */
    answerLink: endpoint<InviteAnswerBody, InviteAnswerResponse>().post(
      `${API_BASE}/invite/link/:token`,
    ),
  },
  /**
   * Sharing (projects-dashboard §7 'Sharing and invites'; issue 31). Someone else's project or
   * folder, or one the actor may not see, answers 404; a viewer asking to manage, 403.
   */
  sharing: {
    /** owner, customers, invites, teams, inherited, access (and our publicLink). */
    project: endpoint<undefined, SharingResponse>().get(`${API_BASE}/sharing/project/:id`),
    label: endpoint<undefined, SharingResponse>().get(`${API_BASE}/sharing/label/:id`),
    /** `{ access }` of one customer's grant (its shareId). */
    projectCustomer: endpoint<UpdateShareAccessBody, SharingSuccessResponse>().put(
      `${API_BASE}/sharing/project-customer/:id`,
    ),
    labelCustomer: endpoint<UpdateShareAccessBody, SharingSuccessResponse>().put(
      `${API_BASE}/sharing/label-customer/:id`,
    ),
    /** `{ type: 'customer', customer }` or `{ type: 'team', team }`. */
    removeProject: endpoint<RemoveShareBody, SharingSuccessResponse>().delete(
      `${API_BASE}/sharing/project/:id`,
    ),
    removeLabel: endpoint<RemoveShareBody, SharingSuccessResponse>().delete(
      `${API_BASE}/sharing/label/:id`,
    ),
    /** Team sharing update `{ team, grantAccess }` (§7: entity path not shown; ours). */
    teamProject: endpoint<TeamShareBody, SharingSuccessResponse>().put(
      `${API_BASE}/sharing/project/:id/team`,
    ),
    teamLabel: endpoint<TeamShareBody, SharingSuccessResponse>().put(
      `${API_BASE}/sharing/label/:id/team`,
    ),
    /** `{ ids, teamId }`: drop one's own access, or remove from a team's projects. */
    removeProjects: endpoint<RemoveSharedBody, SharingRemoveResponse>().post(
      `${API_BASE}/sharing/remove-projects`,
    ),
    removeLabels: endpoint<RemoveSharedBody, SharingRemoveResponse>().post(
      `${API_BASE}/sharing/remove-labels`,
    ),
    /** Ours: the public link's state with an expiry and a password (the owner, pro access). */
    publicLink: endpoint<PublicLinkBody, PublicLinkResponse>().put(
      `${API_BASE}/sharing/project/:id/public-link`,
    ),
  },
  /**
   * A public project, for anyone holding its link (signed in or not; issue 31). 404 while private,
   * after the expiry, or for a made-up id; 403 `passwordRequired` until unlocked.
   */
  publicProjects: {
    get: endpoint<undefined, PublicProjectInfo>().get(`${API_BASE}/public/projects/:id`),
    /** The sanitised SVG document, served as user content, never indexed. */
    document: endpoint().get(`${API_BASE}/public/projects/:id/document`),
    /** `{ password }`: sets a short-lived unlock cookie for this project. */
    unlock: endpoint<PublicUnlockBody, PublicProjectInfo>().post(
      `${API_BASE}/public/projects/:id/unlock`,
    ),
  },
  /**
   * Renders (projects-dashboard §7 'Renders', issue 32). The spec names the `customer/video(s)`
   * and `video/set-priotity` calls (its spelling); the list, create, options and the video
   * handler's paths are ours. Someone else's render answers 404.
   */
  renders: {
    /** Query: jobStatus (`done`, or a comma list of active statuses), rows, page, titleSearchFilter, sort_by (all six). */
    list: endpoint<undefined, RenderListResponse>().get(`${API_BASE}/customer/videos`),
    /** Starts a render of a project the caller may read; 422 at the plan's limits or caps. */
    create: endpoint<CreateRenderRequest, CreateRenderResponse>().post(
      `${API_BASE}/customer/videos`,
    ),
    /** What the Export dialog offers for a project: caps, defaults and limits. */
    options: endpoint<undefined, RenderOptionsResponse>().get(
      `${API_BASE}/customer/videos/options/:id`,
    ),
    details: endpoint<undefined, RenderExport>().get(`${API_BASE}/customer/video/:id/get-details`),
    deleteMany: endpoint<RenderIdsRequest, RenderIdsResponse>().delete(
      `${API_BASE}/customer/video`,
    ),
    delete: endpoint<undefined, RenderIdsResponse>().delete(`${API_BASE}/customer/videos/:id`),
    setPriority: endpoint<RenderPriorityRequest, RenderExport>().post(
      `${API_BASE}/video/set-priotity/:id`,
    ),
    /** The file inline (Range requests), for the preview player. */
    preview: endpoint().get(`${API_BASE}/video/:id/preview`),
    /** The file as an attachment (Range requests). */
    download: endpoint().get(`${API_BASE}/video/:id/download`),
    /** A signed URL that plays the file for anyone holding it until it expires. */
    share: endpoint<undefined, RenderShareResponse>().post(`${API_BASE}/video/:id/share`),
    /** Public: the file behind a share URL (query `expires`, `signature`); 404 once expired. */
    shared: endpoint().get(`${API_BASE}/video/shared/:id`),
    /** Stops a pending or running render; answers the limits it gave back. */
    abort: endpoint<undefined, RenderAbortResponse>().post(`${API_BASE}/video/:id/abort`),
  },
  /** The apps the customer authorized (billing-teams-apps §7). */
  otherApps: {
    list: endpoint<undefined, OtherAppsResponse>().get(`${API_BASE}/account/other-apps`),
    /** Revokes at once: the app's tokens answer 401 from the next call on. */
    revoke: endpoint<undefined, OtherAppsResponse>().delete(`${API_BASE}/account/other-apps/:id`),
  },
  appAuth: {
    /**
     * The page's auth info (§3); signed out too. 404 for an unknown or deleted app. Query:
     * AppAuthInfoQuery (a GET has no body).
     */
    info: endpoint<undefined, AppAuthInfo>().get(apiPaths.appAuthInfo),
    /** Signed in. 404 unknown app; 422 for an unregistered redirect URI or no popup origin. */
    authorize: endpoint<AppAuthorizeRequest, AppAuthorizeResponse>().post(apiPaths.appAuthorize),
    /** The app's server: code or refresh token for tokens (RFC 6749); errors in §5.2's shape. */
    token: endpoint<AppTokenRequest, AppTokenResponse>().post(apiPaths.appToken),
    /** Public: RFC 8414 authorization server metadata, URLs made absolute from the public URL. */
    metadata: endpoint<undefined, AuthorizationServerMetadata>().get(apiPaths.oauthMetadata),
  },
  /** The read API for authorized apps: `Authorization: Bearer <access_token>`, 401 otherwise. */
  apiV1: {
    me: endpoint<undefined, ApiV1Me>().get(`${apiPaths.apiV1}/me`),
    /** Query: limit (1 to 100, 20), cursor. */
    projects: endpoint<undefined, ApiV1ProjectList>().get(`${apiPaths.apiV1}/projects`),
    /** The OpenAPI 3.1 description of /api/v1 and the token endpoint. */
    openapi: endpoint().get(`${apiPaths.apiV1}/openapi.json`),
  },
} as const;
