/** `/team/{team}/{folder}`: a team's folder, the same page as the team's projects (§2). */
export {
  default,
  loader,
  action,
  ErrorBoundary,
  shouldRevalidate,
  clientAction,
  meta,
  links,
} from './_dashboard.team.$team.js';
