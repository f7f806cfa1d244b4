/** Stable error codes of the dashboard; each is documented in docs/reference/errors/dashboard.md. */
export const dashboardCodes = {
  DASHBOARD_CSRF_INVALID: 'A form was posted without the session’s CSRF token (expired page or a cross-site request).',
  DASHBOARD_SIGNIN_FAILED: 'The email or password did not match an account.',
  DASHBOARD_SIGNIN_THROTTLED: 'Too many failed sign-ins for one email in 15 minutes.',
  DASHBOARD_SETUP_INVALID: 'The one-time setup link is unknown, used or expired, or an owner already exists.',
  DASHBOARD_OWNER_ENV_INVALID: 'FOLIO_OWNER_EMAIL / FOLIO_OWNER_PASSWORD are set but unusable (one missing, or the password too short).',
  DASHBOARD_FORM_INVALID: 'A form field is missing or malformed; the page names the field.',
  DASHBOARD_NOT_FOUND: 'The project, job or update does not exist.',
  DASHBOARD_INTERNAL: 'An unexpected error while rendering a dashboard page; the server log has the details.',
  DASHBOARD_OWNER_ONLY: 'Only owners may do this (members, API keys, project settings, automations, new projects).',
  DASHBOARD_EDIT_RIGHTS_MISSING: 'The signed-in member has no edit rights on this project (a viewer, or an editor not granted it).',
  DASHBOARD_LAST_OWNER: 'Removing or demoting the last owner is refused: the dashboard would have nobody to manage it.',
  DASHBOARD_MEMBER_EXISTS: 'A member with this email already exists.',
  DASHBOARD_INVITE_INVALID: 'The invitation or password link is unknown, already used, replaced by a newer one or expired.',
  DASHBOARD_ACTION_REFUSED: 'The API refused the action (rate limit, archived job); the page shows its reason.',
  DASHBOARD_SIGNIN_BUSY: 'More sign-ins are being checked at once than the server takes (a flood of wrong passwords); try again in a few seconds.',
  DASHBOARD_REQUEST_INVALID: 'The address holds a control character (NUL, CR, LF...) in its path or query, which no dashboard page has.',
  DASHBOARD_SUGGESTION_DECIDED: 'The suggestion was accepted or dismissed already (by another member, or in another tab), so it cannot be accepted or dismissed again.',
  DASHBOARD_REPOSITORY_WORKING_COPY: 'The repository is a local working copy (files checked out): git refuses pushes to its checked-out branch, so the editor could not publish; use a bare clone.',
} as const;

export type DashboardCode = keyof typeof dashboardCodes;
