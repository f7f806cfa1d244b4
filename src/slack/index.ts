export * from './codes.js';
export { createSlackApp, type SlackApp, type SlackAppOptions } from './slack-app.js';
export { MAX_SLACK_BODY_BYTES } from './events-routes.js';
export { citationLines, markdownToSlack, slackLink } from './format.js';
export { intentOf, type SlackIntent } from './intent.js';
export { jobOutcomeText } from './job-reports.js';
export { SlackSettingsService, type SlackSettingsForm, type SlackSettingsView } from './settings-service.js';
export { SLACK_TOLERANCE_SECONDS, slackSignature, verifySlackRequest } from './verify.js';
export { DEFAULT_SLACK_API_URL, SlackWebApi, slackApiUrlFromEnv } from './web-api.js';
